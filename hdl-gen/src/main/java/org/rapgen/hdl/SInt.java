package org.rapgen.hdl;

import java.util.List;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.OpKind;

/** Two's-complement signed integer; operands are sign-extended, {@code shr} is arithmetic. */
public class SInt extends Bits {
    public SInt(int width) {
        super(width);
    }

    static SInt wrap(Expr e) {
        SInt s = new SInt(-1);
        s.expr = e;
        return s;
    }

    @Override
    public boolean isSigned() {
        return true;
    }

    @Override
    Bits ofWidth(int width) {
        return new SInt(width);
    }

    private SInt binary(OpKind kind, SInt b) {
        return wrap(binaryOp(kind, b));
    }

    private Bool compare(OpKind kind, SInt b) {
        return compareOp(kind, b);
    }

    public SInt add(SInt b) {
        return binary(OpKind.ADD, b);
    }

    public SInt addExpand(SInt b) {
        return binary(OpKind.ADD_EXPAND, b);
    }

    public SInt sub(SInt b) {
        return binary(OpKind.SUB, b);
    }

    public SInt subExpand(SInt b) {
        return binary(OpKind.SUB_EXPAND, b);
    }

    public SInt mul(SInt b) {
        return binary(OpKind.MUL, b);
    }

    public SInt and(SInt b) {
        return binary(OpKind.AND, b);
    }

    public SInt or(SInt b) {
        return binary(OpKind.OR, b);
    }

    public SInt xor(SInt b) {
        return binary(OpKind.XOR, b);
    }

    public Bool eq(SInt b) {
        return compare(OpKind.EQ, b);
    }

    public Bool ne(SInt b) {
        return compare(OpKind.NE, b);
    }

    public Bool lt(SInt b) {
        return compare(OpKind.LT, b);
    }

    public Bool le(SInt b) {
        return compare(OpKind.LE, b);
    }

    public Bool gt(SInt b) {
        return compare(OpKind.GT, b);
    }

    public Bool ge(SInt b) {
        return compare(OpKind.GE, b);
    }

    public SInt shl(int n) {
        return wrap(op(OpKind.SHL, List.of(read()), n));
    }
    /** Arithmetic shift right by a constant: keeps the sign, width shrinks by n. */
    public SInt shr(int n) {
        return wrap(op(OpKind.SHR, List.of(read()), n));
    }
    /** Arithmetic dynamic shift right; width unchanged. */
    public SInt shr(UInt amount) {
        return wrap(op(OpKind.DSHR, List.of(read(), amount.read())));
    }
    /** Sign-extends to at least {@code n} bits. */
    public SInt pad(int n) {
        return wrap(op(OpKind.PAD, List.of(read()), n));
    }
}
