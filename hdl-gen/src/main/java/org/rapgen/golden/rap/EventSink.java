package org.rapgen.golden.rap;

/** Anything that consumes (key, weight) events: a RAP model or a combining queue in front of one. */
public interface EventSink {

    /**
     * Consumes one event.
     *
     * @param key    K-bit unsigned key
     * @param weight 1 .. 2^63-1
     */
    void accept(long key, long weight);

    /** End of stream (AXI-Stream tlast / the flush CSR): release anything held back. Default: nothing held. */
    default void flush() {}
}
