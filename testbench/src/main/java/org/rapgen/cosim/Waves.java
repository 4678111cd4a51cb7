package org.rapgen.cosim;

/** When a {@link Cosim} test writes an FST waveform. */
public enum Waves {
    /**
     * Only when the test fails: stimulus is recorded while the test runs untraced, and on
     * failure replayed into a fresh traced instance. Passing tests pay no tracing cost.
     */
    ON_FAILURE,
    /** Always: the simulator traces from creation (slower; use while debugging). */
    ALWAYS
}
