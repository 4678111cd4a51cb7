package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.RapController.State.*;
import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;
import org.rapgen.hdl.lib.SlotPicker;

/**
 * A split of the TCAM engine ({@link RapController}'s SPLIT_SCAN, SPLIT and SPLIT_ALLOC). The missing children of v
 * are found from the node table (v's existing children, if an interior merge left some); if there are fewer free slots
 * than missing children, one early merge batch runs with the same T, then the split goes ahead whole or is skipped
 * (deferred split, sticky overflow). Each new child takes a free slot, its TCAM word and prefix, and a count SET to 0,
 * one child a clock. Built in the caller's module; the caller puts {@link #scan}, {@link #decide} and
 * {@link #allocate} in its FSM and calls {@link #afterFsm} after it.
 */
final class TcamSplit {
    /** The loading clock of SPLIT_SCAN's walk of v's children. */
    final Bool scanFresh = RegInit(B(false)).named("scan_fresh");
    /** SPLIT_SCAN's walk after its loading clock. */
    final Bool scanWalking = RegInit(B(false)).named("scan_walking");
    /** The early batch of this split has run. */
    final Bool earlyDone = RegInit(B(false)).named("early_done");
    /** SPLIT's inputs have stood still long enough for its registered decisions. */
    final Bool settled;

    private final RapConfig c;
    private final OneHotState<RapController.State> state;
    private final NodeTable table;
    private final StatusRegs st;
    private final CounterPort cmd;
    private final TcamWriteRegister tw;
    private final SlotPicker slots;
    private final UInt opSlot;
    private final UInt opDepth;
    private final UInt deepest;
    private final SlotPrefixes prefixes;
    private final MergeSkip skip;
    private final UInt present;
    private final UInt presentNext;
    private final UInt nextDigit;
    private final Bool lastChild;
    private final Bool scanDigitValid;
    private final Bool scanDigitHeld;
    private final UInt scanDigit;
    private final Bool fitsNow;
    private final Bool splitFits;
    private final Bool splitHeld;
    private final UInt childDepth;
    private final UInt childMask;
    private final UInt childPrefixWord;
    private final Bool opAtDeepest;

    /**
     * @param slots       the child walker, shared with the merge walk: here it walks v's children, then the free slots
     * @param opChildren  v's child count, registered
     * @param freeSlots   N minus the node count, {@code fw} bits
     * @param deepest     no node is deeper (deepest_depth); a split at that depth raises it
     * @param prefixes    the node prefixes: v's is read in SPLIT, and the write wires carry the new child's
     */
    TcamSplit(
            RapConfig c,
            OneHotState<RapController.State> state,
            NodeTable table,
            StatusRegs st,
            CounterPort cmd,
            TcamWriteRegister tw,
            SlotPicker slots,
            UInt opSlot,
            UInt opDepth,
            UInt opChildren,
            UInt freeSlots,
            int fw,
            UInt deepest,
            SlotPrefixes prefixes,
            MergeSkip skip) {
        this.c = c;
        this.state = state;
        this.table = table;
        this.st = st;
        this.cmd = cmd;
        this.tw = tw;
        this.slots = slots;
        this.opSlot = opSlot;
        this.opDepth = opDepth;
        this.deepest = deepest;
        this.prefixes = prefixes;
        this.skip = skip;
        present = Reg(UInt(c.branching())).named("present_children");
        // Every write of present goes through its next value, so the split's next digit and "this child is the last"
        // are registered from it and describe present exactly on every clock: SPLIT_ALLOC's decisions start at
        // flip-flops.
        presentNext = WireDefault(UInt(c.branching()), present).named("present_children_next");
        present.connect(presentNext);
        nextDigit =
                RegNext(new FirstSet(presentNext.not(), c.bitsPerLevel()).index).named("split_next_digit");
        lastChild = RegNext(FirstSet.twoOrMore(presentNext.not()).not()).named("split_last_child");
        // SPLIT_SCAN's pick's digit lands in present_children a clock later, from this register: the 32:1 digit select
        // then ends at a flip-flop, not in the decode, present's OR and the FirstSet behind it. Every digit lands while
        // the walk is still in SPLIT_SCAN (it ends a clock after its last find; asserted), before SPLIT_ALLOC reads
        // split_next_digit.
        scanDigitValid = WireDefault(Bool(), B(false)).named("scan_digit_take");
        scanDigitHeld = RegNext(scanDigitValid, B(false)).named("scan_digit_valid");
        scanDigit = RegNext(Mux1H(slots.oneHot, table.digit)).named("scan_digit");
        // Whether the free slots cover v's missing children, registered from op_children: SPLIT acts once UNDO,
        // SPLIT_SCAN and SPLIT have lasted three clocks together (none changes op_slot or the table), or on its third
        // clock after an early batch, which may just have freed slots.
        UInt missingChildren = U(c.branching(), fw).sub(opChildren.pad(fw)).named("missing_children");
        fitsNow = freeSlots.ge(missingChildren);
        splitFits = RegNext(fitsNow).named("split_fits");
        // A new child's TCAM word: its digit field and its mask depend only on op_depth, which stands still from the
        // commit that asked for the split to the end of SPLIT_ALLOC (DRAIN, UNDO and SPLIT's three clocks come
        // between), so they are registered and the word is one LUT from flip-flops: the parent's prefix (the prefix
        // RAM's word), the digit and the field. Checked against the shifts where they are used.
        childDepth = opDepth.add(U(1, c.depthBits())).named("child_depth");
        UInt childMaskNow = maskBelow(childDepth);
        UInt childDigitField =
                RegNext(maskBelow(opDepth).and(childMaskNow.not())).named("child_digit_field");
        childMask = RegNext(childMaskNow).named("child_mask");
        childPrefixWord = prefixes.read
                .or(childDigitField.and(Fill(c.keyBits() / c.bitsPerLevel(), nextDigit)))
                .named("child_prefix");
        // The TCAM and prefix RAM write wires carry the split's new child unless INIT writes the root: they matter only
        // with their valid or write strobe, so their values are a choice between two, not a chain over the states.
        tw.index.connect(slots.index);
        tw.value.connect(childPrefixWord);
        tw.mask.connect(childMask);
        prefixes.writeSlot.connect(slots.index);
        prefixes.writeValue.connect(childPrefixWord);
        // Whether the split node is at the deepest level, registered: neither changes while the split settles.
        opAtDeepest = RegNext(opDepth.ge(deepest)).named("op_at_deepest");
        // SPLIT's decisions read only the flip-flop (SPLIT is one of the states); the checks take the whole test.
        Bool splitStates = state.is(UNDO).or(state.is(SPLIT_SCAN)).or(state.is(SPLIT));
        splitHeld = HeldBefore(splitStates, 3, "split_settled");
        settled = splitStates.and(splitHeld).named("split_settled");
    }

