package org.rapgen.hdl.ir;

import java.util.List;
import org.rapgen.hdl.SourceLoc;

/**
 * A named formal property (Chisel's {@code assert}, {@code assume} and {@code cover} under a formal flow): checked by
 * a model checker, never by simulation or synthesis. It applies outside reset on cycles where its when-path holds.
 */
public final class FormalProperty {
    public enum Kind {
        /** Must hold on every reachable cycle. */
        ASSERT,
        /** Restricts the cycles the checker considers (an environment's promise, e.g. about inputs). */
        ASSUME,
        /** Must be reachable: a trace exists where it holds. */
        COVER
    }

    public final Kind kind;
    /** The label, unique in the module: it names the property in the Verilog and in the checker's report. */
    public final String label;

    public final Expr cond;
    public final SourceLoc loc;
    /** Filled by lowering: the when-path the property sits on. */
    public List<Memory.Guard> guards = List.of();

    public FormalProperty(Kind kind, String label, Expr cond, SourceLoc loc) {
        this.kind = kind;
        this.label = label;
        this.cond = cond;
        this.loc = loc;
    }
}
