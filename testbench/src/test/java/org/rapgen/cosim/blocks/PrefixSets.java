package org.rapgen.cosim.blocks;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * RAP-like TCAM contents: the aligned prefixes a range tree (SPEC §4) holds. A prefix of length len covers the keys
 * whose top len bits equal its value; as a TCAM entry its mask has the low keyBits - len bits set.
 */
final class PrefixSets {
    private PrefixSets() {}

    record Prefix(long value, int len, int keyBits) {
        long mask() {
            int free = keyBits - len;
            return free >= 64 ? -1L : (1L << free) - 1;
        }

        boolean contains(long key) {
            return (key | mask()) == (value | mask());
        }

        /** A random key inside this prefix. */
        long randomKey(Random rnd) {
            return value | (rnd.nextLong() & mask() & Lanes.ones(keyBits));
        }
    }

    /**
     * A tree grown like RAP's: the root, then splits that add all 2^k children of a node (each len + k), up to
     * {@code count} prefixes. Splits mostly drill into recently created children, so chains reach len = keyBits.
     */
    static List<Prefix> nested(Random rnd, int keyBits, int k, int count) {
        List<Prefix> all = new ArrayList<>();
        Set<Prefix> split = new HashSet<>();
        all.add(new Prefix(0, 0, keyBits));
        for (int tries = 0; tries < 100_000 && all.size() + (1 << k) <= count; tries++) {
            Prefix p = rnd.nextInt(10) < 7
                    ? all.get(all.size() - 1 - rnd.nextInt(Math.min(all.size(), 1 << k)))
                    : all.get(rnd.nextInt(all.size()));
            if (p.len() + k > keyBits || !split.add(p)) continue;
            for (long c = 0; c < (1L << k); c++)
                all.add(new Prefix(p.value() | c << (keyBits - p.len() - k), p.len() + k, keyBits));
        }
        return all;
    }

    /** A key for a search: mostly inside a random prefix of the set (so long matches happen), sometimes anywhere. */
    static long key(Random rnd, List<Prefix> set, int keyBits) {
        return rnd.nextInt(8) == 0
                ? rnd.nextLong() & Lanes.ones(keyBits)
                : set.get(rnd.nextInt(set.size())).randomKey(rnd);
    }
}
