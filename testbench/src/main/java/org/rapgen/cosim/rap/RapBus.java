package org.rapgen.cosim.rap;

import java.util.Random;
import org.rapgen.cosim.ModelPort;
import org.rapgen.cosim.Sim;
import org.rapgen.engines.rap.RapConfig;

/**
 * Drives the RAP engine's ports one clock at a time: an AXI4-Stream master that offers one beat until it is taken,
 * and an AXI4-Lite master with one transaction in flight, which may hold rready low for random clocks while read data
 * waits (the slave must keep it stable). Per clock: inputs are set, the outputs that decide the
 * handshakes are sampled (before the rising edge, as the RTL samples them), then the clock rises. {@link #step()}
 * reports what happened in that clock.
 */
final class RapBus {
    /** What one clock did. */
    static final class Cycle {
        /** The offered beat was taken. */
        boolean beat;
        /** A beat was offered and tready was low. */
        boolean backpressure;
        /**
         * The current CSR write acts on this clock edge: the one after its address and data were taken, since the
         * register file applies a write from its write-stage registers.
         */
        boolean writeApplied;
        /** The current CSR transaction completed (response or read data received). */
        boolean csrDone;

        long readData;
        int stallCause;
    }

    private enum Phase {
        IDLE,
        ADDRESS,
        RESPONSE
    }

    private final Sim sim;
    private final RapConfig c;
    private final int tvalid, tready, tdata, tlast, stall;
    private final int awvalid,
            awready,
            awaddr,
            wvalid,
            wdata,
            wstrb,
            bvalid,
            arvalid,
            arready,
            araddr,
            rvalid,
            rready,
            rdata;
    /** Chance per clock that rready is low while a read waits for its data. */
    private final double rreadyLow;

    private final Random rnd;
    private boolean rreadyHigh = true;
    private final boolean wideData;
    private final Cycle cycle = new Cycle();

    private boolean offering;
    private boolean offeredValid;
    private long key;
    private long weight;
    private boolean last;
    private boolean dataDirty;

    private Phase phase = Phase.IDLE;
    private boolean isWrite;
    private boolean addressDriven;
    /** A write's address and data were taken on the last clock edge: it acts on this one. */
    private boolean writeStaged;

    RapBus(Sim sim, RapConfig c, double rreadyLow, Random rnd) {
        this.sim = sim;
        this.c = c;
        this.rreadyLow = rreadyLow;
        this.rnd = rnd;
        tvalid = id("io_s_axis_tvalid");
        tready = id("io_s_axis_tready");
        tdata = id("io_s_axis_tdata");
        tlast = id("io_s_axis_tlast");
        stall = id("io_dbg_stall_cause");
        awvalid = id("io_s_axil_awvalid");
        awready = id("io_s_axil_awready");
        awaddr = id("io_s_axil_awaddr");
        wvalid = id("io_s_axil_wvalid");
        wdata = id("io_s_axil_wdata");
        wstrb = id("io_s_axil_wstrb");
        bvalid = id("io_s_axil_bvalid");
        arvalid = id("io_s_axil_arvalid");
        arready = id("io_s_axil_arready");
        araddr = id("io_s_axil_araddr");
        rvalid = id("io_s_axil_rvalid");
        rready = id("io_s_axil_rready");
        rdata = id("io_s_axil_rdata");
        wideData = sim.model().port("io_s_axis_tdata").isWide();
        sim.poke(id("io_s_axil_bready"), 1);
        sim.poke(rready, 1);
        sim.poke(wstrb, 0xF);
    }

    private int id(String name) {
        ModelPort p = sim.port(name);
        return p.id();
    }

    Sim sim() {
        return sim;
    }

    /** Offers a beat from the next clock on, until it is taken or withdrawn. */
    void offer(long k, long w, boolean l) {
        offering = true;
        key = k;
        weight = w;
        last = l;
        dataDirty = true;
    }

    void withdraw() {
        offering = false;
    }

    boolean offering() {
        return offering;
    }

    boolean csrIdle() {
        return phase == Phase.IDLE;
    }

    void write(int address, long data) {
        start(true, address);
        sim.poke(wdata, data & 0xFFFF_FFFFL);
    }

    void read(int address) {
        start(false, address);
    }

    private void start(boolean write, int address) {
        if (phase != Phase.IDLE) throw new IllegalStateException("a CSR transaction is already in flight");
        phase = Phase.ADDRESS;
        isWrite = write;
        addressDriven = false;
        sim.poke(write ? awaddr : araddr, address);
    }

    Cycle step() {
        Cycle r = cycle;
        r.beat = r.backpressure = r.csrDone = false;
        r.writeApplied = writeStaged;
        writeStaged = false;
        if (offering != offeredValid) {
            sim.poke(tvalid, offering ? 1 : 0);
            offeredValid = offering;
        }
        if (offering && dataDirty) {
            pokeData();
            dataDirty = false;
        }
        if (phase == Phase.ADDRESS && !addressDriven) {
            if (isWrite) {
                sim.poke(awvalid, 1);
                sim.poke(wvalid, 1);
            } else {
                sim.poke(arvalid, 1);
            }
            addressDriven = true;
        }
        boolean ready = offering && sim.peek(tready) != 0;
        r.beat = ready;
        r.backpressure = offering && !ready;
        boolean addressTaken = false;
        if (phase == Phase.ADDRESS) {
            addressTaken = sim.peek(isWrite ? awready : arready) != 0;
            writeStaged = addressTaken && isWrite;
        } else if (phase == Phase.RESPONSE) {
            boolean taking = isWrite || holdRready();
            if (taking && sim.peek(isWrite ? bvalid : rvalid) != 0) {
                r.csrDone = true;
                if (!isWrite) r.readData = sim.peek(rdata);
            }
        }
        r.stallCause = (int) sim.peek(stall);
        sim.step();
        if (ready) offering = false;
        if (addressTaken) {
            if (isWrite) {
                sim.poke(awvalid, 0);
                sim.poke(wvalid, 0);
            } else {
                sim.poke(arvalid, 0);
            }
            phase = Phase.RESPONSE;
        } else if (r.csrDone) {
            phase = Phase.IDLE;
        }
        return r;
    }

    /** Drives rready for this clock (low with chance {@link #rreadyLow}); true if it is high. */
    private boolean holdRready() {
        boolean high = rreadyLow == 0 || rnd.nextDouble() >= rreadyLow;
        if (high != rreadyHigh) {
            sim.poke(rready, high ? 1 : 0);
            rreadyHigh = high;
        }
        return high;
    }

    private void pokeData() {
        long w = c.weightField() ? weight : 0;
        if (wideData) {
            // K = 64 with a weight field: the weight goes into the second word.
            sim.pokeWords(tdata, new long[] {key, w});
        } else {
            sim.poke(tdata, c.weightField() ? key | (w << c.keyBits()) : key);
        }
        sim.poke(tlast, last ? 1 : 0);
    }
}
