package org.rapgen.golden.rap;

import java.util.List;

/**
 * The SPEC §4 algorithm, shared by {@link UnboundedRap} and {@link HardwareRap}. The two models
 * differ only in the two hooks {@link #addToCounter} (plain vs. saturating) and
 * {@link #reserveSlots} (always vs. N slots with an early merge).
 *
 * <h2>Per-event order (the hardware's sequential-consistency reference)</h2>
 * For each event (key, weight) that leaves the event queue:
 * <ol>
 *   <li>{@code n += weight}; {@code updates += 1}.</li>
 *   <li>Find v, the smallest existing node containing key; {@code count(v) += weight}.</li>
 *   <li>t = T(n) with the new n. If {@code len(v) < K} and {@code count(v) > t} (unsigned),
 *       split v: create its missing children with count 0 (v keeps its count and any children
 *       it already has). v always has at least one missing child, since the key fell into it.</li>
 *   <li>If n has reached the next merge point, run one merge batch with the same t, then move
 *       the schedule past n ({@link MergeSchedule}).</li>
 * </ol>
 * The split therefore sees the tree before this event's merge batch, and the merge batch sees
 * the split's fresh children.
 *
 * <h2>Merge batch</h2>
 * Bottom-up: a node p is examined only after every node in its subtree has been examined. For p
 * with at least one leaf child (a child with no children at that moment), let S = count(p) +
 * the sum of its leaf children's counts, computed exactly (not saturated). If {@code S < t}, the
 * leaf children are removed and p's counter becomes S (through {@link #addToCounter}, so it may
 * saturate in the hardware model); non-leaf children stay (an interior merge). A node all of
 * whose children were merged is a leaf when its own parent is examined, so merges cascade up in
 * one batch. The decision at p reads only p and its children, and those are final once p's
 * subtree is done, so any deepest-level-first order, e.g. level by level from len = K - k up to
 * len = 0 scanning slots in any order within a level, gives the same result as this recursive
 * post-order walk.
 */
public abstract class RapModel implements EventSink {

    private final RapParams params;
    private final Trie trie;
    private final MergeSchedule schedule;
    private MergeListener listener = MergeListener.NONE;

    private long n;
    private long updates;
    private long splits;
    private long merges;
    private long mergeBatches;
    private long walkedBatches;
    private long highWater = 1;
    /**
     * The smallest merge sum S (unsigned) that the last merge walk left in the tree, over the nodes with at least one
     * leaf child; valid while {@link #reshaped} is false. Until the next split, updates only raise counts, so every S
     * only grows: a batch whose t is at most this sum would remove nothing, and is counted without a walk. This keeps
     * an overflowing engine, which runs an early batch on every deferred split, from walking the tree each time.
     */
    private long leastSum;

    private boolean reshaped = true;

    protected RapModel(RapParams params) {
        this.params = params;
        this.trie = new Trie(params.keyBits(), params.bitsPerLevel());
        this.schedule = new MergeSchedule(params.m0(), params.q());
    }

    public final RapParams params() {
        return params;
    }

    /** Registers the observer of merge batches (replaces any previous one). */
    public final void setMergeListener(MergeListener l) {
        this.listener = l == null ? MergeListener.NONE : l;
    }

    @Override
    public final void accept(long key, long weight) {
        params.checkKey(key);
        if (weight < 1) {
            throw new IllegalArgumentException("weight must be >= 1, got " + weight);
        }
        long newN = n + weight;
        if (Long.compareUnsigned(newN, n) < 0) {
            throw new IllegalStateException("n would exceed 2^64-1: outside the engine's contract");
        }
        n = newN;
        updates++;

        Trie.Node v = trie.deepest(key);
        v.count = addToCounter(v.count, weight);

        long t = params.threshold(n);
        if (v.len < params.keyBits() && Long.compareUnsigned(v.count, t) > 0) {
            split(v, t);
        }
        if (schedule.due(n)) {
            runMergeBatch(t, false);
            schedule.advancePast(n);
        }
    }

