package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden models equal {@link ReferenceRap}, a plain independent rewrite of the algorithm, after every event:
 * unbounded, and hardware-exact with few slots (constant early merges and deferred splits) and narrow counters
 * (saturation). This pins the models' internal shortcuts (the lookup finger, merge batches skipped when no sum can be
 * below T) to the specified behaviour.
 */
class ReferenceEquivalenceTest {

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        int seed = 0;
        for (TestStream.Kind kind : TestStream.Kind.values()) {
            for (int[] kk : new int[][] {{32, 4}, {32, 2}, {64, 1}}) {
                for (int slots : new int[] {0, 40, 200}) {
                    out.add(Arguments.of(kind, kk[0], kk[1], slots, seed++));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} K={1} k={2} N={3}")
    @MethodSource("cases")
    void goldenModelEqualsReferenceAfterEveryEvent(TestStream.Kind kind, int keyBits, int k, int slots, int seed) {
        int epsFx = new int[] {655, 6553, 20000}[seed % 3];
        RapParams params = RapParams.of(keyBits, k, epsFx).withMerge(8 + seed % 40, 2 + seed % 3);
        int counterBits = seed % 2 == 0 ? 64 : 7;
        RapModel model = slots == 0 ? new UnboundedRap(params) : new HardwareRap(params, slots, counterBits);
        ReferenceRap ref = new ReferenceRap(params, slots, slots == 0 ? 64 : counterBits);
        TestStream stream = TestStream.generate(kind, seed, 1500, keyBits, seed % 4 == 1 ? 5 : 1);
        for (int i = 0; i < stream.size(); i++) {
            model.accept(stream.keys()[i], stream.weights()[i]);
            ref.accept(stream.keys()[i], stream.weights()[i]);
            int at = i;
            assertEquals(
                    ref.status(),
                    ReferenceRap.status(model.status()),
                    () -> stream.name() + " status after event " + at);
            if (i % 50 == 49 || i == stream.size() - 1) {
                assertEquals(ref.snapshot(), model.snapshot(), () -> stream.name() + " tree after event " + at);
            }
        }
        if (slots == 40) {
            assertTrue(
                    model.status().deferredSplits() > 0 || kind == TestStream.Kind.ONE_HOT,
                    "a 40-slot engine should overflow on " + stream.name());
        }
    }
}
