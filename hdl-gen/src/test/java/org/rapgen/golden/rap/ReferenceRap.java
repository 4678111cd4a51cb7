package org.rapgen.golden.rap;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test-only reference of the SPEC §4 algorithm and the hardware limits of golden-rap.md §3, written as plainly as
 * possible and differently from {@link RapModel}: nodes live in one sorted map, the longest-prefix match tries every
 * length from K down, a merge batch scans the levels from the deepest up (the hardware's order), the threshold is
 * computed with BigInteger, and nothing is cached between events. {@code slots} = 0 means unbounded.
 */
final class ReferenceRap {
    private final int keyBits;
    private final int k;
    private final int epsFx;
    private final int levels;
    private final long q;
    private final int slots;
    private final BigInteger counterMax;
    /** (prefix unsigned, len) -> count, in {@link RapNode#ORDER}. */
    private final TreeMap<RapNode, BigInteger> nodes = new TreeMap<>(RapNode.ORDER);

    private BigInteger n = BigInteger.ZERO;
    private BigInteger nextMerge;
    private long updates;
    private long splits;
    private long merges;
    private long batches;
    private long deferred;
    private long saturations;
    private long highWater = 1;

    ReferenceRap(RapParams p, int slots, int counterBits) {
        this.keyBits = p.keyBits();
        this.k = p.bitsPerLevel();
        this.epsFx = p.epsFx();
        this.levels = p.keyBits() / p.bitsPerLevel();
        this.q = p.q();
        this.nextMerge = BigInteger.valueOf(p.m0());
        this.slots = slots;
        this.counterMax = BigInteger.ONE.shiftLeft(counterBits).subtract(BigInteger.ONE);
        nodes.put(key(0, 0), BigInteger.ZERO);
    }

    private static RapNode key(long prefix, int len) {
        return new RapNode(prefix, len, 0);
    }

    private long prefixOf(long key, int len) {
        return len == 0 ? 0 : key & ~RapNode.rangeMask(keyBits, len);
    }

    private List<RapNode> children(RapNode v) {
        List<RapNode> out = new ArrayList<>();
        if (v.len() < keyBits) {
            for (long d = 0; d < (1 << k); d++) {
                RapNode c = key(v.prefix() | (d << (keyBits - v.len() - k)), v.len() + k);
                if (nodes.containsKey(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    /** floor(n * eps * 65536 / 65536 / L), exactly. */
    private BigInteger threshold() {
        return n.multiply(BigInteger.valueOf(epsFx)).divide(BigInteger.valueOf(65536L * levels));
    }

    private BigInteger add(BigInteger counter, BigInteger w) {
        BigInteger sum = counter.add(w);
        if (sum.compareTo(counterMax) > 0) {
            saturations++;
            return counterMax;
        }
        return sum;
    }

    void accept(long key, long weight) {
        n = n.add(BigInteger.valueOf(weight));
        updates++;
        RapNode v = null;
        for (int len = keyBits; v == null; len -= k) {
            RapNode candidate = key(prefixOf(key, len), len);
            if (nodes.containsKey(candidate)) {
                v = candidate;
            }
        }
        nodes.put(v, add(nodes.get(v), BigInteger.valueOf(weight)));
        BigInteger t = threshold();
        if (v.len() < keyBits && nodes.get(v).compareTo(t) > 0) {
            int missing = (1 << k) - children(v).size();
            boolean room = slots == 0 || slots - nodes.size() >= missing;
            if (!room) {
                batch(t);
                room = slots - nodes.size() >= missing;
            }
            if (room) {
                for (long d = 0; d < (1 << k); d++) {
                    nodes.putIfAbsent(key(v.prefix() | (d << (keyBits - v.len() - k)), v.len() + k), BigInteger.ZERO);
                }
                splits++;
                highWater = Math.max(highWater, nodes.size());
            } else {
                deferred++;
            }
        }
        if (n.compareTo(nextMerge) >= 0) {
            batch(t);
            while (nextMerge.compareTo(n) <= 0) {
                nextMerge = nextMerge.multiply(BigInteger.valueOf(q));
            }
        }
    }

    /** Level by level from the deepest parents up; leafness as of the moment each parent is examined. */
    private void batch(BigInteger t) {
        batches++;
        for (int len = keyBits - k; len >= 0; len -= k) {
            for (RapNode p : new ArrayList<>(nodes.keySet())) {
                if (p.len() != len) {
                    continue;
                }
                List<RapNode> leaves = new ArrayList<>();
                for (RapNode c : children(p)) {
                    if (children(c).isEmpty()) {
                        leaves.add(c);
                    }
                }
                BigInteger sum = nodes.get(p);
                for (RapNode c : leaves) {
                    sum = sum.add(nodes.get(c));
                }
                if (!leaves.isEmpty() && sum.compareTo(t) < 0) {
                    for (RapNode c : leaves) {
                        nodes.remove(c);
                    }
                    nodes.put(p, add(nodes.get(p), sum.subtract(nodes.get(p))));
                    merges += leaves.size();
                }
            }
        }
    }

    List<RapNode> snapshot() {
        List<RapNode> out = new ArrayList<>();
        for (Map.Entry<RapNode, BigInteger> e : nodes.entrySet()) {
            out.add(new RapNode(
                    e.getKey().prefix(), e.getKey().len(), e.getValue().longValue()));
        }
        return out;
    }

    /** The status fields this reference models, in {@link RapStatus} order (without the error bound). */
    List<Long> status() {
        return List.of(
                n.longValue(), (long) nodes.size(), highWater, updates, splits, merges, batches, deferred, saturations);
    }

    static List<Long> status(RapStatus s) {
        return List.of(
                s.n(),
                s.currentNodes(),
                s.highWaterNodes(),
                s.updates(),
                s.splits(),
                s.merges(),
                s.mergeBatches(),
                s.deferredSplits(),
                s.saturations());
    }
}
