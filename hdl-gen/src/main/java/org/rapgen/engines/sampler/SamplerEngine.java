package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import java.util.function.BiFunction;
import org.rapgen.golden.sampler.SlotRecord;
import org.rapgen.golden.sampler.StratifiedSampler;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.Fifo;
import org.rapgen.hdl.lib.RmwMemory;

/**
 * A stratified-sampling engine for one composition (SPEC &sect;6; docs/sampler-engine.md): tuples in on AXI4-Stream,
 * messages {@code <pc, w, count>} out on AXI4-Stream, in exactly the order of the golden model
 * ({@code org.rapgen.golden.sampler}). Pipeline, one tuple per clock:
 * <pre>
 * s_axis -&gt; input queue -&gt; [hash] -&gt; [LFSR stage] -&gt; [counter table] -&gt; [A_k] -&gt; output queue -&gt; m_axis
 * </pre>
 * Backpressure mode: a full output queue stops the pipeline and, once the input queue fills, the producer; nothing is
 * lost. Drop mode: the producer is never held; a tuple that finds the input queue full, or a message that finds the
 * output queue full, is dropped and counted.
 */
public final class SamplerEngine extends Module {
    public static final class IO extends Bundle {
        public final AxisTuples s_axis;
        public final AxisMessages m_axis;
        public final SamplerStatus status = Output(new SamplerStatus());

        public IO(int keyBits, int countBytes) {
            s_axis = Flipped(new AxisTuples(keyBits));
            m_axis = new AxisMessages(keyBits, countBytes);
        }
    }

    public final IO io;
    private final SamplerParams p;
    /** The gate stage holds a tuple; null without gates. */
    private Bool gateHolding;
    /** The gate stage takes a tuple from s_axis on this clock; null without gates. */
    private Bool gateIn;

    private final int k;

    public SamplerEngine(SamplerParams params) {
        super(params.check().nameParams());
        this.p = params;
        this.k = p.keyBits();
        CounterRule rule = rule(p);
        int firstCount = firstCountBits(p, rule);
        int countBits = messageCountBits(p);
        io = IO(new IO(k, countBytes(p)));

        // ---- input queue: {last, w, pc}; behind gates {skip, last, w, pc}, a skipped tuple only ending a frame
        Fifo inQ = Module(new Fifo(2 * k + (p.hasGates() ? 2 : 1), p.inDepth()));
        if (p.hasGates()) {
            gates(inQ);
        } else {
            inQ.io.enq.valid.connect(io.s_axis.tvalid);
            inQ.io.enq.bits.connect(Cat(io.s_axis.tlast, io.s_axis.tdata));
            io.s_axis.tready.connect(p.dropMode() ? B(true) : inQ.io.enq.ready);
        }
        DecoupledIO<UInt> tuples = inQ.io.deq;
        UInt head = tuples.bits;
        Bool skipped = p.hasGates() ? head.bit(2 * k + 1) : B(false);

        DecoupledIO<Msg> msg = Wire(Decoupled(new Msg(k, p.hotlist() ? 8 * countBytes(p) : countBits)))
                .named("msg");
        if (p.hotlist()) {
            HotlistStage h = HotlistPath.build(p, tuples, head);
            h.io.out.ready.connect(msg.ready);
            msg.valid.connect(h.io.out.valid);
            msg.bits.pc.connect(h.io.out.bits.pc);
            msg.bits.w.connect(h.io.out.bits.w);
            msg.bits.count.connect(HotlistPath.countField(p, h.io.out.bits));
            Fifo outQ = outputQueue(msg);
            status(inQ, outQ, h.io.in.fire(), msg, h.io.clearing, B(false), h.io.busy);
            return;
        }

        if (p.slotTable()) {
            Keyed shape = p.hasGates() ? new Keyed.Gated(k, 1, 1) : new Keyed(k, 1, 1);
            SlotTableStage z = Module(new SlotTableStage(shape, p.spec().slots, p.lfsrSeed()));
            z.io.in.biConnect(frontEnd(tuples, head));
            msg.biConnect(z.io.out);
            Fifo outQ = outputQueue(msg);
            status(inQ, outQ, z.io.in.fire(), msg, B(false), B(false), z.io.busy);
            return;
        }

        // ---- first level: one Emission per tuple
        DecoupledIO<Emission> em = Wire(Decoupled(new Emission(k, firstCount))).named("em");
        Bool clearing = B(false);
        if (!p.hasFirst()) {
            connectTuple(em, tuples, head);
            em.bits.count.connect(U(1, firstCount));
            em.bits.msg.connect(skipped.not());
        } else {
            DecoupledIO<Keyed> keyed = frontEnd(tuples, head);
            if (rule == null) { // R_r, H[R_r]_n: the LFSR decides alone, no counter
                em.valid.connect(keyed.valid);
                keyed.ready.connect(em.ready);
                em.bits.pc.connect(keyed.bits.pc);
                em.bits.w.connect(keyed.bits.w);
                em.bits.last.connect(keyed.bits.last);
                em.bits.msg.connect(keyed.bits.sample.and(keyed.bits.skipped().not()));
                em.bits.count.connect(U(p.rate(), firstCount));
            } else {
                clearing = counterTable(rule, keyed, em);
            }
        }

        // ---- second level (A_k) or straight to the output
        Bool draining = B(false);
        Bool assocHolding = B(false);
        if (p.hasAssoc()) {
            AssocStage a = Module(new AssocStage(p.spec().assoc, k, firstCount, p.assocCountBits(), p.assocStages()));
            a.io.in.biConnect(em);
            msg.valid.connect(a.io.out.valid);
            msg.bits.pc.connect(a.io.out.bits.pc);
            msg.bits.w.connect(a.io.out.bits.w);
            msg.bits.count.connect(a.io.out.bits.count);
            a.io.out.ready.connect(msg.ready);
            draining = a.io.draining;
            assocHolding = a.io.holding;
        } else {
            msg.valid.connect(em.valid.and(em.bits.msg));
            msg.bits.pc.connect(em.bits.pc);
            msg.bits.w.connect(em.bits.w);
            msg.bits.count.connect(em.bits.count);
            em.ready.connect(em.bits.msg.not().or(msg.ready));
        }

        Fifo outQ = outputQueue(msg);
        status(inQ, outQ, em.valid.and(em.ready), msg, clearing, draining, assocHolding);
    }

