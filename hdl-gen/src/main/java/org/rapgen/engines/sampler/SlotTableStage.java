package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.G;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.SEED;
import static org.rapgen.hdl.lib.NameKey.SPEC;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.SlotRecord;
import org.rapgen.golden.sampler.SlotTable;
import org.rapgen.golden.sampler.SlotTableParams;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.lib.Lfsr;

/**
 * Zilles and Sohi's load-value slot table {@code Z_k} (docs/slot-table.md), bit-exact with {@link SlotTable}: k
 * slots in flip-flops, each {on, used, pc, active value, hits, misses, total}, and the table's replacement index,
 * failed-replacement counter and replacements counter. A tuple takes two clocks: in the first every slot compares its
 * pc and its value with the tuple's, and the slot at the replacement index is judged against the LFSR's draw, all
 * into registers; in the second each slot updates itself from its own compare bits, as the next tuple enters. An
 * interrupt (failed replacements, thrashing) or the end of a frame reads the table out, a slot a clock, in messages
 * whose count packs the slot's counters and the cause ({@link SlotRecord}), and clears it.
 *
 * <p>The LFSR is the samplers' 32-bit one, advanced 16 steps as each tuple is taken; the draw is its low log2(draw)
 * bits. Only control state is reset (the on and used bits, the index and the two counters, the state machine): a slot
 * that is not used reads as total 0.
 */
public final class SlotTableStage extends Module {
    public static final class IO extends Bundle {
        public final DecoupledIO<Keyed> in;
        public final DecoupledIO<Msg> out;
        /** Anything but waiting for a tuple: a tuple is inside, or the table is being read out. */
        public final Bool busy = Output(Bool());

        IO(Keyed shape) {
            in = Flipped(Decoupled(shape.sameShape()));
            out = Decoupled(new Msg(shape.pc.getWidth(), SlotRecord.COUNT_BITS));
        }
    }

    static final int COUNT_BITS = 8;
    static final int TOTAL_BITS = 16;

    private enum State {
        IDLE,
        LOOK,
        DECIDE,
        DUMP
    }

    public final IO io;

    /**
     * @param shape the tuples (index and tag unused); a {@link Keyed.Gated} shape carries frame ends a gate held back
     * @param seed the LFSR's initial state
     */
    public SlotTableStage(Keyed shape, SlotTableParams z, int seed) {
        super(nameParams(shape, z, seed));
        int k = z.slots();
        int kb = shape.pc.getWidth();
        io = IO(new IO(shape));
        int indexBits = Math.max(log2Up(k), 1);
        OneHotState<State> state = new OneHotState<>("state", State.class, State.IDLE);
        Lfsr lfsr = Module(new Lfsr(SampleStage.LFSR_BITS, SampleStage.STEPS, seed & 0xffffffffL));

        Vec<UInt> slotPc = Reg(Vec(k, UInt(kb))).named("slot_pc");
        Vec<UInt> slotValue = Reg(Vec(k, UInt(kb))).named("slot_value");
        Vec<UInt> slotHits = Reg(Vec(k, UInt(COUNT_BITS))).named("slot_hits");
        Vec<UInt> slotMisses = Reg(Vec(k, UInt(COUNT_BITS))).named("slot_misses");
        Vec<UInt> slotTotal = Reg(Vec(k, UInt(TOTAL_BITS))).named("slot_total");
        UInt slotOn = RegInit(U(0, k)).named("slot_on");
        UInt slotUsed = RegInit(U(0, k)).named("slot_used");
        // the replacement index, one-hot, so that the candidate's total is an AND-OR of the slots' totals rather
        // than a select tree on a binary index
        UInt candidate = RegInit(U(1, k)).named("candidate");
        UInt failed = RegInit(U(0, TOTAL_BITS)).named("failed");
        UInt replacements = RegInit(U(0, TOTAL_BITS)).named("replacements");
        UInt sweep = RegInit(U(0, indexBits)).named("sweep");
        UInt cause = RegInit(U(0, 2)).named("cause");

        Keyed t = Reg(shape.sameShape()).named("t");
        Bool accept = io.in.fire().named("accept");
        when(accept, () -> t.connect(io.in.bits));
        lfsr.io.advance.connect(accept.and(io.in.bits.skipped().not()));

        // ---- LOOK: every slot's compares, and the replacement candidate against the draw, into registers
        List<Bool> hitBits = new ArrayList<>();
        List<Bool> sameBits = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            hitBits.add(slotOn.bit(i).and(slotPc.get(i).eq(t.pc)));
            sameBits.add(slotValue.get(i).eq(t.w));
        }
        UInt hit = RegNext(CatLsbFirst(hitBits).and(Fill(k, t.skipped().not()))).named("hit");
        UInt same = RegNext(CatLsbFirst(sameBits)).named("same");
        Bool candidateUsed = slotUsed.and(candidate).orR().named("candidate_used");
        UInt candidateTotal = Mux(candidateUsed, Mux1H(candidate, slotTotal), U(0, TOTAL_BITS))
                .named("candidate_total");
        int drawBits = Integer.numberOfTrailingZeros(z.draw());
        UInt drawn = WireDefault(
                        UInt(TOTAL_BITS), lfsr.io.state.bits(drawBits - 1, 0).pad(TOTAL_BITS))
                .named("drawn");
        Bool candidateOff = candidateUsed.and(slotOn.and(candidate).orR().not()).named("candidate_off");
        Bool open = RegNext(candidateOff.not().and(drawn.ge(candidateTotal))).named("open");

