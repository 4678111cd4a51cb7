package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * {@code P_r} (paper &sect;3.1, &sect;3.5): the stratum's counter counts 0..r-1; the tuple that finds r-1 is the r-th
 * since the last message, is reported with the implied count r, and the counter restarts at 0. The word is
 * {@code ceil(log2 r)} bits (1 for r = 1, where every tuple is reported).
 */
final class PeriodicRule implements CounterRule {
    private final int r;

    PeriodicRule(int r) {
        this.r = r;
    }

    @Override
    public String flavor() {
        return "p" + r;
    }

    @Override
    public int dataBits() {
        return r == 1 ? 1 : 64 - Long.numberOfLeadingZeros(r - 1L);
    }

    @Override
    public int countBits() {
        return 64 - Long.numberOfLeadingZeros(r);
    }

    @Override
    public Outcome apply(UInt old, Bool sample, UInt tag) {
        Bool last = old.eq(U(r - 1L, dataBits()));
        return new Outcome(Mux(last, U(0, dataBits()), old.add(1)), last, U(r, countBits()));
    }
}
