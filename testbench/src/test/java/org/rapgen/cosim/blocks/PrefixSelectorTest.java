package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.PrefixSelectorBench.Request;
import org.rapgen.hdl.lib.PrefixSelector;

/**
 * {@code PrefixSelector} under Verilator against {@link PrefixSelectorRef}, cycle by cycle, with random output
 * backpressure and input gaps: exhaustive (every match vector x every assignment of lens from a small set) for 4, 5,
 * 6 and 8 slots at several levelsPerStage, and random for 256 slots with RAP-like prefix sets in shuffled slots.
 */
class PrefixSelectorTest {
    // name: slots and levelsPerStage (latency = ceil(log2(slots) / levelsPerStage))
    private static final class N4s1 extends DslProvider {
        N4s1() {
            super(() -> new PrefixSelector(4, 2, 24, 1));
        }
    }

    private static final class N4s2 extends DslProvider {
        N4s2() {
            super(() -> new PrefixSelector(4, 2, 24, 2));
        }
    }

    private static final class N5s1 extends DslProvider {
        N5s1() {
            super(() -> new PrefixSelector(5, 2, 24, 1));
        }
    }

    private static final class N6s2 extends DslProvider {
        N6s2() {
            super(() -> new PrefixSelector(6, 2, 24, 2));
        }
    }

    private static final class N8s1 extends DslProvider {
        N8s1() {
            super(() -> new PrefixSelector(8, 3, 24, 1));
        }
    }

    private static final class N8s2 extends DslProvider {
        N8s2() {
            super(() -> new PrefixSelector(8, 3, 24, 2));
        }
    }

    private static final class N8s3 extends DslProvider {
        N8s3() {
            super(() -> new PrefixSelector(8, 3, 24, 3));
        }
    }

    private static final class N256s1 extends DslProvider {
        N256s1() {
            super(() -> new PrefixSelector(256, 6, 16, 1));
        }
    }

    private static final class N256s3 extends DslProvider {
        N256s3() {
            super(() -> new PrefixSelector(256, 6, 16, 3));
        }
    }

    @Test
    @Cosim(N4s1.class)
    void exhaustive4SlotsLatency2(Sim sim) {
        exhaustive(sim, 1, 0, 1, 2, 3);
    }

    @Test
    @Cosim(N4s2.class)
    void exhaustive4SlotsLatency1(Sim sim) {
        exhaustive(sim, 2, 0, 1, 2, 3);
    }

    @Test
    @Cosim(N5s1.class)
    void exhaustive5SlotsLatency3(Sim sim) {
        exhaustive(sim, 1, 0, 1, 3);
    }

    @Test
    @Cosim(N6s2.class)
    void exhaustive6SlotsLatency2(Sim sim) {
        exhaustive(sim, 2, 0, 2, 3);
    }
    // The comparators are the same whatever the register placement: the full three-value space once (a register
    // inside the tree and one at the end), a two-value space for the other placements.
    @Test
    @Cosim(N8s2.class)
    void exhaustive8SlotsLatency2(Sim sim) {
        exhaustive(sim, 2, 0, 6, 7);
    }

    @Test
    @Cosim(N8s1.class)
    void exhaustive8SlotsLatency3(Sim sim) {
        exhaustive(sim, 1, 6, 7);
    }

    @Test
    @Cosim(N8s3.class)
    void exhaustive8SlotsLatency1(Sim sim) {
        exhaustive(sim, 3, 0, 7);
    }

    @Test
    @Cosim(N256s1.class)
    void random256SlotsLatency8(Sim sim) {
        random256(sim, 1);
    }

    @Test
    @Cosim(N256s3.class)
    void random256SlotsLatency3(Sim sim) {
        random256(sim, 3);
    }

