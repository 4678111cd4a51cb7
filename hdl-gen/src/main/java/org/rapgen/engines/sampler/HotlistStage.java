package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.C;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.G;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.SEED;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.HotlistSampler;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;
import org.rapgen.hdl.lib.Lfsr;

/**
 * Burrows' value hotlist {@code V[n]rows} (docs/hotlist.md), bit-exact with {@link HotlistSampler}: one row per pc
 * hash in block RAM, each {valid, pc tag, level, n slots of (value, count)}, updated by a small state machine that
 * works on one tuple at a time with the row in flip-flops. A tuple takes three clocks: the row read into the
 * flip-flops, its flags ({@link HotlistFlags}), and the decision, which writes the row back as the next tuple enters
 * (one mapping to the same row takes it from the flip-flops). A pc taking another's row first flushes it, a clock
 * per slot with a count; a thinning pass adds three clocks (the second LFSR advance, the pass, the placing); an end
 * of frame reads every row to flush the valid ones. After reset the rows are cleared, one a clock.
 *
 * <p>The LFSR is the samplers' 32-bit one, advanced 16 steps as a tuple is accepted (the add decision reads those 16
 * bits) and 32 steps, as two advances, for each thinning pass (whose coins are the state's bits).
 */
public final class HotlistStage extends Module {
    /** A message of the hotlist: the pc's row flushed one slot. */
    public static final class Message extends Bundle {
        public final UInt pc;
        public final UInt w;
        public final UInt count;
        public final UInt level = UInt(LEVEL_BITS);

        Message(int keyBits, int countBits) {
            pc = UInt(keyBits);
            w = UInt(keyBits);
            count = UInt(countBits);
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<Keyed> in;
        public final DecoupledIO<Message> out;
        /** Anything but waiting for a tuple: a tuple or a frame end is inside, or the rows are being cleared. */
        public final Bool busy = Output(Bool());

        public final Bool clearing = Output(Bool());

        IO(Keyed shape, int countBits) {
            in = Flipped(Decoupled(shape.sameShape()));
            out = Decoupled(new Message(shape.pc.getWidth(), countBits));
        }
    }

    /** Bits of a row's level, 0..{@value HotlistSampler#MAX_LEVEL}. */
    static final int LEVEL_BITS = 5;

    private enum State {
        CLEAR,
        IDLE,
        LOOK,
        FLAGS,
        DECIDE,
        THIN_ADVANCE,
        THIN,
        THIN_PLACE,
        FLUSH_CONFLICT,
        FLUSH_RESTART,
        FLUSH_DRAIN,
        WRITE,
        DRAIN_READ,
        DRAIN_LOOK
    }

    public final IO io;
    private final int n;
    private final int k;
    private final int c;
    private final HotlistRow row;

