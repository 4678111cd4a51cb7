package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * AXI4-Stream of messages, as driven by the engine: {@code tdata = {count, w, pc}} with pc in bits K-1..0, w in
 * 2K-1..K and the count, zero-extended to a whole number of bytes, above them. Held stable while tvalid and not
 * tready, as AXI4-Stream requires.
 */
public final class AxisMessages extends Bundle {
    public final Bool tvalid = Bool();
    public final Bool tready = Flipped(Bool());
    public final UInt tdata;

    public AxisMessages(int keyBits, int countBytes) {
        tdata = UInt(2 * keyBits + 8 * countBytes);
    }
}
