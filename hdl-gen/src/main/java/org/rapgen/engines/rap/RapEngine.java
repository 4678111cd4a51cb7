package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rapgen.engines.sampler.GateStage;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.AxiLite;
import org.rapgen.hdl.lib.BramTcam;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.NameKey;
import org.rapgen.hdl.lib.PrefixSelector;
import org.rapgen.hdl.lib.Tcam;

/**
 * The pipelined RAP engine (SPEC §5, the paper's Fig. 6): events in on AXI4-Stream, control, status and node readout
 * on AXI4-Lite ({@link RapRegisters}). docs/rap-engine.md describes the architecture.
 *
 * <pre>
 * s_axis -> EventQueue -> ThresholdUnit -> ReplayWindow -> Tcam -> PrefixSelector -> CounterSram -> commit
 *           (stage 0)     n, T(n)          issue/replay    (1)      (2)               (3)           (4) controller
 * </pre>
 *
 * <p>{@code tdata} is the key in bits K-1:0 and, with a weight field, the weight in bits K+W-1:K. A beat of weight 0 is
 * dropped and counted (ZERO_WEIGHT); its tlast still releases the combining queue's pending event. No other beat is
 * ever dropped: tready falls when the queue is full, and during reset and soft reset. With gates ({@link StreamGates})
 * the beats pass a gate stage on their way to the queue, and only the events the gates pass reach the tree.
 */
public final class RapEngine extends Module {
    /** AXI4-Stream slave. */
    public static final class Stream extends Bundle {
        public final Bool tvalid = Input(Bool());
        public final Bool tready = Output(Bool());
        public final UInt tdata;
        public final Bool tlast = Input(Bool());

        Stream(int dataBits) {
            tdata = Input(UInt(dataBits));
        }
    }

    public static final class IO extends Bundle {
        public final Stream s_axis;
        public final AxiLite s_axil = new AxiLite(RapRegisters.ADDR_BITS);
        /** Debug: {@link StallCause} of this cycle, for throughput accounting. Leave unconnected in a design. */
        public final UInt dbg_stall_cause = Output(UInt(3));

        IO(RapConfig c) {
            s_axis = new Stream(c.tdataBits());
        }
    }

    public final IO io;
    public final RapConfig config;

