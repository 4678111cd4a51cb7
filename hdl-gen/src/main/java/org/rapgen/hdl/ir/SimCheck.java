package org.rapgen.hdl.ir;

import java.util.List;
import org.rapgen.hdl.SourceLoc;

/**
 * A simulation-only check, evaluated at the rising clock edge outside reset on cycles where its when-path holds
 * (Chisel's {@code assert} and {@code stop}). Synthesis never sees it.
 */
public final class SimCheck {
    public enum Kind {
        /** Fires when {@code cond} is false: prints {@code format} with {@code args} and the location, then stops. */
        ASSERT,
        /** Fires when {@code cond} is true: ends the simulation ({@code $finish}). */
        FINISH
    }

    public final Kind kind;
    public final Expr cond;
    /** A Verilog {@code $display} format (already validated against {@code args}); null for FINISH. */
    public final String format;

    public final List<Expr> args;
    public final SourceLoc loc;
    /** Filled by lowering: the when-path the check sits on. */
    public List<Memory.Guard> guards = List.of();

    public SimCheck(Kind kind, Expr cond, String format, List<Expr> args, SourceLoc loc) {
        this.kind = kind;
        this.cond = cond;
        this.format = format;
        this.args = List.copyOf(args);
        this.loc = loc;
    }
}
