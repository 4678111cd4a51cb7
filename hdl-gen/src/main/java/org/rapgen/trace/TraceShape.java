package org.rapgen.trace;

/** What one record of a trace carries. */
public enum TraceShape {
    /** RAP events: ({@code key}, {@code weight}), weight &ge; 1. */
    EVENTS,
    /** Sampler tuples: ({@code pc}, {@code w}), two K-bit words. */
    TUPLES
}