    public RapEngine(RapConfig c) {
        super(nameParams(c));
        config = c;
        io = IO(new IO(c));
        int kb = c.keyBits();
        int wb = c.weightBits();
        int windowDepth = windowDepth(c);

        EventQueue queue = Module(new EventQueue(kb, wb, c.queueDepth(), c.combine(), queueInputRegister(c)));
        ThresholdUnit threshold = Module(new ThresholdUnit(c));
        ReplayWindow window = Module(new ReplayWindow(c, windowDepth));
        Tcam.IO tcam = null;
        PrefixSelector select = null;
        TrieWalk walk = null;
        if (c.trie()) {
            walk = Module(new TrieWalk(c));
        } else {
            tcam = c.tcamChunkBits() == 0
                    ? Module(new Tcam(c.nodes(), kb, wb)).io
                    : Module(new BramTcam(c.nodes(), kb, wb, c.tcamChunkBits())).io;
            select = Module(new PrefixSelector(c.nodes(), c.depthBits(), wb, c.selectLevels()));
        }
        CounterSram counters = Module(new CounterSram(c.nodes(), c.counterBits(), c.counterReadRegister()));
        // The lookup's own controller ports: the TCAM's (null with the trie) or the trie's (null with the TCAM).
        TcamControllerIO tcamCtl = c.trie() ? null : Module(new RapController(c, windowDepth)).io;
        TrieControllerIO trieCtl = c.trie() ? Module(new TrieController(c, windowDepth)).io : null;
        ControllerIO ctl = c.trie() ? trieCtl : tcamCtl;

        CsrFile csr = new CsrFile(
                io.s_axil,
                Map.of(
                        "EPS.eps_fx",
                        (long) c.epsFx(),
                        "M0_LO.value",
                        c.m0() & 0xFFFF_FFFFL,
                        "M0_HI.value",
                        c.m0() >>> 32,
                        "Q.value",
                        c.q()));

        // --- AXI4-Stream in, zero-weight beats, and the soft-reset marker
        UInt key = io.s_axis.tdata.bits(kb - 1, 0);
        UInt weight = c.weightField() ? io.s_axis.tdata.bits(kb + wb - 1, kb) : U(1, wb);
        Bool zero = c.weightField() ? weight.eq(0) : B(false);
        SoftResetSequencer soft = new SoftResetSequencer(kb, wb, csr.pulse("CTRL", "soft_reset"));
        // A snapshot freeze also holds ZERO_WEIGHT still (its two words are copied on different clocks), so with a
        // weight field the stream pauses with the pipeline; without one no beat can weigh 0.
        Bool snapHold = c.weightField() ? ctl.snapFreeze : B(false);
        // Gates, if any, stand between the stream and the queue (StreamGates); a flush waiting behind them closes it.
        StreamGates gates = c.gates().any() ? new StreamGates(c) : null;
        Bool accepting = ctl.acceptEnable.and(soft.idle).and(snapHold.not());
        Bool open = (gates == null ? accepting : accepting.and(gates.flushWaiting.not())).named("stream_open");
        io.s_axis.tready.connect(open.and(gates == null ? queue.io.in.ready : gates.ready()));
        Bool beat = io.s_axis.tvalid.and(io.s_axis.tready).named("beat");
        UInt zeroWeightCount = RegInit(U(0, 64)).named("zero_weight_count");
        Bool zeroWeightSeen = RegInit(B(false)).named("zero_weight_seen");
        // Soft reset clears them with the rest of the status; no beat is accepted while it runs.
        when(ctl.softClear, () -> {
                    zeroWeightCount.connect(U(0, 64));
                    zeroWeightSeen.connect(B(false));
                })
                .elsewhen(beat.and(zero), () -> {
                    zeroWeightCount.connect(zeroWeightCount.add(1));
                    zeroWeightSeen.connect(B(true));
                });
        if (gates == null) {
            queue.io.in.valid.connect(io.s_axis.tvalid.and(open).and(zero.not()));
            queue.io.in.bits.key.connect(key);
            queue.io.in.bits.weight.connect(weight);
            queue.io.in.bits.last.connect(io.s_axis.tlast);
            soft.drive(queue.io.in, beat.and(zero.not()), key);
            queue.io.flush.connect(csr.pulse("CTRL", "flush").or(beat.and(zero).and(io.s_axis.tlast)));
        } else {
            queue.io.flush.connect(
                    gates.connect(io.s_axis, open, key, weight, queue.io, soft, csr.pulse("CTRL", "flush"), c));
        }

        // --- queue -> threshold unit (the marker stops here) -> replay window
        // The marker leaves the queue as an event does, when the threshold unit advances, and goes no further. So the
        // dequeue, which is the queue's block-RAM output-register enable, never waits on a test of that RAM's data.
        Bool marker = queue.io.out.valid.and(queue.io.out.bits.weight.eq(0)).named("marker_out");
        soft.markerOut(marker.and(threshold.io.in.ready));
        threshold.io.in.valid.connect(queue.io.out.valid.and(marker.not()));
        threshold.io.in.bits.key.connect(queue.io.out.bits.key);
        threshold.io.in.bits.weight.connect(queue.io.out.bits.weight);
        queue.io.out.ready.connect(threshold.io.in.ready);
        threshold.io.epsFx.connect(ctl.epsActive);
        threshold.io.clear.connect(ctl.softClear);
        window.io.enq.biConnect(threshold.io.out);

        if (c.trie()) {
            connectTrie(walk, window, trieCtl);
        } else {
            // --- issue -> TCAM -> selector -> controller
            tcam.search.valid.connect(window.io.issue.valid);
            tcam.search.bits.key.connect(window.io.issue.bits.key);
            tcam.search.bits.payload.connect(window.io.issue.bits.weight);
            window.io.issue.ready.connect(tcam.search.ready);
            window.io.issueEnable.connect(ctl.issueEnable);
            tcamCtl.tcamWrite.ready.connect(tcam.write.ready);
            tcam.write.valid.connect(tcamCtl.tcamWrite.fire());
            tcam.write.bits.index.connect(tcamCtl.tcamWrite.bits.index);
            tcam.write.bits.value.connect(tcamCtl.tcamWrite.bits.value);
            tcam.write.bits.mask.connect(tcamCtl.tcamWrite.bits.mask);
            tcam.write.bits.valid.connect(B(true));

            select.io.in.valid.connect(tcam.result.valid);
            // Freed slots stay valid in the TCAM; the controller's slot mask hides them (a merge frees many at once).
            select.io.in.bits.match.connect(tcam.result.bits.match.and(tcamCtl.slotValid));
            // Depths order the matches as lengths do (length = depth * k), in fewer bits.
            select.io.in.bits.lens.connect(tcamCtl.depths);
            select.io.in.bits.payload.connect(tcam.result.bits.payload);
            tcam.result.ready.connect(select.io.in.ready);

            tcamCtl.selected.valid.connect(select.io.out.valid);
            tcamCtl.selected.bits.found.connect(select.io.out.bits.found);
            tcamCtl.selected.bits.slot.connect(select.io.out.bits.slot);
            tcamCtl.selected.bits.depth.connect(select.io.out.bits.len);
            tcamCtl.selected.bits.weight.connect(select.io.out.bits.payload);
            select.io.out.ready.connect(tcamCtl.selected.ready);
        }
        ctl.issued.connect(window.io.issue.fire());
        ctl.head.connect(window.io.head);
        if (tcamCtl != null) tcamCtl.headLoad.connect(window.io.headLoad);
        ctl.headValid.connect(window.io.headValid);
        window.io.commit.connect(ctl.commit);
        window.io.rewind.connect(ctl.rewind);

        // --- controller <-> counter SRAM (CounterSram packs op above value)
        counters.io.in.valid.connect(ctl.counterCmd.valid);
        counters.io.in.bits.addr.connect(ctl.counterCmd.bits.addr);
        counters.io.in.bits.cmd.connect(CounterSram.cmd(ctl.counterCmd.bits.op, ctl.counterCmd.bits.value));
        ctl.counterCmd.ready.connect(counters.io.in.ready);
        ctl.counterResult.valid.connect(counters.io.out.valid);
        ctl.counterResult.bits.addr.connect(counters.io.out.bits.addr);
        ctl.counterResult.bits.op.connect(CounterSram.op(counters.io.out.bits.cmd));
        ctl.counterResult.bits.old.connect(counters.io.out.bits.old);
        ctl.counterResult.bits.updated.connect(counters.io.out.bits.updated);
        ctl.counterResult.bits.saturated.connect(counters.io.out.bits.saturated);
        counters.io.out.ready.connect(ctl.counterResult.ready);
        counters.io.clear.connect(ctl.softClear);
        ctl.counterClearing.connect(counters.io.clearing);

        // --- control
        ctl.enable.connect(csr.rw("CTRL", "enable").asBool());
        ctl.softReset.connect(soft.started);
        ctl.snapshot.connect(csr.pulse("CTRL", "snapshot"));
        Bool slotWritten = RegNext(csr.written("SLOT"), B(false)).named("slot_written");
        ctl.readout.connect(slotWritten);
        ctl.readoutSlot.connect(csr.rw("SLOT", "index"));
        ctl.inputsDrained.connect(soft.drained.and(threshold.io.empty));
        ctl.epsCsr.connect(csr.rw("EPS", "eps_fx"));
        ctl.m0Csr.connect(Cat(csr.rw("M0_HI", "value"), csr.rw("M0_LO", "value")));
        ctl.m0CsrZero.connect(csr.rwIsZero("M0_HI", "value").and(csr.rwIsZero("M0_LO", "value")));
        ctl.qCsr.connect(csr.rw("Q", "value"));
        soft.finished(ctl.acceptEnable);

        // --- read-only registers
        csr.ro("ID", "id", U(RapRegisters.ID_VALUE, 32));
        csr.ro("CONFIG0", "key_bits", U(kb, 8));
        csr.ro("CONFIG0", "bits_per_level", U(c.bitsPerLevel(), 4));
        csr.ro("CONFIG0", "counter_bits", U(c.counterBits(), 8));
        csr.ro("CONFIG0", "weight_bits", U(wb, 8));
        // N = 65536 reads as 0, as a 16-bit length field does.
        csr.ro("CONFIG1", "nodes", U(c.nodes() & 0xFFFF, 16));
        csr.ro("CONFIG1", "log2_queue_depth", U(log2Up(c.queueDepth()), 5));
        csr.ro("CONFIG1", "combine", B(c.combine()));
        csr.ro("CONFIG1", "weight_field", B(c.weightField()));
        // Not inputsDrained: that is the soft reset's drained phase, which excludes soft.idle.
        Bool idle = inputIdle(
                ctl.idle.and(queue.io.out.valid.not()).and(threshold.io.empty).and(soft.idle), queue, c);
        csr.ro("STATUS", "idle", gates == null ? idle : idle.and(gates.ahead.not()));
        csr.ro("STATUS", "busy", ctl.busy);
        csr.ro("STATUS", "overflow", ctl.live.overflow);
        csr.ro("STATUS", "saturated", ctl.live.saturated);
        csr.ro("STATUS", "snapshot_busy", ctl.snapBusy);
        csr.ro("STATUS", "flush_busy", gates == null ? queue.io.flushBusy : queue.io.flushBusy.or(gates.flushWaiting));
        csr.ro("STATUS", "resetting", ctl.resetting.or(soft.idle.not()));
        csr.ro("STATUS", "readout_busy", ctl.readoutBusy.or(slotWritten));
        csr.ro("STATUS", "zero_weight", zeroWeightSeen);
        csr.ro("NODE", "len", ctl.node.len);
        csr.ro("NODE", "valid", ctl.node.valid);
        csr.ro64("NODE_PREFIX", ctl.node.prefix);
        csr.ro64("NODE_COUNT", ctl.node.count);
        // The snapshot registers get the live values; the CSR file copies them into its RAM during the freeze. The
        // rare counters live in a RAM of their own, fed by the controller's events; with unit weights UPDATES is n.
        ControllerIO.Status s = ctl.live;
        csr.ro64("N", s.n);
        csr.ro("NODES", "value", s.nodes);
        csr.ro("HIGH_WATER", "value", s.highWater);
        Map<String, UInt> counted = s.events();
        if (c.unitWeights()) {
            csr.ro64("UPDATES", s.n);
            counted.remove("UPDATES");
        }
        StatusCounterBank bank = Module(new StatusCounterBank(counted.size(), c.childCountBits()));
        bank.io.clear.connect(ctl.softClear);
        ctl.countersIdle.connect(bank.io.idle);
        int counter = 0;
        for (Map.Entry<String, UInt> e : counted.entrySet()) {
            bank.io.inc.get(counter).connect(e.getValue().pad(c.childCountBits()));
            csr.banked64(e.getKey(), counter++);
        }
        csr.bank(bank.io);
        csr.ro64("ERROR_BOUND", ctl.errorBound, ctl.errorBoundReady);
        csr.ro64("ZERO_WEIGHT", zeroWeightCount);
        csr.ro("SNAP_FLAGS", "overflow", s.overflow);
        csr.ro("SNAP_FLAGS", "saturated", s.saturated);
        ctl.snapCopied.connect(csr.snapshot(ctl.snapFreeze));
        csr.finish();

        io.dbg_stall_cause.connect(ctl.stallCause);
    }

