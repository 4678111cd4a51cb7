package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * The engine's rare 64-bit status counters (splits, merges, ...) in one small block RAM instead of flip-flops: each
 * counter is four 16-bit words there (a test may make them narrower), and what happens on a clock goes into a narrow per-counter delta register. A
 * fold walks the counters in turn and adds a counter's delta into its words (one word per clock, stopping when the
 * carry does), so a 64-bit counter costs its share of one RAM and a delta of about ten flip-flops, not 64 flip-flops
 * and a 64-bit adder. On the iCE40 every one of those flip-flops was a whole logic cell on a full part.
 *
 * <p>The words hold the exact counts when {@code idle} is high: no delta waits, no clear waits, no fold is under way.
 * They are read for the snapshot copy only then ({@code readEnable}, checked in simulation): {@code readIndex} names a
 * 32-bit half (counter * 2 + 1 for the high half), and {@code readData} holds it while {@code readValid}, from the
 * fourth clock that {@code readIndex} stands still with {@code readEnable} high.
 *
 * <p>{@code clear} zeroes every counter, and the increments of its own clock are dropped (it wins, as a clear of the
 * flip-flop counters did): the deltas are cleared at once, each counter's words on its next fold. Reset does the same,
 * so the RAM needs no initial contents.
 */
public final class StatusCounterBank extends Module {
    /** Words per counter. */
    public static final int WORDS = 4;
    /** The engine's word: 64-bit counters. */
    public static final int ENGINE_WORD_BITS = 16;

    public static final class IO extends Bundle {
        /** Added to each counter on this clock edge. */
        public final Vec<UInt> inc;
        public final Bool clear = Input(Bool());
        public final Bool idle = Output(Bool());
        public final Bool readEnable = Input(Bool());
        public final UInt readIndex;
        public final Bool readValid = Output(Bool());
        public final UInt readData;

        IO(int counters, int incBits, int wordBits) {
            inc = Input(Vec(counters, UInt(incBits)));
            readIndex = Input(UInt(Math.max(1, log2Up(counters)) + 1));
            readData = Output(UInt(2 * wordBits));
        }
    }

    public final IO io;

    /** {@code counters} counters of 64 bits, each adding up to {@code 2^incBits - 1} per clock. */
    public StatusCounterBank(int counters, int incBits) {
        this(counters, incBits, ENGINE_WORD_BITS);
    }

