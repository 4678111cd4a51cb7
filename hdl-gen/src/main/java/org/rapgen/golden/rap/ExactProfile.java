package org.rapgen.golden.rap;

import java.util.Arrays;

/**
 * The "ideal" (perfect, offline) profiler: exact weight per key, and exact weight of any key
 * range by binary search over the keys sorted as unsigned with prefix sums. Scales to millions
 * of distinct keys: accumulation uses a primitive open-addressing hash table, queries are
 * O(log distinct).
 *
 * <p>Weights and the total are signed 64-bit here; streams whose total weight reaches 2^63 are
 * outside what this analysis helper supports.
 */
public final class ExactProfile {

    private final long[] sortedKeys; // ascending as unsigned
    private final long[] prefixWeight; // prefixWeight[i] = weight of sortedKeys[0..i-1]
    private final long maxEventWeight;

    private ExactProfile(long[] sortedKeys, long[] prefixWeight, long maxEventWeight) {
        this.sortedKeys = sortedKeys;
        this.prefixWeight = prefixWeight;
        this.maxEventWeight = maxEventWeight;
    }

    /** Accumulates events, then {@link #build()}. */
    public static final class Builder implements EventSink {
        private long[] keys = new long[1 << 10];
        private long[] weights = new long[1 << 10];
        private boolean[] used = new boolean[1 << 10];
        private int size;
        private long maxEventWeight;

        @Override
        public void accept(long key, long weight) {
            if (weight < 1) {
                throw new IllegalArgumentException("weight must be >= 1, got " + weight);
            }
            maxEventWeight = Math.max(maxEventWeight, weight);
            int i = slot(key);
            if (!used[i]) {
                used[i] = true;
                keys[i] = key;
                if (++size * 2 > keys.length) {
                    grow();
                    i = slot(key);
                }
            }
            weights[i] = Math.addExact(weights[i], weight);
        }

        /** Linear probing; the mixer spreads sequential and aligned keys. */
        private int slot(long key) {
            int mask = keys.length - 1;
            int i = (int) (mix(key) & mask);
            while (used[i] && keys[i] != key) {
                i = (i + 1) & mask;
            }
            return i;
        }

        private static long mix(long z) {
            z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
            z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
            return z ^ (z >>> 33);
        }

        private void grow() {
            long[] oldKeys = keys;
            long[] oldWeights = weights;
            boolean[] oldUsed = used;
            keys = new long[oldKeys.length * 2];
            weights = new long[oldKeys.length * 2];
            used = new boolean[oldKeys.length * 2];
            for (int j = 0; j < oldKeys.length; j++) {
                if (oldUsed[j]) {
                    int i = slot(oldKeys[j]);
                    used[i] = true;
                    keys[i] = oldKeys[j];
                    weights[i] = oldWeights[j];
                }
            }
        }

        public ExactProfile build() {
            // Sort keys as unsigned by flipping the sign bit, then look the weights up again.
            long[] flipped = new long[size];
            int j = 0;
            for (int i = 0; i < keys.length; i++) {
                if (used[i]) {
                    flipped[j++] = keys[i] ^ Long.MIN_VALUE;
                }
            }
            Arrays.sort(flipped);
            long[] sorted = new long[size];
            long[] prefix = new long[size + 1];
            for (int i = 0; i < size; i++) {
                sorted[i] = flipped[i] ^ Long.MIN_VALUE;
                prefix[i + 1] = Math.addExact(prefix[i], weights[slot(sorted[i])]);
            }
            return new ExactProfile(sorted, prefix, maxEventWeight);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Total weight of all events. */
    public long total() {
        return prefixWeight[sortedKeys.length];
    }

    /** The largest single event weight seen (w_max of SPEC §4). */
    public long maxEventWeight() {
        return maxEventWeight;
    }

    public int distinctKeys() {
        return sortedKeys.length;
    }

    /** Exact weight of events with {@code lo <= key <= hi}, both unsigned. */
    public long weightIn(long lo, long hi) {
        if (Long.compareUnsigned(lo, hi) > 0) {
            return 0;
        }
        return prefixWeight[firstAbove(hi)] - prefixWeight[firstAtLeast(lo)];
    }

    /** Exact weight of events with exactly this key. */
    public long weightOf(long key) {
        return weightIn(key, key);
    }

    /** true(v): exact weight of events inside the node's range. */
    public long weightIn(RapNode v, int keyBits) {
        return weightIn(v.prefix(), v.lastKey(keyBits));
    }

    private int firstAtLeast(long key) {
        int lo = 0;
        int hi = sortedKeys.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(sortedKeys[mid], key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private int firstAbove(long key) {
        return key == -1L ? sortedKeys.length : firstAtLeast(key + 1);
    }
}