    /** The trie lookup between the replay window and the controller, and the controller's child-word writes. */
    private static void connectTrie(TrieWalk walk, ReplayWindow window, TrieControllerIO io) {
        walk.io.search.valid.connect(window.io.issue.valid);
        walk.io.search.bits.key.connect(window.io.issue.bits.key);
        walk.io.search.bits.weight.connect(window.io.issue.bits.weight);
        window.io.issue.ready.connect(walk.io.search.ready);
        window.io.issueEnable.connect(io.issueEnable);
        walk.io.write.connect(io.wordWrite);
        walk.io.rootWord.connect(io.rootWord);
        walk.io.flush.connect(io.walkFlush);
        walk.io.holdNext.connect(io.walkHoldNext);
        walk.io.fixNext.connect(io.walkFixNext);
        walk.io.fix.connect(io.walkFix);
        io.found.connect(walk.io.result);
    }

    private static Object[] nameParams(RapConfig c) {
        List<Object> p = new ArrayList<>(List.of(
                NameKey.K, c.keyBits(),
                NameKey.B, c.branching(),
                NameKey.N, c.nodes(),
                NameKey.C, c.counterBits(),
                NameKey.WT, c.weightBits(),
                NameKey.WF, c.weightField(),
                NameKey.QD, c.queueDepth(),
                NameKey.CB, c.combine(),
                NameKey.E, c.epsFx(),
                NameKey.M, c.m0(),
                NameKey.Q, c.q(),
                NameKey.LS, c.selectLevels()));
        // Implementation choices are named only when taken, so the default engines keep short names.
        if (c.tcamChunkBits() != 0) p.addAll(List.of(NameKey.TC, c.tcamChunkBits()));
        if (c.counterReadRegister()) p.addAll(List.of(NameKey.RR, 1));
        if (c.trie()) p.addAll(List.of(NameKey.TRIE, 1));
        RapGates g = c.gates();
        if (g.any()) p.addAll(List.of(NameKey.G, GateStage.tag(g.specs())));
        if (g.usesHash()) p.addAll(List.of(NameKey.SEED, Integer.toHexString(g.hashSeed())));
        if (g.usesLfsr()) p.addAll(List.of(NameKey.LSEED, Integer.toHexString(g.lfsrSeed())));
        return p.toArray();
    }

