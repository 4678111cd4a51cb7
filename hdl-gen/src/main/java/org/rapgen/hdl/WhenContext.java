package org.rapgen.hdl;

import org.rapgen.hdl.ir.Stmt;

/** The result of {@code when(...)}: chain {@code elsewhen} and {@code otherwise} onto it. */
public final class WhenContext {
    private final Stmt.When when;

    WhenContext(Stmt.When when) {
        this.when = when;
    }

    static WhenContext open(Bool cond, Runnable body) {
        return open(cond, body, null);
    }

    static WhenContext open(Bool cond, Runnable body, Stmt.SwitchToken inSwitch) {
        ModuleContext ctx = Builder.current();
        Stmt.When w = new Stmt.When(cond.read(), SourceLoc.capture(), inSwitch);
        ctx.add(w);
        ctx.inBlock(w.then(), body);
        return new WhenContext(w);
    }

    public WhenContext elsewhen(Bool cond, Runnable body) {
        return elsewhen(cond, body, null);
    }

    WhenContext elsewhen(Bool cond, Runnable body, Stmt.SwitchToken inSwitch) {
        ModuleContext ctx = Builder.current();
        checkChained();
        Stmt.When[] inner = new Stmt.When[1];
        ctx.inBlock(when.otherwise(), () -> inner[0] = open(cond, body, inSwitch).when);
        return new WhenContext(inner[0]);
    }

    public void otherwise(Runnable body) {
        ModuleContext ctx = Builder.current();
        checkChained();
        ctx.inBlock(when.otherwise(), body);
    }

    private void checkChained() {
        if (!when.otherwise().isEmpty())
            throw new HdlException(SourceLoc.capture(), "this when already has an otherwise branch");
    }
}
