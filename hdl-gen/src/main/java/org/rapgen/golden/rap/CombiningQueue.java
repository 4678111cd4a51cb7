package org.rapgen.golden.rap;

/**
 * The combining event queue (hardware stage 0) as a timing-independent function of the input
 * sequence, so a trace alone determines what the engine sees.
 *
 * <h2>Policy: run-length combining with a W-bit weight</h2>
 * The queue holds at most one pending combined event (key, w). For each input (key, weight),
 * with 1 &lt;= weight &lt;= 2^W-1:
 * <ul>
 *   <li>no pending event: pending := (key, weight);</li>
 *   <li>pending key equals key and {@code w + weight <= 2^W-1}: pending w += weight (combined);</li>
 *   <li>otherwise (different key, or the sum would exceed 2^W-1): release the pending event
 *       downstream, then pending := (key, weight).</li>
 * </ul>
 * {@link #flush()} (end of stream: tlast, or the flush CSR) releases the pending event, if any.
 * Nothing else releases it: not an idle cycle, not a full FIFO, not a timeout. A hardware queue
 * may be deeper than one entry, but the sequence it delivers must equal this one.
 *
 * <p>With {@code combine == false} the queue is a plain pass-through (every input is released
 * at once, unchanged), which is the non-combining hardware configuration.
 */
public final class CombiningQueue implements EventSink {

    public static final int DEFAULT_WEIGHT_BITS = 16;

    private final EventSink downstream;
    private final boolean combine;
    private final long weightMax;

    private boolean hasPending;
    private long pendingKey;
    private long pendingWeight;
    private long released;

    /**
     * @param weightBits W, 1..63: combined weights never exceed 2^W-1, and neither may inputs
     */
    public CombiningQueue(EventSink downstream, boolean combine, int weightBits) {
        if (weightBits < 1 || weightBits > 63) {
            throw new IllegalArgumentException("weight bits W must be 1..63, got " + weightBits);
        }
        this.downstream = downstream;
        this.combine = combine;
        this.weightMax = (1L << weightBits) - 1;
    }

    /** A combining queue with W = 16. */
    public CombiningQueue(EventSink downstream) {
        this(downstream, true, DEFAULT_WEIGHT_BITS);
    }

    @Override
    public void accept(long key, long weight) {
        if (weight < 1 || weight > weightMax) {
            throw new IllegalArgumentException("weight must be 1.." + weightMax + ", got " + weight);
        }
        if (!combine) {
            release(key, weight);
            return;
        }
        if (hasPending && pendingKey == key && weight <= weightMax - pendingWeight) { // no long overflow at W = 63
            pendingWeight += weight;
            return;
        }
        releasePending();
        hasPending = true;
        pendingKey = key;
        pendingWeight = weight;
    }

    @Override
    public void flush() {
        releasePending();
        downstream.flush();
    }

    private void releasePending() {
        if (hasPending) {
            hasPending = false;
            release(pendingKey, pendingWeight);
        }
    }

    private void release(long key, long weight) {
        released++;
        downstream.accept(key, weight);
    }

    /** Events delivered downstream so far. */
    public long released() {
        return released;
    }

    /** Whether an event is being held back. */
    public boolean hasPending() {
        return hasPending;
    }
}
