package org.rapgen.golden.rap;

/**
 * The SPEC §4 algorithm with no slot limit and plain 64-bit counters. Counts never wrap because
 * every count is at most n, and n is checked against 2^64-1. See {@link RapModel} for the
 * algorithm and every ordering choice.
 */
public final class UnboundedRap extends RapModel {

    public UnboundedRap(RapParams params) {
        super(params);
    }

    @Override
    protected long addToCounter(long counter, long w) {
        return counter + w;
    }

    @Override
    protected boolean reserveSlots(int missing, long t) {
        return true;
    }
}
