package org.rapgen.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SplitMix64Test {

    @Test
    void matchesTheReferenceImplementation() {
        // Vigna's splitmix64.c with x = 0: the first three outputs.
        SplitMix64 r = new SplitMix64(0);
        assertEquals(0xE220A8397B1DCDAFL, r.nextLong());
        assertEquals(0x6E789E6AA1B965F4L, r.nextLong());
        assertEquals(0x06C45D188009454FL, r.nextLong());
    }

    @Test
    void nextIntIsUniformAndInRange() {
        SplitMix64 r = new SplitMix64(7);
        int[] hits = new int[7];
        for (int i = 0; i < 70_000; i++) {
            hits[r.nextInt(7)]++;
        }
        for (int h : hits) {
            assertTrue(Math.abs(h - 10_000) < 500, "bucket count " + h + " is far from 10,000");
        }
    }
}