    /** The output queue, {count, w, pc}, on m_axis. */
    private Fifo outputQueue(DecoupledIO<Msg> msg) {
        int countBytes = countBytes(p);
        Fifo outQ = Module(new Fifo(2 * k + 8 * countBytes, p.outDepth()));
        outQ.io.enq.valid.connect(msg.valid);
        outQ.io.enq.bits.connect(Cat(msg.bits.count.pad(8 * countBytes), msg.bits.w, msg.bits.pc));
        msg.ready.connect(p.dropMode() ? B(true) : outQ.io.enq.ready);
        io.m_axis.tvalid.connect(outQ.io.deq.valid);
        io.m_axis.tdata.connect(outQ.io.deq.bits);
        outQ.io.deq.ready.connect(io.m_axis.tready);
        return outQ;
    }

    /**
     * The counter table and its rule: the table (block RAM through {@link RmwMemory}, or one register) applies the
     * rule as its read-modify-write update, with the whole tuple in the command; its output decides the message.
     */
    private Bool counterTable(CounterRule rule, DecoupledIO<Keyed> keyed, DecoupledIO<Emission> em) {
        int cmdBits = tableCmdBits(p);
        BiFunction<UInt, UInt, UInt> update = tableUpdate(p, rule);
        DecoupledIO<RmwMemory.Command> in;
        DecoupledIO<RmwMemory.Result> out;
        Bool clearing;
        if (p.tableDepth() == 1) {
            CounterRegister reg = Module(new CounterRegister(rule.flavor(), rule.dataBits(), cmdBits, update));
            in = reg.io.in;
            out = reg.io.out;
            clearing = B(false);
        } else {
            RmwMemory mem = Module(counterMemory(p, p.tableStages()));
            mem.io.clear.connect(B(false));
            in = mem.io.in;
            out = mem.io.out;
            clearing = mem.io.clearing;
        }
        in.valid.connect(keyed.valid);
        keyed.ready.connect(in.ready);
        in.bits.addr.connect(p.tableDepth() == 1 ? U(0, 1) : keyed.bits.index);
        in.bits.cmd.connect(
                p.hasGates()
                        ? Cat(
                                keyed.bits.tag,
                                keyed.bits.skipped(),
                                keyed.bits.sample,
                                keyed.bits.last,
                                keyed.bits.w,
                                keyed.bits.pc)
                        : Cat(keyed.bits.tag, keyed.bits.sample, keyed.bits.last, keyed.bits.w, keyed.bits.pc));

        UInt cmd = out.bits.cmd;
        CounterRule.Outcome o = rule.apply(out.bits.old, cmd.bit(2 * k + 1), cmd.bits(cmdBits - 1, tagLsb(p)));
        Bool skip = skipOf(p, cmd);
        // The emission goes through a small queue, whose ready is a register: whether a tuple may leave the table
        // then does not wait for the rule to decide whether it emits (the ready would otherwise run from the table's
        // output through the rule, the message path and back into the table's and the hash unit's enables).
        UInt emission = Cat(o.count(), skip == null ? o.emit() : o.emit().and(skip.not()), cmd.bits(2 * k, 0))
                .named("emission");
        Fifo slice = Module(new Fifo(emission.getWidth(), 4));
        slice.io.enq.valid.connect(out.valid);
        out.ready.connect(slice.io.enq.ready);
        slice.io.enq.bits.connect(emission);
        em.valid.connect(slice.io.deq.valid);
        slice.io.deq.ready.connect(em.ready);
        UInt held = slice.io.deq.bits;
        em.bits.pc.connect(held.bits(k - 1, 0));
        em.bits.w.connect(held.bits(2 * k - 1, k));
        em.bits.last.connect(held.bit(2 * k));
        em.bits.msg.connect(held.bit(2 * k + 1));
        em.bits.count.connect(held.bits(emission.getWidth() - 1, 2 * k + 2));
        // the rule applied here and the one inside the table saw the same word and command (simulation-only check)
        when(out.valid, () -> {
            UInt expected = unlessSkipped(skip, out.bits.old, o.updated());
            Assert(
                    expected.eq(out.bits.updated),
                    "sampler: rule gives %x, the table wrote %x",
                    expected,
                    out.bits.updated);
            // every word the table reads was cleared or written by the rule, so checking both covers them all
            rule.checkWord(out.bits.old);
            rule.checkWord(out.bits.updated);
        });
        return clearing;
    }

