package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * {@code CR_r} (paper &sect;3.1): the stratum's counter counts every tuple; a tuple the LFSR samples is reported with
 * the count since the stratum's last message, this tuple included, and the counter restarts at 0. A counter about to
 * reach its maximum {@code 2^bits - 1} forces a message instead, so it never wraps and no event is lost.
 */
final class CountedRandomRule implements CounterRule {
    private final int bits;

    CountedRandomRule(int counterBits) {
        this.bits = counterBits;
    }

    @Override
    public String flavor() {
        return "cr" + bits;
    }

    @Override
    public int dataBits() {
        return bits;
    }

    @Override
    public int countBits() {
        return bits;
    }

    @Override
    public Outcome apply(UInt old, Bool sample, UInt tag) {
        // old < 2^bits - 1 always (the maximum is never stored), so old + 1 does not wrap.
        UInt count = old.add(1);
        Bool emit = sample.or(count.andR());
        return new Outcome(Mux(emit, U(0, bits), count), emit, count);
    }
}
