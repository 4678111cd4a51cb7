package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.Fifo;

/**
 * The younger events a split in place finds in the counter SRAM ({@link TrieController}). Their updates are not undone:
 * their results wait here, oldest first, and are issued again once the split is over, so that they commit after it.
 * One that stopped at the split node moves into the new leaf of its digit and is issued as an ADD there (the split sets
 * the node's count back to the splitting event's). Any other keeps its count, since a split changes no count but the
 * node's: it is issued as a SET of the count its squashed ADD made, so its result carries that count to the commit
 * again, and a later event's ADD of the same slot, squashed too, is re-set after it. The events still in the walk are
 * older than none of these, so these go first, while the walk holds.
 *
 * <p>A SET's own result has the wrong count before it (the one every squashed ADD left) and no saturation flag, so both
 * ride beside a SET from the queue to its result ({@code resultOld}, {@code resultSaturated}): a later stop that
 * squashes it again, undone or redone, needs them.
 *
 * <p>There are at most one more than the SRAM's result latency: each was issued after the splitting event and no later
 * than the clock its verdict stopped the pipeline (the walk stops a clock after the verdict). Reissued one a clock,
 * they are all out by the clock the first of them commits, so a later stop never finds the queue part-drained. Built in
 * the caller's module.
 */
final class SplitRedo {
    /** A record is at the head: RUN issues it instead of the walk's result, and the walk holds. */
    final Bool pending;
    /** A record is queued (from the clock after its push). */
    final Bool queued;
    /** The last queued record is issued on this clock (set by {@link #pop}). */
    final Bool lastIssued = WireDefault(Bool(), B(false)).named("redo_last_issued");
    /** The head record, corrected for the split. */
    final UInt slot;

    final UInt depth;
    final UInt children;
    final UInt weight;
    final UInt key;
    /** The head is issued as a SET of {@link #count}; one that moved into a new leaf is an ADD of its weight. */
    final Bool sets;

    final UInt count;

    private final int latency;
    private final RapConfig c;
    private final UInt splitSlot;
    private final Fifo queue;
    private final UInt headOld;
    private final Bool headSaturated;
    private final UInt[] beside = new UInt[3];
    /** The count before the result's update: a redone SET's comes from its record (after {@link #beside}). */
    UInt resultOld;
    /** The result's update saturated: a redone SET's flag comes from its record (after {@link #beside}). */
    Bool resultSaturated;

    /**
     * @param latency   clocks from a counter command's issue to its result
     * @param splitSlot the node split in place
     * @param splitWord its new child word
     */
    SplitRedo(RapConfig c, int latency, UInt splitSlot, UInt splitWord) {
        this.latency = latency;
        ChildWord cw = new ChildWord(c);
        int slotBits = c.slotBits();
        int depthBits = c.depthBits();
        int kidBits = c.childCountBits();
        int weightBits = c.weightBits();
        int keyBits = c.keyBits();
        int cb = c.counterBits();
        int entries = Math.max(2, Integer.highestOneBit(latency) << 1);
        int digitBits = c.bitsPerLevel();
        this.splitSlot = splitSlot;
        this.c = c;
        // Whether a record moves, and its digit below the split node, are found as it is pushed, so the issue's slot
        // waits only on the head's leaf in the split's word.
        queue = Module(
                new Fifo(slotBits + depthBits + kidBits + weightBits + keyBits + 2 * cb + 1 + 1 + digitBits, entries));
        queue.io.deq.ready.connect(B(false));
        queue.io.enq.valid.connect(B(false));
        queue.io.enq.bits.connect(U(0, queue.io.enq.bits.getWidth()));
        pending = queue.io.deq.valid.named("redo_pending");
        queued = queue.io.count.orR().named("redo_queued");
        UInt head = queue.io.deq.bits;
        int at = head.getWidth();
        UInt headSlot = head.bits(at - 1, at -= slotBits);
        UInt headDepth = head.bits(at - 1, at -= depthBits);
        UInt headKids = head.bits(at - 1, at -= kidBits);
        weight = head.bits(at - 1, at -= weightBits);
        key = head.bits(at - 1, at -= keyBits);
        count = head.bits(at - 1, at -= cb);
        headOld = head.bits(at - 1, at -= cb);
        headSaturated = head.bit(at - 1);
        at -= 1;
        Bool moved = head.bit(at - 1).named("redo_moved");
        at -= 1;
        UInt digit = head.bits(at - 1, 0).named("redo_digit");
        sets = moved.not().named("redo_sets");
        UInt leaf = cw.entry(splitWord, digit).named("redo_leaf");
        slot = Mux(moved, leaf, headSlot).named("redo_slot");
        depth = Mux(moved, headDepth.add(U(1, depthBits)), headDepth).named("redo_depth");
        children = Mux(moved, U(0, kidBits), headKids).named("redo_children");
        Assert(
                queue.io.count.le(U(latency + 1, queue.io.count.getWidth())),
                "more squashed events to redo than in the SRAM");
    }

    /**
     * The fields of a counter command as it is issued, carried beside it to its result (a redo's push needs them then),
     * and for a redo issued on this clock ({@code redoIssue}) as a SET, the count before it and its saturation flag.
     */
    void beside(UInt children, UInt weight, UInt key, Bool redoIssue, ControllerIO.CounterResult res) {
        beside[0] = ShiftRegister(children, latency, null, "hit_children");
        beside[1] = ShiftRegister(weight, latency, null, "hit_weight");
        beside[2] = ShiftRegister(key, latency, null, "hit_key");
        Bool setAtResult = ShiftRegister(redoIssue.and(sets), latency, B(false), "hit_redo_set");
        UInt oldAtResult = ShiftRegister(headOld, latency, null, "hit_redo_old");
        Bool saturatedAtResult = ShiftRegister(headSaturated, latency, null, "hit_redo_saturated");
        resultOld = Mux(setAtResult, oldAtResult, res.old).named("result_old");
        resultSaturated = Mux(setAtResult, saturatedAtResult, res.saturated).named("result_saturated");
    }

    /** A squashed event's result leaves the SRAM: queue its walk result (slot and depth come with the result). */
    void push(Bool valid, ControllerIO.CounterResult res, UInt resultDepth) {
        queue.io.enq.valid.connect(valid);
        queue.io.enq.bits.connect(Cat(
                res.addr,
                resultDepth,
                beside[0],
                beside[1],
                beside[2],
                res.updated,
                resultOld,
                resultSaturated,
                res.addr.eq(splitSlot),
                TrieWalk.digitAt(c, beside[2], resultDepth)));
        when(valid, () -> Assert(queue.io.enq.ready, "the redo queue is full"));
    }

    /** The head record is issued on this clock. */
    void pop(Bool issue) {
        queue.io.deq.ready.connect(issue);
        lastIssued.connect(issue.and(queue.io.count.eq(1)));
    }
}
