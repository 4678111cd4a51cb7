package org.rapgen.hdl.ir;

/** Marks a path on which a sink was never connected; any left after lowering is an elaboration error. */
public final class Uninit extends Expr {
    public static final Uninit INSTANCE = new Uninit();

    private Uninit() {}

    @Override
    public int width() {
        return 0;
    }

    @Override
    public boolean signed() {
        return false;
    }
}
