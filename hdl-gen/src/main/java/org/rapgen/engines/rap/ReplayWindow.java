package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.Module;
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
 */
public final class ReplayWindow extends Module {
    public static final class IO extends Bundle {
        public final DecoupledIO<ThresholdUnit.Numbered> enq;
        public final DecoupledIO<ThresholdUnit.Numbered> issue;
        public final Bool issueEnable = Input(Bool());
        /** The oldest uncommitted event; meaningful while {@code headValid}. */
        public final ThresholdUnit.Numbered head;
        public final Bool headValid = Output(Bool());
        public final Bool commit = Input(Bool());
        /** Issue again from the head (the controller asserts it only while nothing is in flight). */
        public final Bool rewind = Input(Bool());

        IO(RapConfig c) {
            enq = Flipped(Decoupled(new ThresholdUnit.Numbered(c)));
            issue = Decoupled(new ThresholdUnit.Numbered(c));
            head = Output(new ThresholdUnit.Numbered(c));
        }
    }

    public final IO io;

    public ReplayWindow(RapConfig c, int depth) {
        super("k", c.keyBits(), "w", c.weightBits(), "t", c.thresholdBits(), "d", depth);
        io = IO(new IO(c));
        int aw = log2Up(depth);
        int entryBits = c.keyBits() + c.weightBits() + c.thresholdBits();

        Mem<UInt> mem = Mem(depth, UInt(entryBits)).named("entries");
        UInt wr = RegInit(U(0, aw + 1)).named("write_ptr");
        UInt iss = RegInit(U(0, aw + 1)).named("issue_ptr");
        UInt cmt = RegInit(U(0, aw + 1)).named("commit_ptr");

        // Full: same slot, other lap (no subtractor in the path).
        Bool full = wr.bit(aw).xor(cmt.bit(aw)).and(wr.bits(aw - 1, 0).eq(cmt.bits(aw - 1, 0))).named("full");
        io.enq.ready.connect(full.not());
        when(io.enq.fire(), () -> {
            ThresholdUnit.Numbered e = io.enq.bits;
            mem.write(wr.bits(aw - 1, 0), Cat(e.key, e.weight, e.threshold));
            wr.connect(wr.add(1));
        });

        unpack(mem.read(iss.bits(aw - 1, 0)), io.issue.bits, c);
        io.issue.valid.connect(iss.ne(wr).and(io.issueEnable));
        unpack(mem.read(cmt.bits(aw - 1, 0)), io.head, c);
        io.headValid.connect(cmt.ne(wr));

        when(io.commit, () -> cmt.connect(cmt.add(1)));
        when(io.rewind, () -> iss.connect(cmt)).elsewhen(io.issue.fire(), () -> iss.connect(iss.add(1)));
    }

    private static void unpack(UInt word, ThresholdUnit.Numbered e, RapConfig c) {
        int t = c.thresholdBits();
        int w = c.weightBits();
        e.threshold.connect(word.bits(t - 1, 0));
        e.weight.connect(word.bits(t + w - 1, t));
        e.key.connect(word.bits(t + w + c.keyBits() - 1, t + w));
    }
}