    /**
     * Replay window depth: at least every event that can be uncommitted (TCAM, selector, the controller's command
     * register, counter SRAM, the commit clock and the slot being refilled), a power of two, so issue never waits for a commit. One entry less costs
     * about 12% throughput at N = 128 (measured), so there is no slack to trim.
     */
    public static int windowDepth(RapConfig c) {
        int lookup = c.trie()
                ? TrieWalk.latency(c)
                : (c.tcamChunkBits() == 0 ? Tcam.latency() : BramTcam.latency())
                        + PrefixSelector.latency(c.nodes(), c.selectLevels());
        int inFlight = lookup + CounterPort.COMMAND_LATENCY + CounterSram.latency(c.counterReadRegister()) + 2;
        return Integer.highestOneBit(inFlight - 1) << 1;
    }

    /**
     * The trie engine spans the part, and its plain queue is many block RAMs: their write starts at a register
     * ({@link EventQueue}'s input register).
     */
    private static boolean queueInputRegister(RapConfig c) {
        return c.trie() && !c.combine();
    }

    /** Idle behind the queue, and no event in the queue's input register (which shows as its flush_busy). */
    private static Bool inputIdle(Bool idleBehind, EventQueue queue, RapConfig c) {
        return queueInputRegister(c) ? idleBehind.and(queue.io.flushBusy.not()) : idleBehind;
    }
}
