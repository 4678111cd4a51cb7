package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * Saturating addition as a reusable combinational function: {@code value = min(a + b, 2^wa - 1)}, and
 * {@code overflow} tells that the true sum did not fit.
 */
public final class SatAdd {
    public final UInt value;
    public final Bool overflow;

    public SatAdd(UInt a, UInt b) {
        int w = a.getWidth();
        UInt wide = a.addExpand(b);
        overflow = wide.bits(wide.getWidth() - 1, w).orR();
        value = Mux(overflow, Fill(w, B(true)), wide.bits(w - 1, 0));
    }
}