    /** Input queue head -&gt; (hash unit) -&gt; (LFSR stage): the tuple with its index, tag and sampling decision. */
    private DecoupledIO<Keyed> frontEnd(DecoupledIO<UInt> deq, UInt head) {
        int ib = Math.max(p.indexBits(), 1);
        int tw = Math.max(p.tagBits(), 1);
        Keyed shape = p.hasGates() ? new Keyed.Gated(k, ib, tw) : new Keyed(k, ib, tw);
        DecoupledIO<Keyed> keyed = Wire(Decoupled(shape)).named("keyed");
        if (p.hashed()) {
            // the payload: last, and behind gates skip above it
            int payloadBits = p.hasGates() ? 2 : 1;
            HashUnit hash = Module(new HashUnit(
                    k, p.indexBits(), p.tagBits(), p.hashSeed() & 0xffffffffL, payloadBits, p.hashStages()));
            hash.io.in.valid.connect(deq.valid);
            deq.ready.connect(hash.io.in.ready);
            hash.io.in.bits.pc.connect(head.bits(k - 1, 0));
            hash.io.in.bits.w.connect(head.bits(2 * k - 1, k));
            hash.io.in.bits.payload.connect(head.bits(2 * k + payloadBits - 1, 2 * k));
            keyed.valid.connect(hash.io.out.valid);
            hash.io.out.ready.connect(keyed.ready);
            keyed.bits.pc.connect(hash.io.out.bits.pc);
            keyed.bits.w.connect(hash.io.out.bits.w);
            keyed.bits.last.connect(hash.io.out.bits.payload.bit(0));
            if (keyed.bits instanceof Keyed.Gated g) g.skip.connect(hash.io.out.bits.payload.bit(1));
            keyed.bits.index.connect(hash.io.out.bits.index);
            // tagBits = 0: every tuple has the same (zero) tag, as in the golden model
            keyed.bits.tag.connect(p.tagBits() == 0 ? U(0, 1) : hash.io.out.bits.tag);
        } else {
            keyed.valid.connect(deq.valid);
            deq.ready.connect(keyed.ready);
            keyed.bits.pc.connect(head.bits(k - 1, 0));
            keyed.bits.w.connect(head.bits(2 * k - 1, k));
            keyed.bits.last.connect(head.bit(2 * k));
            if (keyed.bits instanceof Keyed.Gated g) g.skip.connect(head.bit(2 * k + 1));
            keyed.bits.index.connect(U(0, ib));
            keyed.bits.tag.connect(U(0, tw));
        }
        keyed.bits.sample.connect(B(false));
        if (!p.usesLfsr() || p.slotTable()) return keyed; // the slot table steps an LFSR of its own
        SampleStage stage = Module(new SampleStage(shape, p.rate(), p.lfsrSeed()));
        stage.io.in.biConnect(keyed);
        return stage.io.out;
    }

