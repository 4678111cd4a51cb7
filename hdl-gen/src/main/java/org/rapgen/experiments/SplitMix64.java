package org.rapgen.experiments;

/**
 * SplitMix64 (Steele, Lea and Flood, OOPSLA 2014), written out here so that experiment results depend only on the
 * seed, never on the JDK's choice of generator. Each Monte Carlo trial gets its own generator seeded from
 * (run seed, point, trial) through {@link #mix}, so results do not depend on how trials are spread over threads.
 */
final class SplitMix64 {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    /** SplitMix64's output function: a bijective 64-bit mixer. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A seed for sub-stream {@code (a, b)} of the stream seeded {@code seed}. */
    static long mix(long seed, long a, long b) {
        return mix(mix(mix(seed) + a * GOLDEN_GAMMA) + b * GOLDEN_GAMMA);
    }

    long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** Uniform in [0, bound), without modulo bias (Lemire's method with rejection). */
    int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, got " + bound);
        }
        while (true) {
            long m = (nextLong() >>> 32) * bound;
            long low = m & 0xFFFFFFFFL;
            if (low >= bound || low >= (0x1_0000_0000L - bound) % bound) {
                return (int) (m >>> 32);
            }
        }
    }

    /** A uniform unsigned 32-bit value. */
    long nextU32() {
        return nextLong() >>> 32;
    }

    /** A uniform nonzero 32-bit value (LFSR seeds must be nonzero). */
    int nextNonZeroInt() {
        int v;
        do {
            v = (int) nextLong();
        } while (v == 0);
        return v;
    }
}
