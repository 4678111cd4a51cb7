package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SPEC §4 guarantee and conservation, over stream kinds x K x k x seeds, checked mid-stream and
 * at the end, against both the brute-force reference and {@link BoundCheck}.
 */
class GuaranteePropertyTest {

    private static final int[] EPS_FX = {655, 3277, 13107}; // ~1%, 5%, 20%
    private static final int SEEDS = 3;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (TestStream.Kind kind : TestStream.Kind.values()) {
            for (int keyBits : new int[] {32, 64}) {
                for (int k : new int[] {1, 2, 4}) {
                    for (int seed = 0; seed < SEEDS; seed++) {
                        out.add(Arguments.of(kind, keyBits, k, seed));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} K={1} k={2} seed={3}")
    @MethodSource("cases")
    void boundAndConservationHold(TestStream.Kind kind, int keyBits, int k, int seed) {
        long mix = seed * 1000003L + keyBits * 31L + k;
        int epsFx = EPS_FX[(int) (mix % EPS_FX.length)];
        // Small M0 and varied q so that many merge batches (and cascades) happen.
        RapParams params = RapParams.of(keyBits, k, epsFx).withMerge(16 + seed * 50, 2 + seed % 2);
        int maxWeight = seed == 1 ? 9 : 1;
        TestStream stream = TestStream.generate(kind, mix, 6000, keyBits, maxWeight);

        UnboundedRap rap = new UnboundedRap(params);
        BruteForce brute = new BruteForce();
        ExactProfile.Builder exact = ExactProfile.builder();
        long wMax = 0;
        for (int i = 0; i < stream.size(); i++) {
            rap.accept(stream.keys()[i], stream.weights()[i]);
            brute.add(stream.keys()[i], stream.weights()[i]);
            exact.accept(stream.keys()[i], stream.weights()[i]);
            wMax = Math.max(wMax, stream.weights()[i]);
            if ((i + 1) % 1500 == 0) {
                check(stream.name() + " @" + (i + 1), rap.tree(), brute, exact.build(), wMax);
            }
        }
    }

    private static void check(String where, RapTree tree, BruteForce brute, ExactProfile exact, long wMax) {
        assertFalse(tree.overflow());
        assertEquals(exact.total(), tree.n(), where + ": n is the total weight");
        assertEquals(tree.n(), tree.totalCount(), where + ": conservation, sum of counts == n");
        assertEquals(List.of(), brute.violations(tree, wMax), where + ": brute-force SPEC §4 bound");
        assertEquals(List.of(), BoundCheck.violations(tree, exact, wMax), where + ": BoundCheck");
    }

    /** The bound with a combining queue in front: w_max is the largest weight after combining. */
    @ParameterizedTest(name = "combining {0} K={1} k={2} seed={3}")
    @MethodSource("cases")
    void boundHoldsBehindCombiningQueue(TestStream.Kind kind, int keyBits, int k, int seed) {
        if (seed != 0) {
            return; // one seed per configuration keeps the suite fast
        }
        RapParams params = RapParams.of(keyBits, k, 3277).withMerge(32, 2);
        HardwareRap rap = new HardwareRap(params, 1 << 20, 64);
        ExactProfile.Builder exact = ExactProfile.builder();
        long[] wMax = {0};
        EventSink tap = new EventSink() {
            @Override
            public void accept(long key, long weight) {
                wMax[0] = Math.max(wMax[0], weight);
                exact.accept(key, weight);
                rap.accept(key, weight);
            }
        };
        CombiningQueue queue = new CombiningQueue(tap, true, 6);
        TestStream.generate(kind, 99 + keyBits + k, 6000, keyBits, 3).feed(queue);
        queue.flush();
        RapTree tree = rap.tree();
        assertFalse(rap.overflow() || rap.saturated());
        assertEquals(tree.n(), tree.totalCount());
        assertEquals(List.of(), BoundCheck.violations(tree, exact.build(), wMax[0]));
    }
}
