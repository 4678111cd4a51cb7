package org.rapgen.hdl.ir;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.SourceLoc;

/** Statements of a module body, in program order; when-blocks nest. */
public sealed interface Stmt {
    SourceLoc loc();

    /** {@code sink := src}; later connects win (last-connect semantics). */
    record Connect(Signal sink, Expr src, SourceLoc loc) implements Stmt {}

    /**
     * {@code inSwitch} is null for a plain when. The arms of one {@code switch} share a token: their conditions are
     * mutually exclusive, so lowering may mux each sink over only the arms that drive it.
     */
    record When(Expr cond, List<Stmt> then, List<Stmt> otherwise, SourceLoc loc, SwitchToken inSwitch) implements Stmt {
        public When(Expr cond, SourceLoc loc, SwitchToken inSwitch) {
            this(cond, new ArrayList<>(), new ArrayList<>(), loc, inSwitch);
        }
    }

    /** Identifies the arms of one {@code switch} (identity only). */
    final class SwitchToken {}

    /** A memory write port, enabled by the conjunction of the enclosing when-conditions. */
    record MemWrite(Memory memory, Expr addr, Expr data, SourceLoc loc) implements Stmt {}

    /** Enables a synchronous read port on the current when-path (and {@code enable}). */
    record ReadEnable(Memory.ReadPort port, Expr enable, SourceLoc loc) implements Stmt {}

    /** Places a simulation-only check on the current when-path. */
    record Check(SimCheck check) implements Stmt {
        @Override
        public SourceLoc loc() {
            return check.loc;
        }
    }

    /** Places a formal property on the current when-path. */
    record Property(FormalProperty property) implements Stmt {
        @Override
        public SourceLoc loc() {
            return property.loc;
        }
    }
}