    private void split(Trie.Node v, long t) {
        if (!reserveSlots(trie.missingChildren(v), t)) {
            return;
        }
        trie.createMissingChildren(v);
        reshaped = true;
        splits++;
        highWater = Math.max(highWater, trie.size());
    }

    /**
     * One merge batch with threshold t.
     *
     * @param early true when capacity pressure, not the schedule, triggered it
     */
    protected final void runMergeBatch(long t, boolean early) {
        int removed = 0;
        if (reshaped || Long.compareUnsigned(t, leastSum) > 0) {
            leastSum = -1L;
            removed = mergeBelow(trie.root(), t);
            reshaped = false;
            walkedBatches++;
        }
        merges += removed;
        mergeBatches++;
        listener.onMergeBatch(n, t, early, removed);
    }

    /**
     * Post-order walk; returns the number of nodes removed in v's subtree, and lowers {@link #leastSum} to every S
     * it leaves standing (those nodes and their children no longer change in this batch).
     */
    private int mergeBelow(Trie.Node p, long t) {
        if (p.isLeaf()) {
            return 0;
        }
        int removed = 0;
        for (Trie.Node c : p.children) {
            if (c != null) {
                removed += mergeBelow(c, t);
            }
        }
        // Counts are bounded by n (saturation only loses weight), so these sums cannot wrap.
        long leafSum = 0;
        int leaves = 0;
        for (Trie.Node c : p.children) {
            if (c != null && c.isLeaf()) {
                leafSum += c.count;
                leaves++;
            }
        }
        if (leaves > 0 && Long.compareUnsigned(p.count + leafSum, t) < 0) {
            for (int d = 0; d < p.children.length; d++) {
                Trie.Node c = p.children[d];
                if (c != null && c.isLeaf()) {
                    trie.removeLeafChild(p, d);
                }
            }
            p.count = addToCounter(p.count, leafSum);
            removed += leaves;
        } else if (leaves > 0 && Long.compareUnsigned(p.count + leafSum, leastSum) < 0) {
            leastSum = p.count + leafSum;
        }
        return removed;
    }

    /** {@code counter + w} as this model's counters compute it (unsigned). */
    protected abstract long addToCounter(long counter, long w);

    /**
     * Called before a split that needs {@code missing} new nodes.
     *
     * @return whether the split may go ahead
     */
    protected abstract boolean reserveSlots(int missing, long t);

    /** Batches that walked the tree: those not known to remove nothing from the least merge sum. */
    public final long walkedBatches() {
        return walkedBatches;
    }

    /** The count of the smallest node containing {@code key}: the node the next event of that key updates. */
    public final long countAt(long key) {
        params.checkKey(key);
        return trie.deepest(key).count;
    }

    /** Nodes in the tree now, root included. */
    public final int currentNodes() {
        return trie.size();
    }

    /** Total weight processed (unsigned). */
    public final long n() {
        return n;
    }

    /** The sticky overflow flag; only the hardware model can set it. */
    public boolean overflow() {
        return false;
    }

    /** The sticky saturation flag; only the hardware model can set it. */
    public boolean saturated() {
        return false;
    }

    protected long deferredSplits() {
        return 0;
    }

    protected long saturations() {
        return 0;
    }

    /** All nodes sorted by (prefix unsigned, len); immutable. */
    public final List<RapNode> snapshot() {
        return List.copyOf(trie.snapshot());
    }

    /** A snapshot with the dump header facts. */
    public final RapTree tree() {
        return new RapTree(params.keyBits(), params.bitsPerLevel(), params.epsFx(), n, overflow(), trie.snapshot());
    }

    /** The status CSRs. */
    public final RapStatus status() {
        return new RapStatus(
                n,
                trie.size(),
                highWater,
                updates,
                splits,
                merges,
                mergeBatches,
                deferredSplits(),
                saturations(),
                overflow(),
                saturated(),
                params.errorBound(n));
    }
}
