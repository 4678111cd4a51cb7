package org.rapgen.golden.rap;

/**
 * The hardware-exact RAP model: the {@link RapModel} algorithm with the engine's two resource
 * limits. Put a {@link CombiningQueue} in front of it to model a combining event queue.
 *
 * <h2>C-bit saturating counters</h2>
 * Every addition to a node counter (an update, or the sum written back by a merge) computes the
 * exact sum and clips it at 2^C-1. A clipped addition increments {@code saturations} once and
 * sets the sticky {@code saturated} flag. The split and merge comparisons read the clipped
 * counter values. n itself is 64 bits and does not saturate.
 *
 * <h2>N node slots</h2>
 * The root occupies one slot permanently. When a split of v needs m missing children and fewer
 * than m slots are free, the engine first runs an early merge batch with the current T(n) (this
 * does not touch the merge schedule). If fewer than m slots are still free, the split is skipped
 * (no partial split), {@code deferredSplits} is incremented and the sticky {@code overflow} flag
 * is set. Nothing is queued: v simply stays unsplit, and the next event that lands in v and sees
 * {@code count(v) > T(n)} tries again, with another early merge. The early merge cannot remove v
 * or v's children, because each candidate sum includes count(v) &gt; T(n).
 *
 * <p>Slot placement is not modelled: which slot holds which node is not part of the contract,
 * so RTL readouts are compared with {@link #snapshot()} after sorting.
 */
public final class HardwareRap extends RapModel {

    private final int nodeSlots;
    private final int counterBits;
    private final long counterMax;

    private long deferredSplits;
    private long saturations;
    private boolean overflow;
    private boolean saturated;

    /**
     * @param nodeSlots   N, at least 1 (the root); the RTL generator restricts it to 16..65536,
     *                    the model accepts smaller values for directed tests
     * @param counterBits C, 1..64
     */
    public HardwareRap(RapParams params, int nodeSlots, int counterBits) {
        super(params);
        if (nodeSlots < 1) {
            throw new IllegalArgumentException("node slots N must be >= 1 (the root), got " + nodeSlots);
        }
        if (counterBits < 1 || counterBits > 64) {
            throw new IllegalArgumentException("counter bits C must be 1..64, got " + counterBits);
        }
        this.nodeSlots = nodeSlots;
        this.counterBits = counterBits;
        this.counterMax = counterBits == 64 ? -1L : (1L << counterBits) - 1;
    }

    public int nodeSlots() {
        return nodeSlots;
    }

    public int counterBits() {
        return counterBits;
    }

    @Override
    protected long addToCounter(long counter, long w) {
        long sum = counter + w;
        // Both operands are <= n < 2^64, and so is their sum, so an unsigned compare suffices.
        boolean wrapped = Long.compareUnsigned(sum, counter) < 0;
        if (wrapped || Long.compareUnsigned(sum, counterMax) > 0) {
            saturations++;
            saturated = true;
            return counterMax;
        }
        return sum;
    }

    @Override
    protected boolean reserveSlots(int missing, long t) {
        if (freeSlots() >= missing) {
            return true;
        }
        runMergeBatch(t, true);
        if (freeSlots() >= missing) {
            return true;
        }
        deferredSplits++;
        overflow = true;
        return false;
    }

    private int freeSlots() {
        return nodeSlots - currentNodes();
    }

    @Override
    public boolean overflow() {
        return overflow;
    }

    @Override
    public boolean saturated() {
        return saturated;
    }

    @Override
    protected long deferredSplits() {
        return deferredSplits;
    }

    @Override
    protected long saturations() {
        return saturations;
    }
}
