package org.rapgen.golden.rap;

import java.util.List;

/**
 * An immutable snapshot of one RAP tree plus the header facts that the SPEC §8 dump carries.
 *
 * @param keyBits      K
 * @param bitsPerLevel k (the dump prints the branching 2^k)
 * @param epsFx        eps in UQ0.16
 * @param n            total weight processed (unsigned); the dump's {@code events=}
 * @param overflow     the sticky overflow flag (always false for the unbounded model)
 * @param nodes        all nodes sorted by {@link RapNode#ORDER}
 */
public record RapTree(int keyBits, int bitsPerLevel, int epsFx, long n, boolean overflow, List<RapNode> nodes) {

    public RapTree {
        nodes = List.copyOf(nodes);
    }

    public int branching() {
        return 1 << bitsPerLevel;
    }

    public int levels() {
        return keyBits / bitsPerLevel;
    }

    /** Sum of all node counts, unsigned; equals n when nothing overflowed or saturated. */
    public long totalCount() {
        long sum = 0;
        for (RapNode v : nodes) {
            sum += v.count();
        }
        return sum;
    }
}
