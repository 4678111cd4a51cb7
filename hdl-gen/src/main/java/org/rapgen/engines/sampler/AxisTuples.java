package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * AXI4-Stream of tuples, as seen by the producer (use {@code Flipped} on the engine's side): {@code tdata = {w, pc}}
 * (pc in bits K-1..0, w in 2K-1..K), {@code tlast} ends a frame (an {@code A_k} drains after that tuple). A transfer
 * happens when {@code tvalid && tready}; the producer must hold tdata/tlast while tvalid and not tready.
 */
public final class AxisTuples extends Bundle {
    public final Bool tvalid = Bool();
    public final Bool tready = Flipped(Bool());
    public final UInt tdata;
    public final Bool tlast = Bool();

    public AxisTuples(int keyBits) {
        tdata = UInt(2 * keyBits);
    }
}
