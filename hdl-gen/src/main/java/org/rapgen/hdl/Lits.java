package org.rapgen.hdl;

import java.math.BigInteger;
import org.rapgen.hdl.ir.Lit;

/** Literal construction with range checks: a literal that does not fit its width is an error. */
final class Lits {
    private Lits() {}

    static Lit uint(BigInteger v, int width) {
        if (v.signum() < 0) throw new HdlException(SourceLoc.capture(), "UInt literal " + v + " is negative");
        int need = Math.max(1, v.bitLength());
        int w = width < 0 ? need : width;
        if (w < 1) throw new HdlException(SourceLoc.capture(), "illegal width " + width);
        if (need > w)
            throw new HdlException(
                    SourceLoc.capture(), "literal " + v + " needs " + need + " bits, does not fit in " + w);
        return new Lit(v, w, false, false);
    }

    static Lit sint(BigInteger v, int width) {
        int need = v.bitLength() + 1;
        int w = width < 0 ? need : width;
        if (w < 1) throw new HdlException(SourceLoc.capture(), "illegal width " + width);
        if (need > w)
            throw new HdlException(
                    SourceLoc.capture(), "literal " + v + " needs " + need + " bits as SInt, does not fit in " + w);
        return new Lit(v, w, true, false);
    }
}