    /**
     * The gates between s_axis and the input queue, so that the queue holds only the tuples that go on and the hash
     * unit reads them from the queue's block RAM, as without gates. In drop mode the gates take every tuple, and one
     * that finds the queue full is dropped and counted.
     */
    private void gates(Fifo inQ) {
        GateStage g = Module(new GateStage(k, p.spec().gates, p.hashSeed() & 0xffffffffL, p.lfsrSeed()));
        g.io.in.valid.connect(io.s_axis.tvalid);
        io.s_axis.tready.connect(p.dropMode() ? B(true) : g.io.in.ready);
        g.io.in.bits.pc.connect(io.s_axis.tdata.bits(k - 1, 0));
        g.io.in.bits.w.connect(io.s_axis.tdata.bits(2 * k - 1, k));
        g.io.in.bits.payload.connect(io.s_axis.tlast.asUInt());
        inQ.io.enq.valid.connect(g.io.out.valid);
        g.io.out.ready.connect(p.dropMode() ? B(true) : inQ.io.enq.ready);
        GateStage.Gated t = g.io.out.bits;
        inQ.io.enq.bits.connect(Cat(t.skip, t.last, t.w, t.pc));
        gateHolding = g.io.holding;
        gateIn = g.io.in.fire();
    }

    private static void connectTuple(DecoupledIO<Emission> em, DecoupledIO<UInt> deq, UInt head) {
        int k = em.bits.pc.getWidth();
        em.valid.connect(deq.valid);
        deq.ready.connect(em.ready);
        em.bits.pc.connect(head.bits(k - 1, 0));
        em.bits.w.connect(head.bits(2 * k - 1, k));
        em.bits.last.connect(head.bit(2 * k));
    }

    /** Event counters and status bits (see {@link SamplerStatus}). */
    private void status(
            Fifo inQ, Fifo outQ, Bool leave, DecoupledIO<Msg> msg, Bool clearing, Bool draining, Bool holding) {
        SamplerStatus s = io.status;
        s.tuplesIn.connect(count("tuples_in", gateIn != null ? gateIn : inQ.io.enq.fire()));
        s.messagesOut.connect(count("messages_out", io.m_axis.tvalid.and(io.m_axis.tready)));
        s.inStalls.connect(count("in_stalls", io.s_axis.tvalid.and(io.s_axis.tready.not())));
        s.outStalls.connect(count("out_stalls", io.m_axis.tvalid.and(io.m_axis.tready.not())));
        if (p.dropMode()) {
            // behind gates the gate stage takes every tuple, and one the queue cannot take is dropped there
            Bool refused = gateIn != null ? inQ.io.enq.valid : io.s_axis.tvalid;
            s.droppedTuples.connect(count("dropped_tuples", refused.and(inQ.io.enq.ready.not())));
            s.droppedMessages.connect(count("dropped_messages", msg.valid.and(outQ.io.enq.ready.not())));
        } else {
            s.droppedTuples.connect(U(0, SamplerStatus.BITS));
            s.droppedMessages.connect(U(0, SamplerStatus.BITS));
        }
        // tuples accepted but not yet handed to the second level / output (the queue plus a few pipeline registers);
        // A_k's own stages, and the hotlist, report what they hold
        UInt inFlight = RegInit(U(0, log2Up(p.inDepth()) + 3)).named("in_flight");
        Bool enter = inQ.io.enq.fire();
        when(enter.and(leave.not()), () -> inFlight.connect(inFlight.add(1)))
                .elsewhen(leave.and(enter.not()), () -> inFlight.connect(inFlight.sub(1)));
        s.clearing.connect(clearing);
        s.draining.connect(draining);
        Bool idle = inFlight.eq(0).and(holding.not()).and(draining.not()).and(outQ.io.count.eq(0));
        s.idle.connect(gateHolding == null ? idle : idle.and(gateHolding.not()));
    }

