package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.A;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.AxiLite;

/**
 * Turns the processor's native memory accesses into single AXI4-Lite transactions, so that an engine's CSRs appear in
 * its address space: a store is an AW and a W beat (offered together, each dropped when taken) and then the B
 * response; a load is an AR beat and then the R beat, whose data goes back with {@code ready}. One transaction at a
 * time; the processor waits for each, as it does for memory. The responses are always OKAY from the engines, so
 * BRESP and RRESP are not looked at.
 */
public final class AxiLiteBridge extends Module {
    public static final class IO extends Bundle {
        public final NativeBus cpu;
        public final AxiLite axil;

        IO(int addrBits) {
            cpu = new NativeBus(addrBits);
            axil = Flipped(new AxiLite(addrBits));
        }
    }

    public final IO io;

    public AxiLiteBridge(int addrBits) {
        super(A, addrBits);
        io = IO(new IO(addrBits));
        Bool awPending = RegInit(B(false));
        Bool wPending = RegInit(B(false));
        Bool bWait = RegInit(B(false));
        Bool arPending = RegInit(B(false));
        Bool rWait = RegInit(B(false));
        Bool done = RegInit(B(false));
        UInt rdata = RegInit(U(0, 32));
        Bool busy = awPending
                .or(wPending)
                .or(bWait)
                .or(arPending)
                .or(rWait)
                .or(done)
                .named("busy");
        Bool start = io.cpu.valid.and(busy.not()).named("start");
        Bool store = io.cpu.wstrb.orR().named("store");

        when(start.and(store), () -> {
            awPending.connect(B(true));
            wPending.connect(B(true));
            bWait.connect(B(true));
        });
        when(start.and(store.not()), () -> {
            arPending.connect(B(true));
            rWait.connect(B(true));
        });
        when(awPending.and(io.axil.awready), () -> awPending.connect(B(false)));
        when(wPending.and(io.axil.wready), () -> wPending.connect(B(false)));
        when(arPending.and(io.axil.arready), () -> arPending.connect(B(false)));
        Bool bDone = bWait.and(io.axil.bvalid).named("b_done");
        Bool rDone = rWait.and(arPending.not()).and(io.axil.rvalid).named("r_done");
        when(bDone, () -> bWait.connect(B(false)));
        when(rDone, () -> {
            rWait.connect(B(false));
            rdata.connect(io.axil.rdata);
        });
        done.connect(bDone.or(rDone));

        io.axil.awvalid.connect(awPending);
        io.axil.awaddr.connect(io.cpu.addr);
        io.axil.wvalid.connect(wPending);
        io.axil.wdata.connect(io.cpu.wdata);
        io.axil.wstrb.connect(io.cpu.wstrb);
        io.axil.bready.connect(bWait);
        io.axil.arvalid.connect(arPending);
        io.axil.araddr.connect(io.cpu.addr);
        io.axil.rready.connect(rWait.and(arPending.not()));
        io.cpu.ready.connect(done);
        io.cpu.rdata.connect(rdata);
    }
}
