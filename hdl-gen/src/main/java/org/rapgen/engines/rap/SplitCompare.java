package org.rapgen.engines.rap;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * A wide unsigned compare as two half-width carry chains side by side (high greater, or high equal and low greater)
 * instead of one chain over all the bits: on an iCE40 a 36-bit chain alone is about 5 ns. Built in the caller's
 * module.
 */
final class SplitCompare {
    private SplitCompare() {
    }

    /** {@code a > b} (unsigned, any widths). */
    static Bool greater(UInt a, UInt b) {
        int w = Math.max(a.getWidth(), b.getWidth());
        if (w < 8) return a.pad(w).gt(b.pad(w));
        int lo = w / 2;
        Bool lowGreater = low(a, lo).gt(low(b, lo));
        // A side without high bits has a zero high half: compare only what exists (no compare with a constant).
        if (a.getWidth() <= lo) return b.getWidth() <= lo ? lowGreater : high(b, lo).orR().not().and(lowGreater);
        if (b.getWidth() <= lo) return high(a, lo).orR().or(lowGreater);
        int hw = w - lo;
        UInt aHi = high(a, lo).pad(hw);
        UInt bHi = high(b, lo).pad(hw);
        return aHi.gt(bHi).or(aHi.eq(bHi).and(lowGreater));
    }

    private static UInt low(UInt x, int lo) {
        return x.getWidth() <= lo ? x.pad(lo) : x.bits(lo - 1, 0);
    }

    private static UInt high(UInt x, int lo) {
        return x.bits(x.getWidth() - 1, lo);
    }
}