    /** Counters of {@code 4 * wordBits} bits (narrow words let a test carry through every word). */
    public StatusCounterBank(int counters, int incBits, int wordBits) {
        super("c", counters, "i", incBits, "b", wordBits);
        SourceLoc loc = SourceLoc.capture();
        if (counters < 2) throw new HdlException(loc, "a status counter bank needs at least two counters, got " + counters);
        // A counter is visited at least once in every `round` clocks (a visit, then at most one clock per word).
        int round = counters * (1 + WORDS);
        int deltaBits = log2Up((long) round * ((1L << incBits) - 1) + 1);
        // A word plus a delta below 2^wordBits carries at most one into the next word.
        if (incBits < 1 || deltaBits > wordBits) {
            throw new HdlException(loc, "increments of " + incBits + " bits over " + counters + " counters do not fit a " + wordBits + "-bit word");
        }
        io = IO(new IO(counters, incBits, wordBits));
        int cb = Math.max(1, log2Up(counters));
        // A word is never read on the clock it is written (checked below), so Yosys need not build read-first logic.
        SyncReadMem<UInt> words = SyncReadMem(1 << (cb + 2), UInt(wordBits)).named("counter_words").attribute("no_rw_check");

        UInt[] delta = new UInt[counters];
        for (int i = 0; i < counters; i++) delta[i] = RegInit(U(0, deltaBits)).named("delta_" + i);
        UInt clearPending = RegInit(Fill(counters, B(true))).named("clear_pending");
        Bool[] needs = new Bool[counters];
        for (int i = 0; i < counters; i++) needs[i] = delta[i].orR().or(clearPending.bit(i));
        UInt need = CatLsbFirst(java.util.List.of(needs)).named("need_fold");

        // --- the fold: visit counters in turn; a visited counter with something to add takes one clock per word
        UInt visit = RegInit(U(0, cb)).named("visit");
        Bool folding = RegInit(B(false)).named("folding");
        UInt word = Reg(UInt(2)).named("fold_word");
        UInt taken = Reg(UInt(deltaBits)).named("fold_delta");
        Bool zeroing = Reg(Bool()).named("fold_zeroing");
        Bool carry = Reg(Bool()).named("fold_carry");
        Bool idle = need.orR().not().and(folding.not()).named("bank_idle");
        io.idle.connect(idle);
        UInt nextVisit = Mux(visit.eq(U(counters - 1, cb)), U(0, cb), visit.add(1));
        Bool needHere = need.bit(visit).named("visit_needs");

        // --- the snapshot's reads: restart whenever the index moves, so the data always belongs to readIndex
        Bool seenOk = RegInit(B(false)).named("read_seen_ok");
        UInt seen = Reg(UInt(cb + 1)).named("read_seen");
        UInt step = RegInit(U(0, 2)).named("read_step");
        UInt low = Reg(UInt(wordBits)).named("read_low");
        Bool same = seenOk.and(seen.eq(io.readIndex)).named("read_same");

        UInt foldAddr = WireDefault(UInt(cb + 2), Cat(visit, U(0, 2))).named("fold_addr");
        UInt readAddr = Mux(folding, foldAddr, Mux(io.readEnable, Cat(io.readIndex, same.and(step.ne(0))), foldAddr));
        UInt data = words.read(readAddr.named("word_addr"), B(true));

        // A visit takes the delta of its counter (and this clock's increment starts the next one).
        Bool capture = folding.not().and(needHere).and(io.readEnable.not()).named("fold_capture");
        for (int i = 0; i < counters; i++) {
            UInt sum = delta[i].pad(deltaBits + 1).add(io.inc.get(i).pad(deltaBits + 1));
            Bool kept = capture.and(visit.eq(U(i, cb))).or(io.clear).not();
            Assert(kept.not().or(sum.bit(deltaBits).not()), "status counter %d: its delta overflowed before its fold", U(i, 8));
            delta[i].connect(sum.bits(deltaBits - 1, 0));
        }
        when(folding.not(), () -> when(capture, () -> {
            for (int i = 0; i < counters; i++) {
                int k = i;
                when(visit.eq(U(i, cb)), () -> {
                    taken.connect(delta[k]);
                    zeroing.connect(clearPending.bit(k));
                    delta[k].connect(io.inc.get(k).pad(deltaBits));
                });
            }
            clearPending.connect(clearPending.and(U(1, counters).shl(visit).bits(counters - 1, 0).not()));
            word.connect(U(0, 2));
            folding.connect(B(true));
        }).otherwise(() -> visit.connect(nextVisit))).otherwise(() -> {
            UInt base = Mux(zeroing, U(0, wordBits), data);
            UInt addend = Mux(word.eq(0), taken.pad(wordBits), carry.pad(wordBits));
            UInt sum = base.pad(wordBits + 1).add(addend.pad(wordBits + 1));
            UInt writeAddr = Cat(visit, word);
            words.write(writeAddr, sum.bits(wordBits - 1, 0));
            Assert(readAddr.ne(writeAddr), "status counter word %d read as it is written", writeAddr);
            carry.connect(sum.bit(wordBits));
            Bool more = word.ne(WORDS - 1).and(zeroing.or(sum.bit(wordBits)));
            when(more, () -> {
                UInt nextWord = word.add(1);
                word.connect(nextWord);
                foldAddr.connect(Cat(visit, nextWord));
            }).otherwise(() -> {
                // The next visit's word 0, never the word written now.
                foldAddr.connect(Cat(nextVisit, U(0, 2)));
                folding.connect(B(false));
                visit.connect(nextVisit);
            });
        });
        when(io.clear, () -> {
            for (UInt d : delta) d.connect(U(0, deltaBits));
            clearPending.connect(Fill(counters, B(true)));
            folding.connect(B(false));
        });

        when(io.readEnable.not(), () -> seenOk.connect(B(false))).elsewhen(same.not(), () -> {
            seen.connect(io.readIndex);
            seenOk.connect(B(true));
            step.connect(U(0, 2));
        }).elsewhen(step.ne(2), () -> step.connect(step.add(1)));
        when(io.readEnable.and(same).and(step.eq(1)), () -> low.connect(data));
        io.readValid.connect(io.readEnable.and(same).and(step.eq(2)));
        io.readData.connect(Cat(data, low));
        when(io.readEnable, () -> Assert(idle, "a status counter read while counts are still being folded in"));
    }
}
