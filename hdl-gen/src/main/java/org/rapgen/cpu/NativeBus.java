package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * PicoRV32's native memory interface as a slave sees it: the processor holds {@code valid}, {@code addr},
 * {@code wdata} and {@code wstrb} (non-zero for a store) until the slave raises {@code ready} for one clock, with
 * {@code rdata} in that clock for a load.
 */
public final class NativeBus extends Bundle {
    public final Bool valid = Input(Bool());
    public final UInt addr;
    public final UInt wdata = Input(UInt(32));
    public final UInt wstrb = Input(UInt(4));
    public final Bool ready = Output(Bool());
    public final UInt rdata = Output(UInt(32));

    public NativeBus(int addrBits) {
        addr = Input(UInt(addrBits));
    }
}