    /**
     * 256 slots: each slot once the only longest match and once the winner of a tie with higher slots; RAP-like
     * nested prefix sets in shuffled slots (reshuffled every 500 requests) searched with keys mostly inside them;
     * then random match vectors of several densities with lens from a wide range or from a narrow one (many ties).
     */
    private static void random256(Sim sim, int levelsPerStage) {
        int n = 256, maxLen = 63;
        Random rnd = new Random(41 + levelsPerStage);
        List<Request> reqs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean[] m = new boolean[n];
            int[] lens = new int[n];
            for (int j = 0; j < n; j++) {
                m[j] = rnd.nextInt(4) == 0;
                lens[j] = rnd.nextInt(maxLen);
            }
            m[i] = true;
            lens[i] = maxLen; // the unique longest
            reqs.add(new Request(m, lens, reqs.size()));
            boolean[] t = new boolean[n];
            int[] tl = new int[n];
            for (int j = 0; j < n; j++) {
                t[j] = j >= i ? rnd.nextInt(3) == 0 : rnd.nextBoolean();
                tl[j] = j > i && rnd.nextBoolean() ? 40 : rnd.nextInt(40); // below i: always shorter
            }
            t[i] = true;
            tl[i] = 40;
            reqs.add(new Request(t, tl, reqs.size()));
        }
        List<PrefixSets.Prefix> set = PrefixSets.nested(rnd, 32, 4, 241);
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i < n; i++) slots.add(i);
        for (int k = 0; k < 6000; k++) {
            if (k % 500 == 0) Collections.shuffle(slots, rnd);
            long key = PrefixSets.key(rnd, set, 32);
            boolean[] m = new boolean[n];
            int[] lens = new int[n];
            for (int j = 0; j < n; j++) lens[j] = rnd.nextInt(maxLen + 1); // slots without a prefix: never matching
            for (int p = 0; p < set.size(); p++) {
                int slot = slots.get(p);
                m[slot] = set.get(p).contains(key);
                lens[slot] = set.get(p).len();
            }
            reqs.add(new Request(m, lens, reqs.size()));
        }
        double[] density = {0.002, 0.01, 0.05, 0.3, 0.9, 1.0};
        for (int k = 0; k < 4000; k++) {
            double d = density[k % density.length];
            int range = k % 3 == 0 ? 3 : maxLen + 1;
            boolean[] m = new boolean[n];
            int[] lens = new int[n];
            for (int j = 0; j < n; j++) {
                m[j] = rnd.nextDouble() < d;
                lens[j] = rnd.nextInt(range);
            }
            reqs.add(new Request(m, lens, reqs.size()));
        }
        Winners bench = new Winners(sim, levelsPerStage, 43, false, reqs.iterator());
        while (!bench.done()) bench.run(4096);
        bench.drain();
        assertEquals(reqs.size(), bench.deliveries, "every request must come out exactly once");
        bench.assertEverySlotWon();
        TcamTest.assertCovered(bench);
    }

    /**
     * Every match vector x every assignment of lens from {@code values} (which include 0, and values one bit apart),
     * each once, in order; the payload is the vector's number, so the scoreboard also proves none was skipped.
     */
    private static void exhaustive(Sim sim, int levelsPerStage, int... values) {
        int n = sim.port("io_in_bits_match").width();
        long assignments = pow(values.length, n), total = assignments << n;
        Iterator<Request> all = new Iterator<>() {
            private long next;

            @Override
            public boolean hasNext() {
                return next < total;
            }

            @Override
            public Request next() {
                if (!hasNext()) throw new NoSuchElementException();
                long m = next / assignments, a = next % assignments;
                boolean[] match = new boolean[n];
                int[] lens = new int[n];
                for (int i = 0; i < n; i++, a /= values.length) {
                    match[i] = (m >> i & 1) != 0;
                    lens[i] = values[(int) (a % values.length)];
                }
                return new Request(match, lens, next++);
            }
        };
        Winners bench = new Winners(sim, levelsPerStage, 31, total > 100_000, all);
        while (!bench.done()) bench.run(4096);
        bench.drain();
        assertEquals(total, bench.deliveries, "every vector must come out exactly once");
        bench.assertEverySlotWon();
        TcamTest.assertCovered(bench);
    }

    private static long pow(int b, int e) {
        long r = 1;
        for (int i = 0; i < e; i++) r *= b;
        return r;
    }

    /** The bench, also counting which slots the DUT reported as winners and how often nothing matched. */
    private static final class Winners extends PrefixSelectorBench {
        private final boolean[] won;
        long notFound;

        Winners(Sim sim, int levelsPerStage, long seed, boolean lightTraffic, Iterator<Request> requests) {
            super(sim, levelsPerStage, seed, lightTraffic, requests);
            won = new boolean[entries];
        }

        @Override
        void delivered(List<BigInteger> bits) {
            if (bits.get(0).signum() == 0) notFound++;
            else won[bits.get(1).intValue()] = true;
        }

        void assertEverySlotWon() {
            for (int i = 0; i < won.length; i++) assertTrue(won[i], "slot " + i + " never won");
            assertTrue(notFound > 0, "no request without a match");
        }
    }
}
