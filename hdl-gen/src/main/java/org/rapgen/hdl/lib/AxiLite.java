package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * An AXI4-Lite slave port with 32-bit data, as the slave sees it (the optional AxPROT signals are left out; the
 * engine does not distinguish privilege levels). Port names follow the AXI signal names, lower case.
 */
public final class AxiLite extends Bundle {
    public final Bool awvalid = Input(Bool());
    public final Bool awready = Output(Bool());
    public final UInt awaddr;
    public final Bool wvalid = Input(Bool());
    public final Bool wready = Output(Bool());
    public final UInt wdata = Input(UInt(32));
    public final UInt wstrb = Input(UInt(4));
    public final Bool bvalid = Output(Bool());
    public final Bool bready = Input(Bool());
    public final UInt bresp = Output(UInt(2));
    public final Bool arvalid = Input(Bool());
    public final Bool arready = Output(Bool());
    public final UInt araddr;
    public final Bool rvalid = Output(Bool());
    public final Bool rready = Input(Bool());
    public final UInt rdata = Output(UInt(32));
    public final UInt rresp = Output(UInt(2));

    public AxiLite(int addrBits) {
        awaddr = Input(UInt(addrBits));
        araddr = Input(UInt(addrBits));
    }
}
