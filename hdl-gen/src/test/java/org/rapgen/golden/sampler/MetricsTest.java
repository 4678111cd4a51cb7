package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class MetricsTest {
    @Test
    void invarianceErrorHandExample() {
        Profile ideal = new Profile();
        // load 1: 2000 executions, values a=1200 (60%), b=600 (30%), c=200 (10% -> invariant too)
        ideal.add(1, 0xa, 1200);
        ideal.add(1, 0xb, 600);
        ideal.add(1, 0xc, 200);
        // load 2: 999 executions -> not selected
        ideal.add(2, 0xa, 999);
        // load 3: 1000 executions, spread over 20 values of 5% each -> no invariant tuple -> not selected
        for (int v = 0; v < 20; v++) ideal.add(3, v, 50);
        Profile prof = new Profile();
        prof.add(1, 0xa, 256 * 5); // I_p = 5/8
        prof.add(1, 0xb, 256 * 3); // I_p = 3/8, c never seen -> 0
        prof.add(2, 0xa, 256);
        double e = Metrics.invarianceError(ideal, prof);
        double expect = (1200 * Math.abs(0.6 - 0.625) + 600 * Math.abs(0.3 - 0.375) + 200 * Math.abs(0.1 - 0)) / 2000.0;
        assertEquals(expect, e, 1e-12);
        assertEquals(0, Metrics.invarianceError(ideal, ideal), 1e-12);
        // a pc the profiler never saw: I_p = 0 for all its tuples
        assertEquals((1200 * 0.6 + 600 * 0.3 + 200 * 0.1) / 2000, Metrics.invarianceError(ideal, new Profile()), 1e-12);
    }

    @Test
    void coverageRuleDropsLoadsWithTooLittleInvariance() {
        Profile ideal = new Profile();
        ideal.add(1, 0, 300); // 30% invariant; remaining 70% spread thin
        for (int v = 1; v <= 70; v++) ideal.add(1, v, 10);
        assertEquals(0, Metrics.invarianceError(ideal, new Profile()), 0);
    }

    @Test
    void overhead() {
        assertEquals(30_000, Metrics.overheadCycles(1000));
        assertEquals(3.0, Metrics.overheadPercent(1000, 1_000_000), 1e-12);
    }
}
