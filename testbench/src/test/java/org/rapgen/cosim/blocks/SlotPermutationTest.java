package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rapgen.bench.LongestPrefixCam;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.PrefixSets.Prefix;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;

/**
 * SPEC §5 stage 2: "correct whatever slot an entry occupies". A {@code Tcam} feeding a {@code PrefixSelector}
 * ({@code LongestPrefixCam}, 32 slots, 32-bit keys) is loaded with the same nested prefix sets in many slot
 * permutations; for every search the prefix in the winning slot must be the longest prefix of the set containing the
 * key, found by a scan over the set that knows nothing of slots. Cycle-accurate against {@link LongestPrefixCamRef}
 * too. The flat baseline of the benchmark runs the same test, so the benchmark compares two correct designs.
 */
class SlotPermutationTest {
    private static final int ENTRIES = 32, KEY_BITS = 32;

    private static final class Tree extends DslProvider {
        Tree() {
            super(() -> new LongestPrefixCam(ENTRIES, KEY_BITS, 6, 16, 2));
        }
    }

    private static final class Flat extends DslProvider {
        Flat() {
            super(() -> new LongestPrefixCam(ENTRIES, KEY_BITS, 6, 16, 0));
        }
    }

    @Test
    @Cosim(Tree.class)
    void treeSelectorIgnoresSlotOrder(Sim sim) {
        check(new Permutations(sim, 2));
    }

    @Test
    @Cosim(Flat.class)
    void flatBaselineIgnoresSlotOrder(Sim sim) {
        check(new Permutations(sim, 0));
    }

    private static void check(Permutations bench) {
        while (!bench.done()) bench.run(2048);
        bench.drain();
        assertEquals(
                Permutations.SETS * Permutations.PER_SET * Permutations.SEARCHES, bench.checked, "searches checked");
        assertTrue(
                bench.notFound > 0 && bench.deepest >= 12,
                "coverage: not found " + bench.notFound + ", deepest winner " + bench.deepest);
        TcamTest.assertCovered(bench);
    }

    /**
     * For each of SETS prefix sets, PER_SET random slot
     * permutations: write the table (unused slots invalid, with garbage that must never win), then search SEARCHES
     * keys, and start the next permutation only when nothing is in flight (writes must not overlap searches).
     */
    private static final class Permutations extends CamBench {
        static final int SETS = 4, PER_SET = 25, SEARCHES = 40;
        private final List<List<Prefix>> sets = new ArrayList<>();
        private final List<Prefix[]> slotOf = new ArrayList<>(); // per permutation: slot -> prefix (null = unused)
        private final List<long[]> keysOf = new ArrayList<>();
        private final ArrayDeque<Write> writes = new ArrayDeque<>();
        private boolean searchesNext;
        long checked, notFound;
        int deepest;

        Permutations(Sim sim, int levelsPerStage) {
            super(sim, ENTRIES, levelsPerStage, 51 + levelsPerStage);
            for (int i = 0; i < SETS; i++) {
                List<Prefix> set = PrefixSets.nested(rnd, KEY_BITS, 2, 29); // k = 2 reaches deep chains in 29 entries
                // Odd sets lose the root and the first quarter of the key space, so some keys match nothing.
                sets.add(
                        i % 2 == 0
                                ? set
                                : set.stream()
                                        .filter(p -> p.len() > 2 || p.len() == 2 && p.value() != 0)
                                        .toList());
            }
        }

        boolean done() {
            return slotOf.size() == SETS * PER_SET && writes.isEmpty() && !searchesNext && search.idle();
        }

        @Override
        Write write() {
            if (searchesNext) { // the cycle after the last write
                long[] keys = keysOf.get(keysOf.size() - 1);
                for (int k = 0; k < keys.length; k++)
                    search.offer(new Search(keys[k], (long) (slotOf.size() - 1) * SEARCHES + k));
                searchesNext = false;
                return null;
            }
            if (writes.isEmpty() && search.idle() && ref.empty() && slotOf.size() < SETS * PER_SET) permute();
            Write w = writes.poll();
            if (w != null && writes.isEmpty()) searchesNext = true;
            return w;
        }

        private void permute() {
            List<Prefix> set = sets.get(slotOf.size() / PER_SET);
            List<Integer> slots = new ArrayList<>();
            for (int i = 0; i < ENTRIES; i++) slots.add(i);
            Collections.shuffle(slots, rnd);
            Prefix[] at = new Prefix[ENTRIES];
            for (int p = 0; p < set.size(); p++) at[slots.get(p)] = set.get(p);
            for (int s = 0; s < ENTRIES; s++) {
                writes.add(
                        at[s] != null
                                ? new Write(s, at[s].value(), at[s].mask(), true, at[s].len())
                                : new Write(
                                        s, rnd.nextLong(), 0, false, 63)); // invalid, exact-match garbage, longest len
            }
            long[] keys = new long[SEARCHES];
            for (int k = 0; k < SEARCHES; k++) keys[k] = PrefixSets.key(rnd, set, KEY_BITS);
            slotOf.add(at);
            keysOf.add(keys);
        }

        @Override
        void delivered(List<BigInteger> bits) {
            long payload = bits.get(3).longValue();
            int perm = (int) (payload / SEARCHES);
            long key = keysOf.get(perm)[(int) (payload % SEARCHES)];
            Prefix want = longestContaining(sets.get(perm / PER_SET), key);
            Prefix got = bits.get(0).signum() == 0
                    ? null
                    : slotOf.get(perm)[bits.get(1).intValue()];
            assertEquals(
                    want,
                    got,
                    "permutation " + perm + " key 0x" + Long.toHexString(key) + ": winner slot " + bits.get(1));
            if (want == null) notFound++;
            else deepest = Math.max(deepest, want.len());
            checked++;
        }

        private static Prefix longestContaining(List<Prefix> set, long key) {
            Prefix best = null;
            for (Prefix p : set) if (p.contains(key) && (best == null || p.len() > best.len())) best = p;
            return best;
        }
    }
}