    /** UNDO is over and the commit asked for a split: scan v's children, unless it is a leaf (the usual split). */
    void begin(UInt opChildren) {
        earlyDone.connect(B(false));
        presentNext.connect(U(0, c.branching()));
        when(opChildren.eq(0), () -> state.go(SPLIT)).otherwise(() -> {
            scanFresh.connect(B(true));
            state.go(SPLIT_SCAN);
        });
    }

    /** SPLIT_SCAN: an interior merge may have left v some children; note which digits exist. */
    void scan() {
        when(scanFresh, () -> {
                    slots.load();
                    scanFresh.connect(B(false));
                    scanWalking.connect(B(true));
                })
                .elsewhen(slots.ready(), () -> {
                    // A take with nothing found leaves the walker as it is, so the take need not wait for found.
                    slots.take();
                    when(slots.found, () -> scanDigitValid.connect(B(true))).otherwise(() -> {
                        scanWalking.connect(B(false));
                        state.go(SPLIT);
                    });
                });
    }

    /**
     * SPLIT: go ahead if the free slots cover the missing children; else run {@code earlyBatch} once, then
     * {@code deferred}. The free slots load on every SPLIT clock, the last load being the one into SPLIT_ALLOC:
     * nothing reads the walker in SPLIT, so the load waits for no decision.
     */
    void decide(Runnable earlyBatch, Runnable deferred) {
        slots.load();
        when(splitHeld.not(), () -> {})
                .elsewhen(splitFits, () -> {
                    when(opAtDeepest, () -> deepest.connect(opDepth.add(U(1, c.depthBits()))));
                    state.go(SPLIT_ALLOC);
                })
                .elsewhen(earlyDone.not(), () -> {
                    earlyDone.connect(B(true));
                    earlyBatch.run();
                })
                .otherwise(() -> {
                    st.deferred.connect(B(true));
                    deferred.run();
                });
    }

    /**
     * SPLIT_ALLOC: one child a clock, then {@code done}. The split ends with its last child: a free slot's child count
     * is already 0 (only leaves are freed), so the child-count write port is free for v's.
     */
    void allocate(Runnable done) {
        int cb = c.counterBits();
        cmd.op.connect(U(ControllerIO.OP_SET, 2));
        cmd.addr.connect(slots.index);
        cmd.value.connect(U(0, cb));
        when(slots.ready(), () -> {
            Assert(
                    childPrefixWord
                            .eq(childPrefix(prefixes.read, opDepth, nextDigit))
                            .and(childMask.eq(maskBelow(childDepth))),
                    "split: the registered child digit field or mask does not describe op_depth %0d",
                    opDepth);
            tw.valid.connect(B(true));
            // The child's count SET goes with its TCAM write, so the child appears all at once.
            cmd.valid.connect(tw.ready);
            when(tw.ready, () -> {
                slots.take();
                table.valid.connect(table.valid.or(slots.oneHot));
                table.place(slots.oneHot, childDepth, opSlot, nextDigit);
                presentNext.connect(
                        present.or(U(1, c.branching()).shl(nextDigit).bits(c.branching() - 1, 0)));
                st.allocated.connect(B(true));
                prefixes.write.connect(B(true));
                when(lastChild, () -> {
                    skip.invalidate();
                    table.setChildCount(opSlot, U(c.branching(), c.childCountBits()));
                    st.split.connect(B(true));
                    done.run();
                });
            });
        });
    }

