package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * Holds every event from the moment it enters the pipeline until it commits, so a structural change can throw the
 * younger events away and issue them again (paper §3.3.1: "the buffer will reenter those events into the pipeline").
 *
 * <p>Three pointers walk one circular buffer: {@code write} (new events from the threshold unit), {@code issue} (next
 * event to send into the TCAM) and {@code commit} (oldest event not yet committed, shown on {@code head}). A commit
 * frees the head; a rewind moves {@code issue} back to {@code commit}. Events are issued one per clock while
 * {@code issueEnable} is high; the buffer must be deeper than the pipeline from issue to commit, or issue waits for
 * commits.
 *
 * <p>The entries live in two block RAMs, one per read side, each holding only what its side needs: the issue side
 * the key and weight (for the TCAM), the head side the threshold and weight (for the commit stage). Without a weight
 * field or a combining queue every event weighs 1, and the weight is not stored at all. Block RAM reads
 * are registered, so each side presents the next value of its pointer as the read address (one event per clock, no
 * bubble). Neither side reads an address in the clock it is written, so what the RAM would return then never matters
 * (and synthesis, which sees the enables exclude it, adds no read-during-write logic). An event written into an empty
 * window is issued on the next clock from a bypass register. The head side needs no bypass: an event commits several
 * clocks after it was written, by which time its word has been read (an assertion checks it).
 */
public final class ReplayWindow extends Module {
    /** What the commit stage needs of the oldest uncommitted event. */
    public static final class Head extends Bundle {
        public final UInt weight;
        /** T(n), clipped. */
        public final UInt threshold;

        Head(RapConfig c) {
            weight = UInt(c.weightBits());
            threshold = UInt(c.thresholdBits());
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<ThresholdUnit.Numbered> enq;
        public final DecoupledIO<ThresholdUnit.Event> issue;
        public final Bool issueEnable = Input(Bool());
        /** The oldest uncommitted event; meaningful when it commits (a clock after it was written, at the earliest). */
        public final Head head;
        public final Bool headValid = Output(Bool());
        public final Bool commit = Input(Bool());
        /** Issue again from the head (the controller asserts it only while nothing is in flight). */
        public final Bool rewind = Input(Bool());

        IO(RapConfig c) {
            enq = Flipped(Decoupled(new ThresholdUnit.Numbered(c)));
            issue = Decoupled(new ThresholdUnit.Event(c));
            head = Output(new Head(c));
        }
    }

    public final IO io;
    private final int weightBits;
    /** Every event weighs 1 (no weight field, no combining): the weight is not stored. */
    private final boolean unitWeights;

    public ReplayWindow(RapConfig c, int depth) {
        super("k", c.keyBits(), "w", c.weightBits(), "u", c.unitWeights(), "t", c.thresholdBits(), "d", depth);
        io = IO(new IO(c));
        int aw = log2Up(depth);
        int kb = c.keyBits();
        int tb = c.thresholdBits();
        weightBits = c.weightBits();
        unitWeights = c.unitWeights();
        int sw = unitWeights ? 0 : weightBits;

        SyncReadMem<UInt> issueRam = SyncReadMem(depth, UInt(kb + sw)).named("issue_entries");
        SyncReadMem<UInt> headRam = SyncReadMem(depth, UInt(tb + sw)).named("head_entries");
        UInt wr = RegInit(U(0, aw + 1)).named("write_ptr");
        UInt iss = RegInit(U(0, aw + 1)).named("issue_ptr");
        UInt cmt = RegInit(U(0, aw + 1)).named("commit_ptr");

        // Full: same slot, other lap (no subtractor in the path).
        Bool full = wr.bit(aw).xor(cmt.bit(aw)).and(wr.bits(aw - 1, 0).eq(cmt.bits(aw - 1, 0))).named("full");
        io.enq.ready.connect(full.not());
        Bool enqFire = io.enq.fire().named("enq_fire");
        UInt wrAddr = wr.bits(aw - 1, 0);
        ThresholdUnit.Numbered e = io.enq.bits;
        UInt issueWord = withWeight(e.key, e.weight);
        when(enqFire, () -> {
            issueRam.write(wrAddr, issueWord);
            headRam.write(wrAddr, withWeight(e.threshold, e.weight));
            wr.connect(wr.add(1));
        });

        // Rewind only comes while nothing is in flight, so it never meets an issue or a commit.
        UInt issNext = Mux(io.rewind, cmt, Mux(io.issue.fire(), iss.add(1), iss)).named("issue_ptr_next");
        UInt cmtNext = Mux(io.commit, cmt.add(1), cmt).named("commit_ptr_next");
        iss.connect(issNext);
        cmt.connect(cmtNext);
        UInt issAddr = issNext.bits(aw - 1, 0);
        UInt cmtAddr = cmtNext.bits(aw - 1, 0);

        // Issue side: the word written in the clock its address was read comes from the bypass register.
        Bool issueCollides = enqFire.and(wrAddr.eq(issAddr)).named("issue_collides");
        UInt issueRead = issueRam.read(issAddr, issueCollides.not());
        Bool issueBypass = RegNext(issueCollides, B(false)).named("issue_bypass");
        UInt lastWritten = Reg(UInt(kb + sw)).named("issue_last_written");
        when(enqFire, () -> lastWritten.connect(issueWord));
        UInt issueWordOut = Mux(issueBypass, lastWritten, issueRead);
        io.issue.bits.key.connect(issueWordOut.bits(kb + sw - 1, sw));
        io.issue.bits.weight.connect(weightOf(issueWordOut));
        io.issue.valid.connect(iss.ne(wr).and(io.issueEnable));

        // Head side: the read of the address being written is left out, and the next clock's read brings the word.
        Bool headCollides = enqFire.and(wrAddr.eq(cmtAddr)).named("head_collides");
        UInt headRead = headRam.read(cmtAddr, headCollides.not());
        Bool headStale = RegNext(headCollides, B(false)).named("head_stale");
        io.head.threshold.connect(headRead.bits(tb + sw - 1, sw));
        io.head.weight.connect(weightOf(headRead));
        io.headValid.connect(cmt.ne(wr));

        when(io.commit, () -> Assert(cmt.ne(wr).and(headStale.not()), "a commit of an event not (yet) in the window"));
    }

    /** A RAM word: {@code field} with the weight below it, unless every weight is 1. */
    private UInt withWeight(UInt field, UInt weight) {
        return unitWeights ? field : Cat(field, weight);
    }

    private UInt weightOf(UInt word) {
        return unitWeights ? U(1, weightBits) : word.bits(weightBits - 1, 0);
    }
}