    /**
     * @param shape the tuples, with the row index; a {@link Keyed.Gated} shape carries frame ends a gate held back
     * @param values slots per row (1..31)
     * @param rows rows of block RAM (a power of two)
     * @param countBits width of a slot's count
     * @param seed the LFSR's initial state
     */
    public HotlistStage(Keyed shape, int values, int rows, int countBits, int seed) {
        super(nameParams(shape, values, rows, countBits, seed));
        this.n = values;
        this.k = shape.pc.getWidth();
        this.c = countBits;
        io = IO(new IO(shape, countBits));
        int rowBits = Math.max(log2Up(rows), 1);
        row = HotlistRow.registers(n, k, c);
        OneHotState<State> state = new OneHotState<>("state", State.class, State.CLEAR);
        Lfsr lfsr = Module(new Lfsr(SampleStage.LFSR_BITS, SampleStage.STEPS, seed & 0xffffffffL));
        SyncReadMem<UInt> rowWords = SyncReadMem(rows, UInt(row.packedBits())).named("row_words");

        Keyed t = Reg(shape.sameShape()).named("t");
        UInt sweep = RegInit(U(0, rowBits)).named("sweep");
        Bool unit = RegInit(B(false)).named("unit");
        Bool lastRow = sweep.eq(rows - 1).named("last_row");

        Bool accept = io.in.fire().named("accept");
        when(accept, () -> t.connect(io.in.bits));
        // The tuple entering as the one before writes its row reads the RAM's old word if both map to one row: it
        // takes the row from the flip-flops instead.
        Bool forward = RegInit(B(false)).named("forward");
        when(accept, () -> forward.connect(state.is(State.IDLE).not().and(io.in.bits.index.eq(t.index))));
        Bool drainRead = state.is(State.DRAIN_READ);
        UInt stored = rowWords.read(Mux(drainRead, sweep, io.in.bits.index.bits(rowBits - 1, 0)), accept.or(drainRead));

        // The row's word goes from the RAM into the flip-flops (unless the tuple before just wrote them), and the
        // flags are worked out from the flip-flops a clock later: the wide RAM spans the die, so its outputs get a
        // clock of their own.
        HotlistRow.View ram = row.view(stored);
        HotlistFlags rowFlags = HotlistFlags.of(row.view(), t.pc, t.w, lfsr.io.state.bits(15, 0), c);
        HotlistFlags flags = HotlistFlags.registers(n);
        Bool sampled = flags.sampled();
        Bool hit = flags.hit();
        Bool overflow = flags.overflow();
        Bool conflict = flags.conflict();
        Bool advanceForThin = Wire(Bool()).named("advance_for_thin");
        advanceForThin.connect(B(false));
        lfsr.io.advance.connect(accept.and(io.in.bits.skipped().not())
                .or(state.is(State.THIN_ADVANCE))
                .or(advanceForThin));

        // the outcomes the decision finishes in its own clock, writing the row back as the next tuple enters: a skip,
        // a tuple not sampled, a count that does not overflow, a new value with a free slot
        Bool quick = t.skipped()
                .or(conflict.not()
                        .and(sampled.not()
                                .or(hit.and(overflow.not()))
                                .or(hit.not().and(flags.anyFree()))))
                .named("quick");
        // the decision's update, zero in every other state, so the slots it gives are the flip-flops' there
        Bool deciding = state.is(State.DECIDE).and(t.skipped().not()).and(sampled);
        UInt inc = Mux(deciding.and(overflow.not()), flags.match(), U(0, n)).named("inc");
        UInt place = Mux(deciding.and(hit.not()).and(flags.anyFree()), flags.firstFree(), U(0, n))
                .named("place");
        HotlistRow.Slots quickSlots = row.updated(inc, place, t.w);
        io.in.ready.connect(state.is(State.IDLE)
                .or(state.is(State.DECIDE).and(quick).or(state.is(State.WRITE)).and(t.last.not())));

        // one write port: the row back after a tuple, or an empty row while clearing and draining
        Bool writeRow = Wire(Bool()).named("write_row");
        Bool writeEmpty = Wire(Bool()).named("write_empty");
        writeRow.connect(B(false));
        writeEmpty.connect(B(false));
        UInt rowWord = row.packed(quickSlots, row.valid().and(writeEmpty.not())).named("row_word");
        when(
                writeRow.or(writeEmpty),
                () -> rowWords.write(Mux(writeRow, t.index.bits(rowBits - 1, 0), sweep), rowWord));

        // flushing: the lowest slot with a count goes out; its count is cleared as it leaves
        FirstSet next = new FirstSet(row.counted(), slotIndexBits());
        Bool flushing = state.within(State.FLUSH_CONFLICT, State.FLUSH_DRAIN);
        io.out.valid.connect(flushing.and(next.found));
        io.out.bits.pc.connect(row.tag());
        io.out.bits.w.connect(row.values().read(next.index));
        io.out.bits.count.connect(row.counts().read(next.index).bits(c - 1, 0));
        io.out.bits.level.connect(row.level());
        Bool flushed = flushing.and(next.found.not()).named("flushed");
        when(io.out.fire(), () -> row.clear(next.index));

        state.on(State.CLEAR, () -> {
                    writeEmpty.connect(B(true));
                    sweep.connect(sweep.add(1));
                    when(lastRow, () -> state.go(State.IDLE));
                })
                .on(State.IDLE, () -> when(accept, () -> state.go(State.LOOK)))
                .on(State.LOOK, () -> {
                    when(forward.not(), () -> row.load(ram));
                    state.go(State.FLAGS);
                })
                .on(State.FLAGS, () -> {
                    // a row no pc holds starts anew for this one (a skipped tuple leaves it as it is); its flags,
                    // worked out before, are a fresh row's
                    when(row.valid().not().and(t.skipped().not()), () -> row.start(t.pc));
                    flags.load(rowFlags);
                    state.go(State.DECIDE);
                })
                .on(State.DECIDE, () -> {
                    when(quick, () -> {
                                when(t.skipped().not(), () -> {
                                    writeRow.connect(B(true));
                                    row.connect(quickSlots);
                                });
                                afterWrite(state, sweep, accept, t.last);
                            })
                            .elsewhen(conflict, () -> state.go(State.FLUSH_CONFLICT))
                            .elsewhen(flags.atTop(), () -> state.go(State.FLUSH_RESTART))
                            .otherwise(() -> {
                                // thin with the new unit in: the overflowing count goes one above its width
                                when(overflow, () -> row.increment(flags.match()));
                                unit.connect(hit.not());
                                advanceForThin.connect(B(true));
                                state.go(State.THIN_ADVANCE);
                            });
                })
                .on(State.THIN_ADVANCE, () -> state.go(State.THIN))
                .on(State.THIN, () -> {
                    thin(lfsr.io.state, unit);
                    state.go(State.THIN_PLACE);
                })
                .on(State.THIN_PLACE, () -> place(state, unit, t.w, advanceForThin))
                .on(
                        State.FLUSH_CONFLICT,
                        () -> when(flushed, () -> {
                            row.start(t.pc);
                            flags.fresh(n);
                            state.go(State.DECIDE);
                        }))
                .on(
                        State.FLUSH_RESTART,
                        () -> when(flushed, () -> {
                            row.place(U(0, slotIndexBits()), t.w);
                            state.go(State.WRITE);
                        }))
                .on(
                        State.FLUSH_DRAIN,
                        () -> when(flushed, () -> {
                            writeEmpty.connect(B(true));
                            nextRow(state, sweep, lastRow);
                        }))
                .on(State.WRITE, () -> {
                    writeRow.connect(B(true));
                    afterWrite(state, sweep, accept, t.last);
                })
                .on(State.DRAIN_READ, () -> state.go(State.DRAIN_LOOK))
                .on(State.DRAIN_LOOK, () -> {
                    HotlistRow.View stays = row.view(stored);
                    row.load(stays);
                    when(stays.valid(), () -> state.go(State.FLUSH_DRAIN))
                            .otherwise(() -> nextRow(state, sweep, lastRow));
                });

        io.busy.connect(state.is(State.IDLE).not());
        io.clearing.connect(state.is(State.CLEAR));
        when(
                state.is(State.WRITE)
                        .or(state.is(State.DECIDE).and(quick).and(t.skipped().not())),
                () -> row.check(t.pc));
    }