    /** After the FSM: a scanned child's digit lands in present_children. */
    void afterFsm() {
        when(scanDigitHeld, () -> {
            Assert(state.is(SPLIT_SCAN), "a scanned child's digit landed outside SPLIT_SCAN");
            presentNext.connect(present.or(U(1, c.branching()).shl(scanDigit).bits(c.branching() - 1, 0)));
        });
    }

    /** The simulation checks of the split's registered state. */
    void check() {
        when(state.is(SPLIT_ALLOC).and(slots.ready()), () -> {
            Assert(slots.found, "a split found no free slot after checking capacity");
            Assert(present.andR().not(), "a split with no missing child");
            Assert(
                    lastChild
                            .eq(FirstSet.twoOrMore(present.not()).not())
                            .and(nextDigit.eq(new FirstSet(present.not(), c.bitsPerLevel()).index)),
                    "split_last_child or split_next_digit does not describe present_children %b",
                    present);
            Assert(table.childCount.read(slots.index).eq(0), "free slot %d has a child count", slots.index);
        });
        // A child count lands a clock after it is set (NodeTable): no decision reads it in that clock.
        when(table.writeQ, () -> Assert(settled.not(), "a split decision while a child count is still being written"));
        // The registered lookups are read only where their inputs have stood still for a clock.
        when(
                settled,
                () -> Assert(
                        splitFits.eq(fitsNow).and(opAtDeepest.eq(opDepth.ge(deepest))),
                        "split_fits or op_at_deepest read a clock after its inputs changed"));
        Assert(
                scanFresh
                        .or(scanWalking)
                        .eq(state.is(SPLIT_SCAN))
                        .and(scanFresh.and(scanWalking).not()),
                "the walk flags (scan %b/%b) do not split SPLIT_SCAN",
                scanFresh,
                scanWalking);
    }

    /** The TCAM mask of a node of depth {@code depth}: don't-care below its length. */
    private UInt maskBelow(UInt depth) {
        return Fill(c.keyBits(), B(true)).shr(ControllerIO.lengthOf(c, depth));
    }

    /** The prefix of digit d's child of a node (whose prefix has only zeros below its length). */
    private UInt childPrefix(UInt parentPrefix, UInt parentDepth, UInt d) {
        int kb = c.keyBits();
        UInt shift = ControllerIO.lengthOf(c, U(c.levels() - 1, c.depthBits()).sub(parentDepth));
        return parentPrefix.or(d.pad(kb).shl(shift).bits(kb - 1, 0));
    }

    /**
     * Drives the child walker this split shares with the merge walk: its loads and takes come from the walks' flags,
     * on the same clocks as the state arms' (the walkers check).
     */
    void shareWalker(TcamMergeWalk walk, UInt kidsVector) {
        Bool kidsLoad = walk.kidsLoad;
        MergeVerdict verdict = walk.verdict;
        slots.loadWhen(scanFresh.or(state.is(SPLIT)).or(kidsLoad));
        slots.takeWhen(slots.ready()
                .and(scanWalking
                        .or(state.is(SPLIT_ALLOC).and(tw.ready))
                        .or(walk.kidsWalking
                                .and(verdict.usesPort.not())
                                .and(slots.last().not().or(verdict.canHandOff)))));

        // What each walker loads depends only on the state that loads it, so it is chosen here by state flip-flops, and
        // the states only decide when: SPLIT loads the free slots, SPLIT_SCAN and MERGE_KIDS a node's children;
        // MERGE_LEVEL loads a level's leaves, and MERGE_KIDS takes the merge parent's leaves out of them.
        // kids_vector (a 5-bit compare and a leaf test in each slot) is the late one: it enters the child walker's
        // candidates in their last LUT (it led half of twelve iCE40 placements, through three LUTs after it). The leaf
        // walker's other vector, a level's leaves, is a depth compare in each slot, as deep: a choice made first would
        // put a LUT level after it (checked: 19 endpoints over 10 ns on seed 1).
        slots.loadFrom(table.valid.not());
        slots.loadLate(scanFresh.or(kidsLoad), kidsVector);
    }

    /**
     * INIT: the root, slot 0 with every key bit don't-care and prefix 0, held until the TCAM takes it; {@code placed}
     * runs on that clock.
     */
    void placeRoot(Bool start, Runnable placed) {
        tw.index.connect(U(0, c.slotBits()));
        tw.value.connect(U(0, c.keyBits()));
        tw.mask.connect(Fill(c.keyBits(), B(true)));
        prefixes.writeSlot.connect(U(0, c.slotBits()));
        prefixes.writeValue.connect(U(0, c.keyBits()));
        when(start, () -> {
            tw.valid.connect(B(true));
            when(tw.ready, () -> {
                prefixes.write.connect(B(true));
                placed.run();
            });
        });
    }
}
