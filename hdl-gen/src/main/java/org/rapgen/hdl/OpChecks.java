package org.rapgen.hdl;

import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.OpKind;

/** Width rules checked once an operation's operand widths are known. */
final class OpChecks {
    private OpChecks() {}

    static void check(Op op) {
        var a = op.args;
        switch (op.kind) {
            case MUX -> {
                if (a.get(0).width() != 1)
                    throw new HdlException(
                            op.loc,
                            "Mux condition must be 1 bit, got " + a.get(0).width());
            }
            case DSHL -> {
                if (a.get(1).width() > 16)
                    throw new HdlException(
                            op.loc,
                            "dynamic shift-left amount is " + a.get(1).width()
                                    + " bits; at most 16 are allowed (the result would be too wide)");
            }
            case FILL -> {
                if (op.consts[0] < 1) throw new HdlException(op.loc, "Fill count must be >= 1, got " + op.consts[0]);
            }
            case MEM_READ -> {
                if (a.get(0).width() > op.memory.addrWidth()) {
                    throw new HdlException(
                            op.loc,
                            "address is " + a.get(0).width() + " bits but memory " + op.memory.name() + " of depth "
                                    + op.memory.depth + " takes " + op.memory.addrWidth());
                }
            }
            default -> {}
        }
        if (op.width() > OpKind.MAX_WIDTH)
            throw new HdlException(op.loc, op.kind + " result would be " + op.width() + " bits wide");
    }
}