        // ---- DECIDE: the tuple's outcome, from registers
        Bool deciding = state.is(State.DECIDE);
        Bool missed = hit.orR().not().and(t.skipped().not()).named("missed");
        Bool replace = deciding.and(missed).and(open).named("replace");
        Bool refused = deciding.and(missed).and(open.not()).named("refused");
        Bool thrashing = replace.and(replacements.eq(z.thrash() - 1)).named("thrashing");
        Bool failing = refused.and(failed.eq(z.fail() - 1)).named("failing");
        Bool readOut = thrashing.or(failing).or(t.last).named("read_out");
        io.in.ready.connect(state.is(State.IDLE).or(deciding.and(readOut.not())));

        List<Bool> onNext = new ArrayList<>();
        List<Bool> usedNext = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Slot s = new Slot(slotPc.get(i), slotValue.get(i), slotHits.get(i), slotMisses.get(i), slotTotal.get(i));
            Bool sameValue = same.bit(i);
            Bool counts = deciding.and(hit.bit(i));
            Bool takes = replace.and(candidate.bit(i));
            onNext.add(
                    Mux(counts, s.staysOn(sameValue, z.keep()), slotOn.bit(i)).or(takes));
            usedNext.add(slotUsed.bit(i).or(takes));
            when(counts, () -> s.count(sameValue, t.w, z.keep()));
            when(takes, () -> s.take(t.pc, t.w));
        }
        when(deciding, () -> {
            slotOn.connect(CatLsbFirst(onNext));
            slotUsed.connect(CatLsbFirst(usedNext));
            when(replace, () -> {
                if (k > 1) candidate.connect(Cat(candidate.bits(k - 2, 0), candidate.bit(k - 1)));
                replacements.connect(replacements.add(1));
                when(failed.ne(0), () -> failed.connect(failed.sub(1)));
            });
            when(refused, () -> failed.connect(failed.add(1)));
            cause.connect(Mux(
                    thrashing,
                    U(SlotRecord.Cause.THRASH.ordinal(), 2),
                    Mux(failing, U(SlotRecord.Cause.FAILED.ordinal(), 2), U(SlotRecord.Cause.END.ordinal(), 2))));
        });

        // ---- DUMP: a message for each used slot, in slot order, then a clean slate
        UInt from = k == 1 ? U(0, 1) : sweep;
        Bool present = slotUsed.bit(from);
        io.out.valid.connect(state.is(State.DUMP).and(present));
        io.out.bits.pc.connect(slotPc.read(from));
        io.out.bits.w.connect(slotValue.read(from));
        io.out.bits.count.connect(Cat(
                cause,
                present.and(slotOn.bit(from).not()),
                slotTotal.read(from),
                slotMisses.read(from),
                slotHits.read(from)));
        Bool passed = state.is(State.DUMP).and(present.not().or(io.out.ready)).named("passed");
        Bool lastSlot = from.eq(k - 1).named("last_slot");
        when(passed, () -> {
            if (k > 1) sweep.connect(sweep.add(1));
            when(lastSlot, () -> {
                slotOn.connect(U(0, k));
                slotUsed.connect(U(0, k));
                candidate.connect(U(1, k));
                failed.connect(U(0, TOTAL_BITS));
                replacements.connect(U(0, TOTAL_BITS));
            });
        });

        state.on(State.IDLE, () -> when(accept, () -> state.go(State.LOOK)))
                .on(State.LOOK, () -> state.go(State.DECIDE))
                .on(
                        State.DECIDE,
                        () -> when(readOut, () -> state.go(State.DUMP))
                                .elsewhen(accept, () -> state.go(State.LOOK))
                                .otherwise(() -> state.go(State.IDLE)))
                .on(State.DUMP, () -> when(passed.and(lastSlot), () -> state.go(State.IDLE)));
        io.busy.connect(state.is(State.IDLE).not());
    }

    /** One slot's data registers and the updates a tuple makes to them. */
    private record Slot(UInt pc, UInt value, UInt hits, UInt misses, UInt total) {
        /** The count reaches its maximum: the slot turns off, keeping its counts. */
        private Bool saturates(Bool same) {
            int countMax = SlotTable.COUNT_MAX;
            return total.eq(SlotTable.TOTAL_MAX - 1)
                    .or(same.and(hits.eq(countMax - 1)))
                    .or(same.not().and(misses.eq(countMax - 1)));
        }

        /** A miss leaves misses above hits: the active value's invariance fell below one half. */
        private Bool falls(Bool same) {
            return same.not().and(misses.ge(hits));
        }

        /** Whether the slot stays on as it counts the tuple: not saturated, and not a value with keep hits changing. */
        Bool staysOn(Bool same, int keep) {
            return saturates(same).or(falls(same).and(hits.ge(keep))).not();
        }

        /**
         * The slot holds the tuple's pc: total and hits or misses count it, and a value that falls with fewer than
         * {@code keep} hits gives way to w, with hits 1 and misses 0.
         */
        void count(Bool same, UInt w, int keep) {
            total.connect(total.add(1));
            when(same, () -> hits.connect(hits.add(1))).otherwise(() -> misses.connect(misses.add(1)));
            when(saturates(same).not().and(falls(same)).and(hits.lt(keep)), () -> {
                value.connect(w);
                hits.connect(U(1, COUNT_BITS));
                misses.connect(U(0, COUNT_BITS));
            });
        }

        /** The slot takes a pc, with w active and the tuple counted. */
        void take(UInt newPc, UInt w) {
            pc.connect(newPc);
            value.connect(w);
            hits.connect(U(1, COUNT_BITS));
            misses.connect(U(0, COUNT_BITS));
            total.connect(U(1, TOTAL_BITS));
        }
    }

    /** The table in the grammar's letters: {@code z32f256t128d1024h16} for the defaults of Z32. */
    static String tag(SlotTableParams z) {
        return "z" + z.slots() + "f" + z.fail() + "t" + z.thrash() + "d" + z.draw() + "h" + z.keep();
    }

    private static Object[] nameParams(Keyed shape, SlotTableParams z, int seed) {
        SourceLoc loc = SourceLoc.callerOf(SlotTableStage.class);
        if (z.slots() < 1 || z.slots() > SlotTableParams.MAX_SLOTS || Integer.bitCount(z.slots()) != 1)
            throw new HdlException(loc, "slot table slots must be a power of two in 1..256, got " + z.slots());
        if (seed == 0) throw new HdlException(loc, "LFSR seed must be nonzero");
        List<Object> p =
                new ArrayList<>(List.of(SPEC, tag(z), K, shape.pc.getWidth(), SEED, Integer.toHexString(seed)));
        if (shape instanceof Keyed.Gated) p.addAll(List.of(G, 1));
        return p.toArray();
    }
}
