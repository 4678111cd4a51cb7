package org.rapgen.hdl.passes;

import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.Signal;

/** The connect width rule: a narrower source is extended (zero or sign), a wider one is an error, never truncated. */
public final class Widths {
    private Widths() {}

    public static void checkConnect(Signal sink, Expr src, SourceLoc loc) {
        if (src.width() > sink.width()) {
            throw new HdlException(
                    loc,
                    "width mismatch: cannot connect a " + src.width() + "-bit value to " + sink.width() + "-bit '"
                            + sink.name() + "' (declared at " + sink.loc + "); truncate explicitly with bits()/tail()");
        }
    }
}
