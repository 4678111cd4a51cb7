package org.rapgen.hdl.emit;

import java.math.BigInteger;
import java.util.Map;
import org.rapgen.hdl.ir.CondMux;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.Lit;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Ref;

/**
 * Spells IR expressions in Verilog with every operand extended to the exact result width, so Verilog's
 * context-dependent widths can never change a value and {@code verilator -Wall} has nothing to report.
 */
final class ExprPrinter {
    private final Map<Op, String> temps;

    ExprPrinter(Map<Op, String> temps) {
        this.temps = temps;
    }

    /** A name or literal standing for {@code e}; CondMux trees become nested ternaries. */
    String atom(Expr e) {
        if (e instanceof Ref r) return r.signal.name();
        if (e instanceof Lit l) return VerilogText.literal(l.bits(), l.width());
        if (e instanceof CondMux m) return "(" + atom(m.cond) + " ? " + atom(m.whenTrue) + " : " + atom(m.whenFalse) + ")";
        Op op = (Op) e;
        return switch (op.kind) {
            case AS_UINT, AS_SINT -> atom(op.args.get(0));
            case PAD -> ext(op.args.get(0), op.width());
            default -> temps.get(op);
        };
    }

    /** {@code e} extended to {@code width} bits according to its signedness. */
    String ext(Expr e, int width) {
        if (e instanceof Lit l) return VerilogText.literal(l.value, width); // negative values wrap at the new width
        return VerilogText.extend(atom(e), e.width(), width, e.signed());
    }

    /** The right-hand side defining a temporary for {@code op}. */
    String define(Op op) {
        var a = op.args;
        int w = op.width();
        return switch (op.kind) {
            case ADD, ADD_EXPAND -> ext(a.get(0), w) + " + " + ext(a.get(1), w);
            case SUB, SUB_EXPAND -> ext(a.get(0), w) + " - " + ext(a.get(1), w);
            case MUL -> ext(a.get(0), w) + " * " + ext(a.get(1), w);
            case AND -> ext(a.get(0), w) + " & " + ext(a.get(1), w);
            case OR -> ext(a.get(0), w) + " | " + ext(a.get(1), w);
            case XOR -> ext(a.get(0), w) + " ^ " + ext(a.get(1), w);
            case NOT -> "~" + atom(a.get(0));
            case EQ, NE, LT, LE, GT, GE -> compare(op);
            case AND_R -> "&" + atom(a.get(0));
            case OR_R -> "|" + atom(a.get(0));
            case XOR_R -> "^" + atom(a.get(0));
            case SHL -> op.consts[0] == 0 ? atom(a.get(0)) : "{" + atom(a.get(0)) + ", " + op.consts[0] + "'b0}";
            case SHR -> shr(op);
            case DSHL -> ext(a.get(0), w) + " << " + atom(a.get(1));
            case DSHR -> op.signed() ? "$signed(" + atom(a.get(0)) + ") >>> " + atom(a.get(1)) : atom(a.get(0)) + " >> " + atom(a.get(1));
            case MUX -> atom(a.get(0)) + " ? " + ext(a.get(1), w) + " : " + ext(a.get(2), w);
            case CAT -> "{" + String.join(", ", a.stream().map(this::atom).toList()) + "}";
            case FILL -> "{" + op.consts[0] + "{" + atom(a.get(0)) + "}}";
            case BITS -> slice(a.get(0), op.consts[0], op.consts[1]);
            case DYN_INDEX -> dynIndex(op);
            case MEM_READ -> op.memory.name() + "[" + ext(a.get(0), op.memory.addrWidth()) + "]";
            case PAD, AS_UINT, AS_SINT -> atom(op);
        };
    }

    private String compare(Op op) {
        Expr x = op.args.get(0);
        Expr y = op.args.get(1);
        int w = Math.max(x.width(), y.width());
        String sym = switch (op.kind) {
            case EQ -> "==";
            case NE -> "!=";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
            default -> ">=";
        };
        boolean ordered = op.kind != org.rapgen.hdl.ir.OpKind.EQ && op.kind != org.rapgen.hdl.ir.OpKind.NE;
        if (x.signed() && ordered) return "$signed(" + ext(x, w) + ") " + sym + " $signed(" + ext(y, w) + ")";
        return ext(x, w) + " " + sym + " " + ext(y, w);
    }

    private String shr(Op op) {
        Expr x = op.args.get(0);
        int n = op.consts[0];
        int wx = x.width();
        if (n == 0) return atom(x);
        if (n >= wx) return x.signed() ? slice(x, wx - 1, wx - 1) : "1'b0";
        return slice(x, wx - 1, n);
    }

    String slice(Expr x, int hi, int lo) {
        if (x instanceof Lit l) {
            BigInteger v = l.bits().shiftRight(lo).and(BigInteger.ONE.shiftLeft(hi - lo + 1).subtract(BigInteger.ONE));
            return VerilogText.literal(v, hi - lo + 1);
        }
        String name = atom(x);
        if (lo == 0 && hi == x.width() - 1) return name;
        return hi == lo ? name + "[" + hi + "]" : name + "[" + hi + ":" + lo + "]";
    }

    private String dynIndex(Op op) {
        Expr idx = op.args.get(0);
        int n = op.args.size() - 1;
        int w = op.width();
        int reachable = idx.width() >= 31 ? n : Math.min(n, 1 << idx.width());
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < reachable - 1; i++) {
            sb.append(atom(idx)).append(" == ").append(VerilogText.literal(BigInteger.valueOf(i), idx.width()))
              .append(" ? ").append(ext(op.args.get(i + 1), w)).append(" : ");
        }
        return sb.append(ext(op.args.get(reachable), w)).toString();
    }
}
