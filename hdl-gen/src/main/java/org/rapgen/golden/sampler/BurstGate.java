package org.rapgen.golden.sampler;

/**
 * {@code B[s,b]}: b consecutive tuples of every s, starting with the first b (the bursty sampling of Arnold and Ryder,
 * with Hirzel and Chilimbi's burst length, as Nagpurkar et al. build it from two hardware counters, §3). A position
 * counter runs 0..s-1 over the tuples that reach the gate; a tuple passes while it is below b. {@code B[r,1]} passes
 * what {@code P_r} samples, one tuple of every r (P_r's message then counts r, a passed tuple here counts 1).
 */
public final class BurstGate implements Gate {
    private final long period;
    private final long burst;
    private long position;

    /** @param period s, 1..2^31-1; @param burst b, 1..s */
    public BurstGate(long period, long burst) {
        if (period < 1 || period > Integer.MAX_VALUE)
            throw new IllegalArgumentException("burst period s must be 1..2^31-1, got " + period);
        if (burst < 1 || burst > period)
            throw new IllegalArgumentException("burst length b must be 1..s (" + period + "), got " + burst);
        this.period = period;
        this.burst = burst;
    }

    @Override
    public boolean pass(long pc, long w) {
        boolean pass = position < burst;
        position = position + 1 == period ? 0 : position + 1;
        return pass;
    }
}
