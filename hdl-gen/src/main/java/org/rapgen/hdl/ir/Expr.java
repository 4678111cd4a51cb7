package org.rapgen.hdl.ir;

/** An IR expression. Widths are computed on demand because unspecified widths are inferred late. */
public abstract sealed class Expr permits Ref, Lit, Op, CondMux, Uninit {
    public abstract int width();

    public abstract boolean signed();
}
