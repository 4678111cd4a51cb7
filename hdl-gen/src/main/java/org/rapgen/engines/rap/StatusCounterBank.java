package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.INC;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.W;

import java.util.List;
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
 * counter is four 16-bit words there (a test may make them narrower), and what happens on a clock goes into a narrow
 * per-counter delta register. A fold walks the counters in turn and adds a counter's delta into its words (one word
 * per clock, the carry in a flip-flop), so a 64-bit counter costs its share of one RAM and a delta of about ten flip-flops, not 64 flip-flops
 * and a 64-bit adder. On the iCE40 every one of those flip-flops was a whole logic cell on a full part.
 *
 * <p>The words hold the exact counts when {@code idle} is high: no delta waits, no clear waits, no fold is under way.
 * They are read for the snapshot copy only then ({@code readEnable}, checked in simulation): {@code readIndex} names a
 * 32-bit half (counter * 2 + 1 for the high half); on the fourth clock that it stands still with {@code readEnable}
 * high, {@code readValid} is high for one clock, and {@code readData} holds the half from then while the index stands.
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
        super(N, counters, INC, incBits, W, wordBits);
        SourceLoc loc = SourceLoc.callerOf(StatusCounterBank.class);
        if (counters < 2)
            throw new HdlException(loc, "a status counter bank needs at least two counters, got " + counters);
        // A counter is visited at least once in every `round` clocks: a visit, the capture it arms, the RAM's latency,
        // one add per word. A visit reads the registered "needs a fold" of the clock before, so a delta may wait one
        // round more than that.
        int round = counters * (3 + WORDS);
        int deltaBits = log2Up((long) (round + 2) * ((1L << incBits) - 1) + 1);
        // A word plus a delta below 2^wordBits carries at most one into the next word.
        if (incBits < 1 || deltaBits > wordBits) {
            throw new HdlException(
                    loc,
                    "increments of " + incBits + " bits over " + counters + " counters do not fit a " + wordBits
                            + "-bit word");
        }
        io = IO(new IO(counters, incBits, wordBits));
        int cb = Math.max(1, log2Up(counters));
        // A word is never read on the clock it is written (checked below), so Yosys need not build read-first logic.
        SyncReadMem<UInt> words = SyncReadMem(1 << (cb + 2), UInt(wordBits))
                .named("counter_words")
                .attribute("no_rw_check");

        UInt[] delta = new UInt[counters];
        for (int i = 0; i < counters; i++) delta[i] = RegInit(U(0, deltaBits)).named("delta_" + i);
        UInt clearPending = RegInit(Fill(counters, B(true))).named("clear_pending");
        Bool[] needs = new Bool[counters];
        for (int i = 0; i < counters; i++) needs[i] = delta[i].orR().or(clearPending.bit(i));
        UInt need = CatLsbFirst(List.of(needs)).named("need_fold");
        UInt needFoldQ = RegNext(need, U(0, counters)).named("need_fold_q");

        // --- the fold, a pipeline from flip-flop to flip-flop: a visit reads word 0, each clock after reads the next
        // word, the RAM's word lands in a register, the add writes through a register. So no path runs from the RAM's
        // read port through the add, and neither the read address nor the fold's control waits for a carry.
        UInt visit = RegInit(U(0, cb)).named("visit");
        Bool folding = RegInit(B(false)).named("folding");
        // Clocks since the visit took its delta: the add of word (age - 1) happens at age 1 .. 4.
        UInt age = Reg(UInt(3)).named("fold_age");
        UInt foldDelta = Reg(UInt(deltaBits)).named("fold_delta");
        Bool zeroing = Reg(Bool()).named("fold_zeroing");
        Bool carry = Reg(Bool()).named("fold_carry");
        Bool writing = RegInit(B(false)).named("fold_writing");
        UInt writeAddr = Reg(UInt(cb + 2)).named("fold_write_addr");
        UInt writeData = Reg(UInt(wordBits)).named("fold_write_data");
        Bool idle = need.orR().not().and(folding.not()).and(writing.not()).named("bank_idle");
        io.idle.connect(idle);
        UInt nextVisit = Mux(visit.eq(U(counters - 1, cb)), U(0, cb), visit.add(1));

        // --- the snapshot's reads: restart whenever the index moves, so the data always belongs to readIndex
        Bool seenOk = RegInit(B(false)).named("read_seen_ok");
        UInt seen = Reg(UInt(cb + 1)).named("read_seen");
        UInt step = RegInit(U(0, 2)).named("read_step");
        UInt low = Reg(UInt(wordBits)).named("read_low");
        Bool same = seenOk.and(seen.eq(io.readIndex)).named("read_same");

        // Folding: the word after the one whose data arrives next (it wraps past word 3, harmlessly: that read is never
        // used, and it is never the word written in the same clock).
        UInt foldAddr = Mux(folding, Cat(visit, age.bits(1, 0).add(1)), Cat(visit, U(0, 2)))
                .named("fold_addr");
        UInt wordAddr = Mux(folding.not().and(io.readEnable), Cat(io.readIndex, same.and(step.ne(0))), foldAddr)
                .named("word_addr");
        UInt data = words.read(wordAddr, B(true));
        UInt foldWordData = RegNext(data).named("fold_word_data");
        when(writing, () -> {
            words.write(writeAddr, writeData);
            Assert(wordAddr.ne(writeAddr), "status counter word %d read as it is written", writeAddr);
        });

        // A visit that finds its counter in need arms the capture, and the capture takes the delta of its counter on
        // the next clock (that clock's increment starts the next delta). So the delta registers' enables start at a
        // flip-flop, not at the need select behind the visit index. Nothing but a clear takes a need away, so the
        // armed capture is still due. Reads come only while the bank is idle (asserted), and an armed capture means a
        // counter in need, so a read never meets one. A read's first clock finds the visited counter without a need
        // (the bank is idle), so from its second clock on the registered read enable keeps a visit from arming, and the
        // snapshot logic in front of the read enable stays out of the visit's path. A read that breaks the promise
        // fails the idle check below.
        Bool armed = RegInit(B(false)).named("fold_armed");
        Bool capture = armed;
        Bool readEnableQ = RegNext(io.readEnable, B(false)).named("read_enable_q");
        Bool arming = folding.not()
                .and(armed.not())
                .and(needFoldQ.bit(visit))
                .and(readEnableQ.not())
                .named("fold_arming");
        armed.connect(arming);
        when(
                armed,
                () -> Assert(
                        need.bit(visit).and(folding.not()),
                        "status counter %d: a capture armed without a need",
                        visit));
        Bool[] visiting = new Bool[counters];
        for (int i = 0; i < counters; i++) visiting[i] = visit.eq(U(i, cb));
        for (int i = 0; i < counters; i++) {
            UInt sum = delta[i].pad(deltaBits + 1).add(io.inc.get(i).pad(deltaBits + 1));
            Bool kept = capture.and(visiting[i]).or(io.clear).not();
            Assert(
                    kept.not().or(sum.bit(deltaBits).not()),
                    "status counter %d: its delta overflowed before its fold",
                    U(i, 8));
            delta[i].connect(sum.bits(deltaBits - 1, 0));
        }
        writing.connect(B(false));
        when(
                        folding.not(),
                        () -> when(capture, () -> {
                                    for (int i = 0; i < counters; i++) {
                                        int k = i;
                                        when(visiting[i], () -> {
                                            foldDelta.connect(delta[k]);
                                            zeroing.connect(clearPending.bit(k));
                                            delta[k].connect(io.inc.get(k).pad(deltaBits));
                                        });
                                    }
                                    clearPending.connect(clearPending.and(U(1, counters)
                                            .shl(visit)
                                            .bits(counters - 1, 0)
                                            .not()));
                                    age.connect(U(0, 3));
                                    folding.connect(B(true));
                                })
                                .elsewhen(arming.not(), () -> visit.connect(nextVisit)))
                .otherwise(() -> {
                    age.connect(age.add(1));
                    when(age.ne(0), () -> {
                        UInt wordNow = age.sub(1).bits(1, 0);
                        UInt base = Mux(zeroing, U(0, wordBits), foldWordData);
                        UInt addend = Mux(age.eq(1), foldDelta.pad(wordBits), carry.pad(wordBits));
                        UInt sum = base.pad(wordBits + 1).add(addend.pad(wordBits + 1));
                        writing.connect(B(true));
                        writeAddr.connect(Cat(visit, wordNow));
                        writeData.connect(sum.bits(wordBits - 1, 0));
                        carry.connect(sum.bit(wordBits));
                        // Always all four words: a stop on a clear carry put the 16-bit add in front of the fold's
                        // control.
                        when(age.eq(WORDS), () -> {
                            folding.connect(B(false));
                            visit.connect(nextVisit);
                        });
                    });
                });
        // A clear abandons the fold and its pending write (every counter is rewritten anyway), so no write can meet the
        // next visit's read of the same counter's word 0.
        when(io.clear, () -> {
            for (UInt d : delta) d.connect(U(0, deltaBits));
            clearPending.connect(Fill(counters, B(true)));
            folding.connect(B(false));
            writing.connect(B(false));
            armed.connect(B(false));
        });

        when(io.readEnable.not(), () -> seenOk.connect(B(false)))
                .elsewhen(same.not(), () -> {
                    seen.connect(io.readIndex);
                    seenOk.connect(B(true));
                    step.connect(U(0, 2));
                })
                .elsewhen(step.ne(2), () -> step.connect(step.add(1)));
        when(io.readEnable.and(same).and(step.eq(1)), () -> low.connect(data));
        // Registered: the copy's wait and its write enable start at a flip-flop here. It rises with step 2 and falls
        // after one clock, since the copy moves on as soon as it takes the word.
        io.readValid.connect(
                RegNext(io.readEnable.and(same).and(step.eq(1)), B(false)).named("read_valid"));
        io.readData.connect(Cat(data, low));
        when(io.readEnable, () -> Assert(idle, "a status counter read while counts are still being folded in"));
    }
}
