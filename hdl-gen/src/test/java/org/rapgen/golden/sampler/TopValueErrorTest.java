package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The weighted RMS error of per-pc invariance on a hand-worked profile. */
class TopValueErrorTest {
    @Test
    void eachPcWeighsByItsExecutionsAndAnUnreportedPcCountsAsZero() {
        Profile exact = new Profile();
        exact.add(1, 0xa, 3);
        exact.add(1, 0xb, 1); // I = 0.75, n = 4
        exact.add(2, 0xc, 6); // I = 1, n = 6
        assertEquals(0.75, TopValueError.topShares(exact).get(1L), 1e-12);
        // sqrt((4 * 0.25^2 + 6 * 1^2) / 10)
        assertEquals(Math.sqrt(0.625), TopValueError.weightedRms(exact, pc -> pc == 1 ? 0.5 : 0), 1e-12);
        Profile sampled = new Profile();
        sampled.add(1, 0xb, 1);
        sampled.add(1, 0xa, 1); // I = 0.5; pc 2 never reported
        assertEquals(Math.sqrt(0.625), TopValueError.weightedRms(exact, sampled), 1e-12);
        assertEquals(0, TopValueError.weightedRms(exact, exact), 1e-12);
    }
}
