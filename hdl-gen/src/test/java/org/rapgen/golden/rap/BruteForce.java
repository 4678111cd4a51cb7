package org.rapgen.golden.rap;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Test-only reference, deliberately written differently from {@link ExactProfile} and
 * {@link BoundCheck}: a TreeMap with an unsigned comparator, and the SPEC §4 inequality with
 * subtree sums found by scanning all nodes for containment.
 */
final class BruteForce {
    private final TreeMap<Long, Long> weightByKey = new TreeMap<>(Long::compareUnsigned);

    void add(long key, long weight) {
        weightByKey.merge(key, weight, Long::sum);
    }

    long weightIn(RapNode v, int keyBits) {
        long sum = 0;
        for (long w : weightByKey.subMap(v.prefix(), true, v.lastKey(keyBits), true).values()) {
            sum += w;
        }
        return sum;
    }

    /** Nodes violating 0 <= true - subtree <= epsFx*n/65536 + L*wMax. */
    List<RapNode> violations(RapTree tree, long wMax) {
        List<RapNode> bad = new ArrayList<>();
        int keyBits = tree.keyBits();
        for (RapNode v : tree.nodes()) {
            long subtree = 0;
            for (RapNode u : tree.nodes()) {
                if (u.len() >= v.len() && v.contains(u.prefix(), keyBits)) {
                    subtree += u.count();
                }
            }
            long diff = weightIn(v, keyBits) - subtree;
            BigInteger lhs = BigInteger.valueOf(diff - (long) tree.levels() * wMax).multiply(BigInteger.valueOf(65536));
            BigInteger rhs = BigInteger.valueOf(tree.epsFx()).multiply(BigInteger.valueOf(tree.n()));
            if (diff < 0 || lhs.compareTo(rhs) > 0) {
                bad.add(v);
            }
        }
        return bad;
    }
}
