package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ExactProfileTest {

    @Test
    void rangesMatchBruteForceIncludingTopBitKeys() {
        SplittableRandom rnd = new SplittableRandom(4);
        BruteForce brute = new BruteForce();
        ExactProfile.Builder b = ExactProfile.builder();
        for (int i = 0; i < 20000; i++) {
            long key = i % 3 == 0 ? rnd.nextLong() : rnd.nextLong() & 0xff0000000000ffffL;
            long w = 1 + rnd.nextInt(5);
            brute.add(key, w);
            b.accept(key, w);
        }
        ExactProfile exact = b.build();
        assertEquals(exact.total(), exact.weightIn(0, -1L));
        for (int i = 0; i < 2000; i++) {
            int len = rnd.nextInt(17) * 4;
            long prefix = rnd.nextLong() & ~RapNode.rangeMask(64, len);
            RapNode v = new RapNode(prefix, len, 0);
            assertEquals(brute.weightIn(v, 64), exact.weightIn(v, 64), v.toString());
        }
        assertEquals(5, exact.maxEventWeight());
    }

    @Test
    void scalesToAMillionDistinctKeys() {
        ExactProfile.Builder b = ExactProfile.builder();
        for (long i = 0; i < 1_000_000; i++) {
            b.accept(i * 0x9E3779B97F4A7C15L, 1);
            b.accept(i * 0x9E3779B97F4A7C15L, 2);
        }
        ExactProfile exact = b.build();
        assertEquals(1_000_000, exact.distinctKeys());
        assertEquals(3_000_000, exact.total());
        assertEquals(3, exact.weightOf(12345 * 0x9E3779B97F4A7C15L));
        assertEquals(exact.total(), exact.weightIn(0, Long.MAX_VALUE) + exact.weightIn(Long.MIN_VALUE, -1L));
    }
}
