package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Trie#deepest} starts from the previous result (a finger) instead of the root. This checks it against a
 * plain descent from the root, written here from the node ranges alone, while random splits and leaf removals
 * reshape the trie between lookups, with lookups that jump around and lookups that stay close to the last key.
 */
class TrieFingerTest {

    /** The longest-prefix match found from the root by range containment only. */
    private static Trie.Node fromRoot(Trie trie, long key, int keyBits) {
        Trie.Node v = trie.root();
        boolean descended = true;
        while (descended && v.children != null) {
            descended = false;
            for (Trie.Node c : v.children) {
                if (c != null && new RapNode(c.prefix, c.len, c.count).contains(key, keyBits)) {
                    v = c;
                    descended = true;
                    break;
                }
            }
        }
        return v;
    }

    private static void collect(Trie.Node v, List<Trie.Node> out) {
        out.add(v);
        if (v.children != null) {
            for (Trie.Node c : v.children) {
                if (c != null) {
                    collect(c, out);
                }
            }
        }
    }

    @ParameterizedTest(name = "K={0} k={1}")
    @CsvSource({"32,4", "32,2", "32,1", "64,4", "64,1"})
    void fingerLookupEqualsRootDescent(int keyBits, int k) {
        SplittableRandom rnd = new SplittableRandom(keyBits * 31L + k);
        Trie trie = new Trie(keyBits, k);
        long mask = keyBits == 64 ? -1L : (1L << keyBits) - 1;
        long key = 0;
        int removals = 0;
        for (int step = 0; step < 40_000; step++) {
            // Mostly local keys (like the next instruction), sometimes a jump anywhere.
            key = rnd.nextInt(8) == 0 ? rnd.nextLong() & mask : (key + rnd.nextInt(64)) & mask;
            Trie.Node expected = fromRoot(trie, key, keyBits);
            assertSame(expected, trie.deepest(key), () -> "lookup differs from root descent");
            int op = rnd.nextInt(10);
            if (op < 3 && expected.len < keyBits && trie.size() < 5000) {
                trie.createMissingChildren(expected);
            } else if (op < 5) {
                List<Trie.Node> nodes = new ArrayList<>();
                collect(trie.root(), nodes);
                Trie.Node p = nodes.get(rnd.nextInt(nodes.size()));
                if (p.children != null) {
                    for (int d = 0; d < p.children.length; d++) {
                        if (p.children[d] != null && p.children[d].isLeaf()) {
                            trie.removeLeafChild(p, d);
                            removals++;
                        }
                    }
                }
            }
        }
        assertTrue(
                removals > 1000 && trie.size() > 50,
                "the walk must have reshaped the trie: removals=" + removals + " size=" + trie.size());
    }
}
