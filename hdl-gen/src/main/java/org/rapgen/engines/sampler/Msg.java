package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/** A message {@code <pc, w, count>} on its way to software. */
public final class Msg extends Bundle {
    public final UInt pc;
    public final UInt w;
    public final UInt count;

    public Msg(int keyBits, int countBits) {
        pc = UInt(keyBits);
        w = UInt(keyBits);
        count = UInt(countBits);
    }
}
