package org.rapgen.hdl.ir;

/** A mux produced by lowering when-blocks (last-connect semantics); rendered inline as a ternary. */
public final class CondMux extends Expr {
    public final Expr cond;
    public final Expr whenTrue;
    public final Expr whenFalse;

    public CondMux(Expr cond, Expr whenTrue, Expr whenFalse) {
        this.cond = cond;
        this.whenTrue = whenTrue;
        this.whenFalse = whenFalse;
    }

    @Override
    public int width() {
        return Math.max(whenTrue.width(), whenFalse.width());
    }

    @Override
    public boolean signed() {
        return whenTrue.signed();
    }
}
