package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * Knows when a merge batch would remove nothing, so the engine can count it without walking the tree.
 *
 * <p>After a batch with threshold t0, every node that still has leaf children has a merge sum S >= t0 (the batch is
 * bottom-up, so each such node was examined with its subtree already final, did not merge, and nothing below it
 * changed afterwards). Let minS be the smallest of those sums. Until the tree's shape changes (a split, or the next
 * batch), sums can only grow: updates add to counters, saturation clips but never lowers, and an undo restores
 * exactly. So a later batch with threshold t <= minS finds every S >= t and removes nothing. minS is "none" (all
 * ones, above any real sum) when no node has leaf children.
 *
 * <p>This matters when the tree is full: every event that lands on a node above T asks for a split, the split needs
 * an early merge batch, and in the golden model that batch usually removes nothing. With the skip the engine defers
 * such a split at the commit stage without stalling at all.
 */
final class MergeSkip {
    private final Bool valid = RegInit(B(false)).named("skip_valid");
    private final UInt minSum;
    private final UInt batchMin;
    private final int width;
    /** minSum or valid changes on this clock edge. */
    private final Bool touched = WireDefault(Bool(), B(false)).named("skip_touched");

    /**
     * The batch minimum goes back to "none" on the clock after a batch ends, from this flip-flop: the batch's end
     * and its start (the end of a split) are both long decision paths, and the minimum is 35 or more bits wide.
     */
    private final Bool minClears = RegInit(B(false)).named("batch_min_clears");

    /** The kept node's sum below the batch's minimum, registered from the sum a clock ahead of {@link #kept}. */
    private final Bool sumBelowMin;

    /** @param sumAhead a register that holds the sum a clock before each {@link #kept} */
    MergeSkip(UInt sumAhead) {
        width = sumAhead.getWidth();
        minSum = RegInit(Fill(width, B(true))).named("skip_min_sum");
        batchMin = RegInit(Fill(width, B(true))).named("batch_min_sum");
        sumBelowMin = RegNext(SplitCompare.greater(batchMin, sumAhead)).named("sum_below_batch_min");
        when(minClears, () -> {
            batchMin.connect(Fill(width, B(true)));
            minClears.connect(B(false));
        });
    }

    /** A batch with threshold t would remove nothing (t <= minS), given {@code notT = ~t}. */
    Bool batchIsEmpty(UInt notT) {
        return valid.and(SplitCompare.atLeastComplement(minSum, notT));
    }

    /**
     * {@link #batchIsEmpty} for the replay window's head, from a flip-flop that follows the head register: taken, as
     * the head loads from the window's RAM, from the threshold read, and otherwise from the head register's own (a
     * clock late after any other load, which {@link ReplayWindow.HeadLoad} allows). Exact for a caller that reads it
     * only on clocks after which the skip state has stood still for one (the engine's commits, which never follow a
     * batch or a split directly; asserted there). The commit decision then meets a flip-flop, not a compare from the
     * head register (that compare led iCE40 placements).
     */
    Bool batchIsEmptyForHead(ReplayWindow.HeadLoad load, ReplayWindow.Head head) {
        Bool next = Mux(load.fromRead, batchIsEmpty(load.readNotThreshold), batchIsEmpty(head.notThreshold));
        return RegNext(next, B(false)).named("head_batch_empty");
    }

    /**
     * {@link #batchIsEmpty} one clock late, from flip-flops, for a register {@code notT} holding ~t: the comparison is
     * taken only from a clock after which neither t ({@code tLoads}) nor the skip state changed, so it is exact, and
     * otherwise reads false (the batch is walked: slower, never wrong). Keeps a 36-bit compare out of the FSM's path.
     */
    Bool batchIsEmptySettled(UInt notT, Bool tLoads) {
        return RegNext(batchIsEmpty(notT).and(touched.not()).and(tLoads.not()), B(false))
                .named("skip_empty_settled");
    }

    /** The batch minimum is already "none" here (see {@link #minClears}). */
    void startBatch() {
        Assert(batchMin.andR(), "a merge batch starts with a minimum left from the last one");
    }

    /**
     * A node with leaf children that did not merge, with merge sum {@code sum}: the value the constructor's register
     * held a clock ago (the batch minimum has not changed since the last call either).
     */
    void kept(UInt sum) {
        Assert(minClears.not(), "a merge verdict on the clock after its batch ended");
        when(sumBelowMin, () -> batchMin.connect(sum));
    }

    void endBatch() {
        touched.connect(B(true));
        minSum.connect(batchMin);
        minClears.connect(B(true));
        valid.connect(B(true));
    }

    /** The tree's shape changed in a way a batch did not see (a split, a soft reset). */
    void invalidate() {
        touched.connect(B(true));
        valid.connect(B(false));
    }
}
