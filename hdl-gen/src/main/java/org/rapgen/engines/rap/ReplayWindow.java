package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.TH;
import static org.rapgen.hdl.lib.NameKey.U;
import static org.rapgen.hdl.lib.NameKey.WT;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SplitCompare;

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
 * the key and weight (for the TCAM), the head side the threshold's complement and weight (for the commit stage). Without a weight
 * field or a combining queue every event weighs 1, and the weight is not stored at all. Block RAM reads
 * are registered, so each side presents the next value of its pointer as the read address (one event per clock, no
 * bubble). What a RAM returns for an address read in the clock it is written never matters, so both RAMs carry
 * {@code no_rw_check}: the issue side reads on every clock and takes such a word (an event written into an empty
 * window, issued on the next clock) from a bypass register; the head side's read enable excludes it through
 * registered occupancy flags instead of a pointer compare (an assertion checks the promise). The head is a register loaded from
 * the RAM's read of the entry after it (or from the write itself, into an empty window), so the commit stage's
 * compares start at a flip-flop; an assertion checks that every commit finds its word there.
 */
public final class ReplayWindow extends Module {
    /** What the commit stage needs of the oldest uncommitted event. */
    public static final class Head extends Bundle {
        public final UInt weight;
        /**
         * ~T(n), T clipped: the window keeps the threshold's complement, which is what the commit stage's compares add
         * ({@link SplitCompare#greaterThanComplement}), so they start at the head register without a LUT of inverters.
         */
        public final UInt notThreshold;
        /**
         * T(n) < 2^C, so a count can exceed it: taken as the event is written, so the commit's split test compares only
         * C bits and does not also wait for a test of T's high bits.
         */
        public final Bool thresholdFits;
        /**
         * The low C bits of {@link #notThreshold} again, for the commit's split compare alone, from a register of their
         * own: the head register sits by the window's block RAMs, and a copy lets the placer put these bits by the
         * compare's carry chains instead. The copy has a reset value and the head register none, so Yosys's
         * {@code opt_merge} does not fold the two back into one ({@code (* keep *)} does not stop it).
         */
        public final UInt compareNotThreshold;

        Head(RapConfig c) {
            weight = UInt(c.weightBits());
            notThreshold = UInt(c.thresholdBits());
            thresholdFits = Bool();
            compareNotThreshold = UInt(c.counterBits());
        }
    }

    /**
     * Whether the head register takes the head RAM's read on this clock's edge (at a commit, or a refetch), and that
     * read's threshold: for a caller that keeps its own fact about the head in step with it, computed from the read
     * before the choice, so the choice (it waits for the commit strobe) meets only the last LUT. The head's other
     * loads, the word being written into an empty window, commit several clocks later at the earliest, so such a
     * caller may take those from the head register a clock later.
     */
    public static final class HeadLoad extends Bundle {
        public final Bool fromRead = Bool();
        public final UInt readNotThreshold;

        HeadLoad(RapConfig c) {
            readNotThreshold = UInt(c.thresholdBits());
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<ThresholdUnit.Numbered> enq;
        public final DecoupledIO<ThresholdUnit.Event> issue;
        public final Bool issueEnable = Input(Bool());
        /** The oldest uncommitted event; meaningful when it commits (a clock after it was written, at the earliest). */
        public final Head head;

        public final HeadLoad headLoad;
        public final Bool headValid = Output(Bool());
        public final Bool commit = Input(Bool());
        /** Issue again from the head (the controller asserts it only while nothing is in flight). */
        public final Bool rewind = Input(Bool());

        IO(RapConfig c) {
            enq = Flipped(Decoupled(new ThresholdUnit.Numbered(c)));
            issue = Decoupled(new ThresholdUnit.Event(c));
            head = Output(new Head(c));
            headLoad = Output(new HeadLoad(c));
        }
    }

    public final IO io;
    private final int weightBits;
    /** Every event weighs 1 (no weight field, no combining): the weight is not stored. */
    private final boolean unitWeights;

