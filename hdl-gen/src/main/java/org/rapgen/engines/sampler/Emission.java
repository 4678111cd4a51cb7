package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * What the first level hands on for one tuple: a message {@code <pc, w, count>} when {@code msg} is set, and the
 * end-of-frame mark {@code last} of the tuple (AXI-Stream TLAST), which makes an {@code A_k} drain after this tuple.
 * A tuple with neither is consumed without reaching the next stage.
 */
public final class Emission extends Bundle {
    public final UInt pc;
    public final UInt w;
    public final UInt count;
    public final Bool msg = Bool();
    public final Bool last = Bool();

    public Emission(int keyBits, int countBits) {
        pc = UInt(keyBits);
        w = UInt(keyBits);
        count = UInt(countBits);
    }
}
