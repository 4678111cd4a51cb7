package org.rapgen.hdl.ir;

/** A read of a declared signal. */
public final class Ref extends Expr {
    public final Signal signal;

    public Ref(Signal signal) {
        this.signal = signal;
    }

    @Override
    public int width() {
        return signal.width();
    }

    @Override
    public boolean signed() {
        return signal.signed;
    }
}