    /**
     * One thinning pass, with the coins of the 32 steps just taken: each count halves, an odd one keeping its last
     * unit on its coin, and the new unit on coin n. The next clock places a unit that survived ({@link #place}).
     */
    private void thin(UInt coins, Bool unit) {
        for (int i = 0; i < n; i++) {
            UInt cnt = row.counts().get(i);
            cnt.connect(cnt.shr(1).add(cnt.bit(0).and(coins.bit(i)).asUInt().pad(c + 1)));
        }
        row.level().connect(row.level().add(1));
        unit.connect(unit.and(coins.bit(n)));
    }

    /**
     * After a pass: a unit that survived takes the lowest free slot; one that finds none starts another pass, or at
     * the top level a flush, after which it takes slot 0.
     */
    private void place(OneHotState<State> state, Bool unit, UInt w, Bool advanceForThin) {
        List<Bool> free = new ArrayList<>();
        for (int i = 0; i < n; i++) free.add(row.counts().get(i).eq(0));
        FirstSet slot = new FirstSet(CatLsbFirst(free), slotIndexBits());
        when(unit.and(slot.found), () -> {
                    row.place(slot.index, w);
                    unit.connect(B(false));
                    state.go(State.WRITE);
                })
                .elsewhen(unit.and(row.level().eq(HotlistSampler.MAX_LEVEL)), () -> {
                    unit.connect(B(false));
                    state.go(State.FLUSH_RESTART);
                })
                .elsewhen(unit, () -> {
                    advanceForThin.connect(B(true));
                    state.go(State.THIN_ADVANCE);
                })
                .otherwise(() -> state.go(State.WRITE));
    }

    /** Bits of a slot number (at least 1). */
    private int slotIndexBits() {
        return Math.max(log2Up(n), 1);
    }

    /**
     * After a tuple's row is written: the drain from row 0 if the tuple ended a frame, else the next tuple's row
     * read if one enters on this clock, else waiting.
     */
    private static void afterWrite(OneHotState<State> state, UInt sweep, Bool accept, Bool last) {
        sweep.connect(U(0, sweep.getWidth()));
        when(last, () -> state.go(State.DRAIN_READ))
                .elsewhen(accept, () -> state.go(State.LOOK))
                .otherwise(() -> state.go(State.IDLE));
    }

    /** After a row of the drain: the next row, or back to waiting after the last. */
    private static void nextRow(OneHotState<State> state, UInt sweep, Bool lastRow) {
        sweep.connect(sweep.add(1));
        state.go(lastRow, State.IDLE, State.DRAIN_READ);
    }

    private static Object[] nameParams(Keyed shape, int values, int rows, int countBits, int seed) {
        SourceLoc loc = SourceLoc.callerOf(HotlistStage.class);
        if (values < 1 || values > HotlistSampler.THIN_STEPS - 1)
            throw new HdlException(loc, "hotlist values per row must be 1..31, got " + values);
        if (rows < 2 || Integer.bitCount(rows) != 1)
            throw new HdlException(loc, "hotlist rows must be a power of two of at least 2, got " + rows);
        if (countBits < 1 || countBits > 62)
            throw new HdlException(loc, "hotlist count bits must be 1..62, got " + countBits);
        if (seed == 0) throw new HdlException(loc, "LFSR seed must be nonzero");
        List<Object> p = new ArrayList<>(
                List.of(N, values, D, rows, K, shape.pc.getWidth(), C, countBits, SEED, Integer.toHexString(seed)));
        if (shape instanceof Keyed.Gated) p.addAll(List.of(G, 1));
        return p.toArray();
    }
}