    private static UInt count(String name, Bool inc) {
        UInt c = RegInit(U(0, SamplerStatus.BITS)).named(name);
        when(inc, () -> c.connect(c.add(1)));
        return c;
    }

    // ------------------------------------------------------------------ widths and rules

    /** The counter-table rule of the first level, or null when it keeps no counters (R, H[R], bare A_k). */
    static CounterRule rule(SamplerParams p) {
        if (p.tagged()) {
            var t = p.spec().tagged;
            return new TaggedRule(t.get("ways"), t.get("tag"), t.get("r"), t.get("evict"), t.get("replace"));
        }
        if (!p.hasFirst() || p.hotlist() || p.kind() == StratifiedSampler.Kind.R) return null;
        return p.kind() == StratifiedSampler.Kind.P
                ? new PeriodicRule(p.rate())
                : new CountedRandomRule(p.counterBits());
    }

    /** The counter table in block RAM (table depth > 1) as the engine builds it, not yet wrapped in Module(). */
    public static RmwMemory counterMemory(SamplerParams p, int stages) {
        CounterRule rule = rule(p);
        return new RmwMemory(
                rule.flavor(), p.tableDepth(), rule.dataBits(), tableCmdBits(p), stages, tableUpdate(p, rule));
    }

    /** A table command: {tag, sample, last, w, pc}, and behind gates {tag, skip, sample, last, w, pc}. */
    private static int tableCmdBits(SamplerParams p) {
        return 2 * p.keyBits() + 2 + (p.hasGates() ? 1 : 0) + Math.max(p.tagBits(), 1);
    }

    /**
     * The table's read-modify-write update: the rule on the word, with the sample bit and tag from the command; a
     * tuple a gate held back leaves the word as it was.
     */
    private static BiFunction<UInt, UInt, UInt> tableUpdate(SamplerParams p, CounterRule rule) {
        int k = p.keyBits();
        int cmdBits = tableCmdBits(p);
        return (old, cmd) -> unlessSkipped(
                skipOf(p, cmd),
                old,
                rule.apply(old, cmd.bit(2 * k + 1), cmd.bits(cmdBits - 1, tagLsb(p)))
                        .updated());
    }

    /** The lowest bit of the tag in a table command. */
    private static int tagLsb(SamplerParams p) {
        return 2 * p.keyBits() + 2 + (p.hasGates() ? 1 : 0);
    }

    /** A table command's skip bit, or null without gates (the command has none). */
    private static Bool skipOf(SamplerParams p, UInt cmd) {
        return p.hasGates() ? cmd.bit(2 * p.keyBits() + 2) : null;
    }

    /** The word a command leaves: {@code updated}, or {@code old} for a skipped tuple ({@code skip} may be null). */
    private static UInt unlessSkipped(Bool skip, UInt old, UInt updated) {
        return skip == null ? updated : Mux(skip, old, updated);
    }

    /** Width of the first level's counts: r for R and P, the counter for CR, h for T, 1 for a bare A_k. */
    static int firstCountBits(SamplerParams p, CounterRule rule) {
        if (rule != null) return rule.countBits();
        return p.hasFirst() ? 64 - Long.numberOfLeadingZeros(p.rate()) : 1;
    }

    /** Bytes of the count field on the message stream; a hotlist's has its level in one more byte on top. */
    public static int countBytes(SamplerParams p) {
        return (messageCountBits(p) + 7) / 8 + (p.hotlist() ? 1 : 0);
    }

    /** Width of the count in an outgoing message (before rounding up to whole bytes on the stream). */
    public static int messageCountBits(SamplerParams p) {
        if (p.hotlist()) return p.counterBits();
        if (p.slotTable()) return SlotRecord.COUNT_BITS;
        int first = firstCountBits(p, rule(p));
        return p.hasAssoc() ? AssocStage.outCountBits(first, p.assocCountBits()) : first;
    }
}
