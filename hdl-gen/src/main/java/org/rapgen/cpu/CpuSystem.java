package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.H;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapEngine;
import org.rapgen.engines.rap.RapRegisters;
import org.rapgen.engines.sampler.SamplerEngine;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * A PicoRV32 running a program from its memory, watched live by a RAP engine and a stratified sampler
 * (docs/cpu-system.md):
 * <pre>
 *  CpuCore: PicoRV32 ──native bus──► decode ─┬─► ProgramRam (0x0000_0000)
 *     │                                      ├─► SystemRegisters (0x1000_0000): console, exit, trace gate, stall count
 *     │                                      └─► io.rap ──► AxiLiteBridge ──AXI4-Lite──► RapEngine CSRs (0x2000_0000)
 *     └─RVFI─┬─► TraceFeed (retired pc) ───────AXI4-Stream──► RapEngine
 *            └─► TraceFeed ((pc, load address)) ─AXI4-Stream──► SamplerEngine ──messages──► io.msg_*
 * </pre>
 * A feed that fills holds the processor's next memory access; such clocks are counted ({@code io.report.stall_cycles}).
 * The {@code io} outputs besides the console and exit are taps for the harness: what each engine took, what the
 * sampler emitted, and what retired.
 */
public final class CpuSystem extends Module {
    /** Feed FIFO depth: the engines' own queues absorb bursts; this only bridges the hold latency. */
    static final int FEED_DEPTH = 16;

    public static final class IO extends Bundle {
        public final CoreReport report = Output(new CoreReport());
        public final Bool retired = Output(Bool());
        public final UInt retired_pc = Output(UInt(32));
        /** The RAP engine took the event {@code pc_key} in this clock. */
        public final Bool pc_beat = Output(Bool());

        public final UInt pc_key = Output(UInt(32));
        /** The sampler took the tuple ({@code tuple_pc}, {@code tuple_addr}) in this clock. */
        public final Bool tuple_beat = Output(Bool());

        public final UInt tuple_pc = Output(UInt(32));
        public final UInt tuple_addr = Output(UInt(32));
        public final Bool msg_valid = Output(Bool());
        public final UInt msg_data;

        IO(int msgBits) {
            msg_data = Output(UInt(msgBits));
        }
    }

    public final IO io;

    /**
     * @param ramWords program memory in 32-bit words (a power of two)
     * @param image    the program's words from address 0
     * @param digest   names the program in module names
     */
    public CpuSystem(
            Path picorv32, RapConfig rap, SamplerParams sampler, int ramWords, List<BigInteger> image, String digest) {
        // One name per (engines, program): the configurations' own text and the program's digest, hashed short.
        super(H, Integer.toHexString((rap + "|" + sampler + "|" + ramWords + "|" + digest).hashCode()));
        SourceLoc loc = SourceLoc.capture();
        if (rap.keyBits() != 32)
            throw new HdlException(loc, "the RAP engine watches 32-bit pcs: key_bits must be 32, got " + rap.keyBits());
        if (sampler.keyBits() != 32)
            throw new HdlException(
                    loc,
                    "the sampler takes 32-bit (pc, address) tuples: key_bits must be 32, got " + sampler.keyBits());
        CpuCore core = Module(new CpuCore(picorv32, ramWords, image, digest));
        AxiLiteBridge bridge = Module(new AxiLiteBridge(RapRegisters.ADDR_BITS));
        RapEngine engine = Module(new RapEngine(rap));
        SamplerEngine samp = Module(new SamplerEngine(sampler));
        TraceFeed pcFeed = Module(new TraceFeed(rap.tdataBits(), FEED_DEPTH));
        TraceFeed tupleFeed = Module(new TraceFeed(64, FEED_DEPTH));
        io = IO(new IO(samp.io.m_axis.tdata.getWidth()));

        // ---- the engine's CSRs in the processor's address space
        core.io.rap.biConnect(bridge.io.cpu);
        bridge.io.axil.biConnect(engine.io.s_axil);
        core.io.hold.connect(pcFeed.io.hold.or(tupleFeed.io.hold));
        core.io.feeds_drained.connect(pcFeed.io.drained.and(tupleFeed.io.drained));

        // ---- the feeds: every retired pc to RAP (weight 1 above the key with a weight field), loads to the sampler
        Bool load = core.io.rvfi_valid.and(core.io.rvfi_mem_rmask.orR()).named("load");
        pcFeed.io.enable.connect(core.io.trace_enable);
        pcFeed.io.in_valid.connect(core.io.rvfi_valid);
        pcFeed.io.in_data.connect(rap.weightField() ? Cat(U(1, rap.weightBits()), core.io.rvfi_pc) : core.io.rvfi_pc);
        engine.io.s_axis.tvalid.connect(pcFeed.io.tvalid);
        engine.io.s_axis.tdata.connect(pcFeed.io.tdata);
        engine.io.s_axis.tlast.connect(pcFeed.io.tlast);
        pcFeed.io.tready.connect(engine.io.s_axis.tready);
        tupleFeed.io.enable.connect(core.io.trace_enable);
        tupleFeed.io.in_valid.connect(load);
        tupleFeed.io.in_data.connect(Cat(core.io.rvfi_mem_addr, core.io.rvfi_pc));
        samp.io.s_axis.tvalid.connect(tupleFeed.io.tvalid);
        samp.io.s_axis.tdata.connect(tupleFeed.io.tdata);
        samp.io.s_axis.tlast.connect(tupleFeed.io.tlast);
        tupleFeed.io.tready.connect(samp.io.s_axis.tready);
        samp.io.m_axis.tready.connect(B(true));

        // ---- taps
        io.report.connect(core.io.report);
        io.retired.connect(core.io.rvfi_valid);
        io.retired_pc.connect(core.io.rvfi_pc);
        io.pc_beat.connect(pcFeed.io.tvalid.and(engine.io.s_axis.tready));
        io.pc_key.connect(pcFeed.io.tdata.bits(31, 0));
        io.tuple_beat.connect(tupleFeed.io.tvalid.and(samp.io.s_axis.tready));
        io.tuple_pc.connect(tupleFeed.io.tdata.bits(31, 0));
        io.tuple_addr.connect(tupleFeed.io.tdata.bits(63, 32));
        io.msg_valid.connect(samp.io.m_axis.tvalid);
        io.msg_data.connect(samp.io.m_axis.tdata);
    }
}