    public ReplayWindow(RapConfig c, int depth) {
        super(K, c.keyBits(), WT, c.weightBits(), U, c.unitWeights(), TH, c.thresholdBits(), D, depth);
        if (depth < 4 || Integer.bitCount(depth) != 1) {
            throw new HdlException(
                    SourceLoc.callerOf(ReplayWindow.class),
                    "replay window depth must be a power of two >= 4, got " + depth);
        }
        io = IO(new IO(c));
        int aw = log2Up(depth);
        int kb = c.keyBits();
        int tb = c.thresholdBits();
        weightBits = c.weightBits();
        unitWeights = c.unitWeights();
        int sw = unitWeights ? 0 : weightBits;

        // The issue side reads on every clock, and a read of the address being written is replaced by the bypass
        // register (below), so what the RAM returns then never matters: the attribute keeps synthesis from adding
        // read-during-write logic. The head side's read enable excludes the write address through the held flags,
        // which synthesis cannot see through: the same attribute, and an assertion below keeps the promise.
        SyncReadMem<UInt> issueEntries =
                SyncReadMem(depth, UInt(kb + sw)).named("issue_entries").attribute("no_rw_check");
        SyncReadMem<UInt> headEntries =
                SyncReadMem(depth, UInt(1 + tb + sw)).named("head_entries").attribute("no_rw_check");
        UInt writePtr = RegInit(U(0, aw + 1)).named("write_ptr");
        UInt issuePtr = RegInit(U(0, aw + 1)).named("issue_ptr");
        UInt commitPtr = RegInit(U(0, aw + 1)).named("commit_ptr");
        // Whether the window holds 0, 1 or 2 entries (write - commit), as flags stepped by the write and the commit:
        // the head side's write and read collisions then need only the commit strobe and these flags, not a pointer
        // compare after it.
        Bool held0 = RegInit(B(true)).named("held_0");
        Bool held1 = RegInit(B(false)).named("held_1");
        Bool held2 = RegInit(B(false)).named("held_2");

        // Full, a flag stepped like the held flags: the enqueue handshake, which every write enable and the head side's
        // collision tests follow, then starts at a flip-flop.
        Bool full = RegInit(B(false)).named("full");
        io.enq.ready.connect(full.not());
        Bool enqFire = io.enq.fire().named("enq_fire");
        UInt wrAddr = writePtr.bits(aw - 1, 0);
        ThresholdUnit.Numbered e = io.enq.bits;
        UInt issueWord = withWeight(e.key, e.weight);
        int cb = c.counterBits();
        Bool fits = tb > cb ? e.threshold.bits(tb - 1, cb).orR().not() : B(true);
        UInt headWord = withWeight(Cat(fits, e.threshold.not()), e.weight);
        when(enqFire, () -> {
            issueEntries.write(wrAddr, issueWord);
            headEntries.write(wrAddr, headWord);
        });
        UInt writePtrNext = Mux(enqFire, writePtr.add(1), writePtr).named("write_ptr_next");
        writePtr.connect(writePtrNext);

        // Rewind only comes while nothing is in flight, so it never meets an issue or a commit, and the issue
        // handshake, which arrives late (the TCAM's ready), can be the last select: it meets the RAM's read address in
        // one LUT.
        UInt issuePtrNext = Mux(io.issue.fire(), issuePtr.add(1), Mux(io.rewind, commitPtr, issuePtr))
                .named("issue_ptr_next");
        Assert(io.rewind.and(io.issue.fire().or(io.commit)).not(), "a rewind met an issue or a commit");
        UInt commitPtrNext = Mux(io.commit, commitPtr.add(1), commitPtr).named("commit_ptr_next");
        issuePtr.connect(issuePtrNext);
        commitPtr.connect(commitPtrNext);
        UInt issAddr = issuePtrNext.bits(aw - 1, 0);

        // Issue side: the word written in the clock its address was read comes from the bypass register. The read
        // itself is not held back then: its enable would put the pointer compare behind the issue handshake.
        Bool issueCollides = enqFire.and(wrAddr.eq(issAddr)).named("issue_collides");
        UInt issueRead = issueEntries.read(issAddr, B(true));
        Bool issueBypass = RegNext(issueCollides, B(false)).named("issue_bypass");
        UInt lastWritten = Reg(UInt(kb + sw)).named("issue_last_written");
        when(enqFire, () -> lastWritten.connect(issueWord));
        UInt issueWordOut = Mux(issueBypass, lastWritten, issueRead);
        io.issue.bits.key.connect(issueWordOut.bits(kb + sw - 1, sw));
        io.issue.bits.weight.connect(weightOf(issueWordOut));
        // Whether an event waits to issue, a flip-flop set from the pointers' next values: the pointer compare lies
        // before it, not between the issue handshake and the RAM's read address.
        Bool issueWaiting = RegNext(issuePtrNext.ne(writePtrNext), B(false)).named("issue_waiting");
        Assert(issueWaiting.eq(issuePtr.ne(writePtr)), "issue_waiting disagrees with the pointers");
        io.issue.valid.connect(issueWaiting.and(io.issueEnable));

        // Head side: the head is a register, so the commit stage's threshold compares start at a flip-flop (block RAM
        // read data arrives late in the clock). The RAM reads ahead, the entry after the head, and a commit loads it.
        // A write into the head's own slot (the window is empty, or empties with this clock's commit) goes straight
        // into the register. If the entry after the head was written in the clock it was read, the commit leaves the
        // head unknown and the next clock reads the head itself again: an event commits several clocks after it was
        // written, so the refetch is always in time (asserted below).
        UInt headEntry = Reg(UInt(1 + tb + sw)).named("head_entry");
        Bool headKnown = RegInit(B(false)).named("head_known");
        Bool refetched = RegInit(B(false)).named("head_refetched");
        // Once: in the clock its word arrives the head is still unknown, and the RAM must read ahead again.
        Bool refetch = headKnown.not().and(refetched.not()).and(held0.not()).named("head_refetch");
        refetched.connect(refetch);
        UInt readAddr = Mux(refetch, commitPtr, Mux(io.commit, commitPtr.add(2), commitPtr.add(1)))
                .bits(aw - 1, 0)
                .named("head_read_addr");
        // A refetch reads the head itself, which is already written.
        Bool readCollides =
                enqFire.and(refetch.not()).and(Mux(io.commit, held2, held1)).named("head_read_collides");
        UInt headRead = headEntries.read(readAddr, readCollides.not());
        Bool aheadFresh =
                RegNext(readCollides.not().and(refetch.not()), B(false)).named("ahead_fresh");
        Bool writesHead = enqFire.and(Mux(io.commit, held1, held0)).named("writes_head");
        UInt compareNotT = RegInit(U(0, cb)).named("head_compare_not_t");
        // The head loads at a commit, after a refetch, or when a write lands in an empty window. As a flat OR the
        // commit strobe meets the head register's enable in its last LUT; the same choice as a priority of writesHead,
        // refetched and the commit had put three LUT levels after the strobe.
        Bool headLoads = io.commit.or(refetched).or(enqFire.and(held0)).named("head_loads");
        UInt headNext = Mux(writesHead, headWord, headRead).named("head_next");
        when(headLoads, () -> {
            headEntry.connect(headNext);
            compareNotT.connect(lowNotThreshold(headNext, sw, cb));
            // At a commit the read-ahead is the new head if that read was clean and the window does not empty.
            headKnown.connect(writesHead.or(refetched).or(aheadFresh.and(held1.not())));
        });
        Assert(
                headKnown.not().or(compareNotT.eq(lowNotThreshold(headEntry, sw, cb))),
                "head_compare_not_t %x is not the head's ~T %x",
                compareNotT,
                lowNotThreshold(headEntry, sw, cb));
        io.head.compareNotThreshold.connect(compareNotT);
        io.headLoad.fromRead.connect(writesHead.not().and(refetched.or(io.commit)));
        io.headLoad.readNotThreshold.connect(headRead.bits(tb + sw - 1, sw));
        io.head.notThreshold.connect(headEntry.bits(tb + sw - 1, sw));
        io.head.thresholdFits.connect(headEntry.bit(tb + sw));
        io.head.weight.connect(weightOf(headEntry));
        io.headValid.connect(held0.not());

        // The flags step from the flags: a write adds one entry, a commit takes one, both keep the count. "Three held"
        // and "one short of full" come from the pointers as they are, so the commit strobe meets only the last LUT.
        UInt held = writePtr.sub(commitPtr).named("held");
        Bool held3 = held.eq(3).named("held_3");
        Bool oneShort = held.eq(depth - 1).named("held_one_short");
        Bool up = enqFire.and(io.commit.not());
        Bool down = io.commit.and(enqFire.not());
        Bool same = up.not().and(down.not());
        held0.connect(held0.and(up.not()).or(held1.and(down)));
        held1.connect(held0.and(up).or(held1.and(same)).or(held2.and(down)));
        held2.connect(held1.and(up).or(held2.and(same)).or(held3.and(down)));
        full.connect(oneShort.and(up).or(full.and(down.not())));
        Assert(
                held0.eq(held.eq(0))
                        .and(held1.eq(held.eq(1)))
                        .and(held2.eq(held.eq(2)))
                        .and(full.eq(held.eq(depth))),
                "the held flags disagree with the pointers");
        when(
                enqFire.and(readCollides.not()),
                () -> Assert(wrAddr.ne(readAddr), "the head RAM reads the slot being written"));
        when(io.commit, () -> Assert(held0.not().and(headKnown), "a commit of an event not (yet) in the window"));
    }

    /** A RAM word: {@code field} with the weight below it, unless every weight is 1. */
    private UInt withWeight(UInt field, UInt weight) {
        return unitWeights ? field : Cat(field, weight);
    }

    /** The low C bits of a head word's ~T: what the commit's split compare reads. */
    private static UInt lowNotThreshold(UInt word, int sw, int cb) {
        return word.bits(sw + cb - 1, sw);
    }

    private UInt weightOf(UInt word) {
        return unitWeights ? U(1, weightBits) : word.bits(weightBits - 1, 0);
    }
}
