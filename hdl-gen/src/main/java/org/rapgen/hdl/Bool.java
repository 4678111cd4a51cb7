package org.rapgen.hdl;

import java.util.List;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.OpKind;

/** A 1-bit unsigned value with logical operators. */
public class Bool extends UInt {
    public Bool() {
        super(1);
    }

    static Bool wrap(Expr e) {
        Bool b = new Bool();
        b.expr = e;
        return b;
    }

    @Override
    Bits ofWidth(int width) {
        return new Bool();
    }

    public Bool and(Bool b) {
        return wrap(op(OpKind.AND, List.of(read(), b.read())));
    }

    public Bool or(Bool b) {
        return wrap(op(OpKind.OR, List.of(read(), b.read())));
    }

    public Bool xor(Bool b) {
        return wrap(op(OpKind.XOR, List.of(read(), b.read())));
    }

    @Override
    public Bool not() {
        return wrap(op(OpKind.NOT, List.of(read())));
    }
}
