package org.rapgen.hdl;

import java.util.List;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.OpKind;

/** Unsigned integer. Result widths follow Chisel: {@code add} keeps max(wa, wb), {@code addExpand} adds a carry bit. */
public class UInt extends Bits {
    public UInt(int width) {
        super(width);
    }

    static UInt wrap(Expr e) {
        UInt u = new UInt(-1);
        u.expr = e;
        return u;
    }

    @Override
    public boolean isSigned() {
        return false;
    }

    @Override
    Bits ofWidth(int width) {
        return new UInt(width);
    }

    private UInt binary(OpKind kind, UInt b) {
        return wrap(binaryOp(kind, b));
    }

    private Bool compare(OpKind kind, UInt b) {
        return compareOp(kind, b);
    }

    /** Chisel {@code +%}: wraps, width max(wa, wb). */
    public UInt add(UInt b) {
        return binary(OpKind.ADD, b);
    }

    public UInt add(long b) {
        return add(Hdl.U(b));
    }
    /** Chisel {@code +&}: width max(wa, wb) + 1, never overflows. */
    public UInt addExpand(UInt b) {
        return binary(OpKind.ADD_EXPAND, b);
    }
    /** Chisel {@code -%}: wraps, width max(wa, wb). */
    public UInt sub(UInt b) {
        return binary(OpKind.SUB, b);
    }

    public UInt sub(long b) {
        return sub(Hdl.U(b));
    }

    public UInt subExpand(UInt b) {
        return binary(OpKind.SUB_EXPAND, b);
    }
    /** Width wa + wb. */
    public UInt mul(UInt b) {
        return binary(OpKind.MUL, b);
    }

    public UInt and(UInt b) {
        return binary(OpKind.AND, b);
    }

    public UInt or(UInt b) {
        return binary(OpKind.OR, b);
    }

    public UInt xor(UInt b) {
        return binary(OpKind.XOR, b);
    }

    public UInt not() {
        return wrap(op(OpKind.NOT, List.of(read())));
    }

    public Bool eq(UInt b) {
        return compare(OpKind.EQ, b);
    }

    public Bool eq(long b) {
        return eq(Hdl.U(b));
    }

    public Bool ne(UInt b) {
        return compare(OpKind.NE, b);
    }

    public Bool ne(long b) {
        return ne(Hdl.U(b));
    }

    public Bool lt(UInt b) {
        return compare(OpKind.LT, b);
    }

    public Bool lt(long b) {
        return lt(Hdl.U(b));
    }

    public Bool le(UInt b) {
        return compare(OpKind.LE, b);
    }

    public Bool le(long b) {
        return le(Hdl.U(b));
    }

    public Bool gt(UInt b) {
        return compare(OpKind.GT, b);
    }

    public Bool gt(long b) {
        return gt(Hdl.U(b));
    }

    public Bool ge(UInt b) {
        return compare(OpKind.GE, b);
    }

    public Bool ge(long b) {
        return ge(Hdl.U(b));
    }

    /** Static shift left: width grows by n. */
    public UInt shl(int n) {
        if (n < 0) throw new HdlException(SourceLoc.capture(), "negative shift " + n);
        return wrap(op(OpKind.SHL, List.of(read()), n));
    }

    /** Static shift right: width shrinks by n (at least 1 bit remains). */
    public UInt shr(int n) {
        if (n < 0) throw new HdlException(SourceLoc.capture(), "negative shift " + n);
        return wrap(op(OpKind.SHR, List.of(read()), n));
    }

    /** Dynamic shift left: width grows by 2^wb - 1. */
    public UInt shl(UInt amount) {
        return wrap(op(OpKind.DSHL, List.of(read(), amount.read())));
    }
    /** Dynamic logical shift right: width unchanged. */
    public UInt shr(UInt amount) {
        return wrap(op(OpKind.DSHR, List.of(read(), amount.read())));
    }

    /** Zero-extends to at least {@code n} bits. */
    public UInt pad(int n) {
        return wrap(op(OpKind.PAD, List.of(read()), n));
    }

    /** The top {@code n} bits. */
    public UInt head(int n) {
        return bits(getWidth() - 1, getWidth() - n);
    }
    /** Drops the top {@code n} bits. */
    public UInt tail(int n) {
        return bits(getWidth() - n - 1, 0);
    }
}
