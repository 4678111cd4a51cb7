package org.rapgen.engines.rap;

import java.util.List;

/**
 * The engine's per-cycle account of throughput, on the {@code io_stall_cause} debug port: either an event committed,
 * or the reason none did. The co-simulation sums these into its stall breakdown; AXI-Stream backpressure is counted
 * from the stream itself (tvalid high, tready low).
 */
public enum StallCause {
    /** an event committed */
    COMMIT,
    /** no event to process: the queue was empty or CTRL.enable was 0 */
    STARVED,
    /** events were in flight but none reached the commit stage: pipeline fill after start or after a forwarding bubble */
    BUBBLE,
    /** draining, undoing, allocating children, and refilling around a split (or a deferred split attempt) */
    SPLIT,
    /** a merge batch, scheduled or early, the schedule update, and the refill after it */
    MERGE,
    /** reset, soft reset, and the pauses for node readouts */
    CSR;

    public static final List<StallCause> ALL = List.of(values());

    public int code() {
        return ordinal();
    }
}
