package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.Fifo;

/**
 * The younger events a split in place finds in the counter SRAM ({@link TrieController}). Their updates are undone like
 * any squashed update; their walk results wait here, oldest first, and are issued again once the split is over,
 * corrected for it: one that stopped at the split node moves into the new leaf of its digit. The events still in the
 * walk are older than none of these, so these go first, while the walk holds.
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
    /** The head record, corrected for the split. */
    final UInt slot;

    final UInt depth;
    final UInt children;
    final UInt weight;
    final UInt key;

    private final int latency;
    private final Fifo queue;
    private final UInt[] beside = new UInt[3];

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
        int entries = Math.max(2, Integer.highestOneBit(latency) << 1);
        queue = Module(new Fifo(slotBits + depthBits + kidBits + weightBits + keyBits, entries));
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
        key = head.bits(at - 1, 0);
        Bool moved = headSlot.eq(splitSlot).named("redo_moved");
        UInt leaf = cw.entry(splitWord, TrieWalk.digitAt(c, key, headDepth)).named("redo_leaf");
        slot = Mux(moved, leaf, headSlot).named("redo_slot");
        depth = Mux(moved, headDepth.add(U(1, depthBits)), headDepth).named("redo_depth");
        children = Mux(moved, U(0, kidBits), headKids).named("redo_children");
        Assert(
                queue.io.count.le(U(latency + 1, queue.io.count.getWidth())),
                "more squashed events to redo than in the SRAM");
    }

    /**
     * The fields of a counter command as it is issued, carried beside it to its result (a redo's push needs them then).
     */
    void beside(UInt children, UInt weight, UInt key) {
        beside[0] = ShiftRegister(children, latency, null, "hit_children");
        beside[1] = ShiftRegister(weight, latency, null, "hit_weight");
        beside[2] = ShiftRegister(key, latency, null, "hit_key");
    }

    /** A squashed event's result leaves the SRAM: queue its walk result (slot and depth come with the result). */
    void push(Bool valid, UInt resultSlot, UInt resultDepth) {
        queue.io.enq.valid.connect(valid);
        queue.io.enq.bits.connect(Cat(resultSlot, resultDepth, beside[0], beside[1], beside[2]));
        when(valid, () -> Assert(queue.io.enq.ready, "the redo queue is full"));
    }

    /** The head record is issued on this clock. */
    void pop(Bool issue) {
        queue.io.deq.ready.connect(issue);
    }
}
