package org.rapgen.golden.rap;

import java.util.Arrays;
import java.util.SplittableRandom;

/** A deterministic event stream for tests: parallel key and weight arrays, plus generators. */
record TestStream(String name, long[] keys, long[] weights) {

    int size() {
        return keys.length;
    }

    void feed(EventSink sink) {
        for (int i = 0; i < keys.length; i++) {
            sink.accept(keys[i], weights[i]);
        }
    }

    long totalWeight() {
        return Arrays.stream(weights).sum();
    }

    long maxWeight() {
        return Arrays.stream(weights).max().orElse(0);
    }

    /** Stream kinds the property tests sweep over. */
    enum Kind {
        UNIFORM,
        ZIPF,
        ONE_HOT,
        SWEEP,
        ALL_DISTINCT
    }

    /**
     * @param maxWeight weights are uniform in 1..maxWeight (1 gives unit weights)
     */
    static TestStream generate(Kind kind, long seed, int events, int keyBits, int maxWeight) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long mask = keyBits == 64 ? -1L : (1L << keyBits) - 1;
        long[] keys = new long[events];
        long[] weights = new long[events];
        Zipf zipf = kind == Kind.ZIPF ? new Zipf(4096, 1.1) : null;
        long[] zipfKeys = kind == Kind.ZIPF ? randomKeys(rnd, 4096, mask) : null;
        long hotKey = rnd.nextLong() & mask;
        long sweepStart = rnd.nextLong() & mask;
        long sweepStride = (rnd.nextLong() & 0xffff) | 1;
        long distinctSalt = rnd.nextLong();
        for (int i = 0; i < events; i++) {
            keys[i] = switch (kind) {
                case UNIFORM -> rnd.nextLong() & mask;
                case ZIPF -> zipfKeys[zipf.sample(rnd) - 1];
                // One key dominates, with 5% uniform noise so the rest of the tree is exercised.
                case ONE_HOT -> rnd.nextInt(20) == 0 ? rnd.nextLong() & mask : hotKey;
                // A linear scan through key space, like a streaming memory access pattern.
                case SWEEP -> (sweepStart + i * sweepStride) & mask;
                // Distinct by construction: an odd multiplier is a bijection mod 2^K.
                case ALL_DISTINCT -> ((i + distinctSalt) * 0x9E3779B97F4A7C15L) & mask;
            };
            weights[i] = maxWeight == 1 ? 1 : 1 + rnd.nextInt(maxWeight);
        }
        return new TestStream(kind + "/seed" + seed + "/K" + keyBits + "/w" + maxWeight, keys, weights);
    }

    private static long[] randomKeys(SplittableRandom rnd, int count, long mask) {
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            // Cluster half of the keys in a small region so ranges, not just points, get hot.
            keys[i] = i % 2 == 0 ? rnd.nextLong() & mask : (0x40000000L + rnd.nextInt(1 << 12)) & mask;
        }
        return keys;
    }

    /** Zipf(s) over ranks 1..n by inverse CDF with binary search. */
    static final class Zipf {
        private final double[] cdf;

        Zipf(int n, double s) {
            cdf = new double[n];
            double sum = 0;
            for (int r = 1; r <= n; r++) {
                sum += 1.0 / Math.pow(r, s);
                cdf[r - 1] = sum;
            }
            for (int r = 0; r < n; r++) {
                cdf[r] /= sum;
            }
        }

        /** A rank in 1..n. */
        int sample(SplittableRandom rnd) {
            double u = rnd.nextDouble();
            int lo = 0;
            int hi = cdf.length - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (cdf[mid] < u) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo + 1;
        }
    }
}
