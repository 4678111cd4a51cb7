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
        for (long w :
                weightByKey.subMap(v.prefix(), true, v.lastKey(keyBits), true).values()) {
            sum += w;
        }
        return sum;
    }

    /** Nodes violating 0 <= true - subtree <= epsFx*n/65536 + L*wMax. */
    List<RapNode> violations(RapTree tree, long wMax) {
        List<RapNode> bad = new ArrayList<>();
        int keyBits = tree.keyBits();
        List<RapNode> nodes = tree.nodes();
        for (int i = 0; i < nodes.size(); i++) {
            RapNode v = nodes.get(i);
            // Sorted by (prefix, len): v's descendants are exactly the run of nodes after it
            // whose prefix lies in v's range.
            long subtree = v.count();
            for (int j = i + 1; j < nodes.size() && v.contains(nodes.get(j).prefix(), keyBits); j++) {
                subtree += nodes.get(j).count();
            }
            long diff = weightIn(v, keyBits) - subtree;
            BigInteger lhs =
                    BigInteger.valueOf(diff - (long) tree.levels() * wMax).multiply(BigInteger.valueOf(65536));
            BigInteger rhs = BigInteger.valueOf(tree.epsFx()).multiply(BigInteger.valueOf(tree.n()));
            if (diff < 0 || lhs.compareTo(rhs) > 0) {
                bad.add(v);
            }
        }
        return bad;
    }
}
