package org.rapgen.cosim.rap;

import java.util.Random;
import java.util.function.LongSupplier;

/**
 * Synthetic key streams for co-simulation (the shapes the issue names): uniform, Zipf, one hot key, sweeping, all
 * distinct. Weights are 1 unless {@code maxWeight > 1}, then uniform in 1..maxWeight.
 */
public final class RapStreams {
    private RapStreams() {}

    public static RapStimulus of(LongSupplier keys, int events, long maxWeight, long seed) {
        Random r = new Random(seed ^ 0x5DEECE66DL);
        RapStimulus s = new RapStimulus();
        for (int i = 0; i < events; i++)
            s.beat(keys.getAsLong(), maxWeight <= 1 ? 1 : 1 + (long) (r.nextDouble() * maxWeight));
        return s;
    }

    /** Uniform over the whole key space. */
    public static LongSupplier uniform(int keyBits, long seed) {
        Random r = new Random(seed);
        return () -> mask(r.nextLong(), keyBits);
    }

    /**
     * Zipf(s = 1.2) over {@code ranks} distinct keys scattered over the key space (rank i gets a fixed random key), so
     * a few keys are hot and the tree deepens around them.
     */
    public static LongSupplier zipf(int keyBits, int ranks, long seed) {
        Random r = new Random(seed);
        long[] keys = new long[ranks];
        for (int i = 0; i < ranks; i++) keys[i] = mask(r.nextLong(), keyBits);
        double[] cdf = new double[ranks];
        double sum = 0;
        for (int i = 0; i < ranks; i++) cdf[i] = sum += 1 / Math.pow(i + 1, 1.2);
        for (int i = 0; i < ranks; i++) cdf[i] /= sum;
        return () -> {
            double u = r.nextDouble();
            int lo = 0;
            int hi = ranks - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (cdf[mid] < u) lo = mid + 1;
                else hi = mid;
            }
            return keys[lo];
        };
    }

    /** One key most of the time (90%), the rest uniform: the tree drills down to full depth. */
    public static LongSupplier oneHot(int keyBits, long seed) {
        Random r = new Random(seed);
        long hot = mask(r.nextLong(), keyBits);
        return () -> r.nextInt(10) != 0 ? hot : mask(r.nextLong(), keyBits);
    }

    /** A sweep through the key space in steps that wrap, so the hot region moves and old regions must merge. */
    public static LongSupplier sweep(int keyBits, long seed) {
        long step = mask(0x9E3779B97F4A7C15L >>> (64 - keyBits + 12), keyBits) | 1;
        long[] k = {mask(seed * 0x2545F4914F6CDD1DL, keyBits)};
        int[] run = {0};
        return () -> {
            if (++run[0] % 64 == 0) k[0] = mask(k[0] + step, keyBits);
            return mask(k[0] + (run[0] & 7), keyBits);
        };
    }

    /** Every key different: a counter scrambled by an odd multiplier (a bijection on K bits). */
    public static LongSupplier distinct(int keyBits, long seed) {
        long[] i = {seed};
        return () -> mask(++i[0] * 0x9E3779B97F4A7C15L, keyBits);
    }

    static long mask(long v, int keyBits) {
        return keyBits == 64 ? v : v & ((1L << keyBits) - 1);
    }
}
