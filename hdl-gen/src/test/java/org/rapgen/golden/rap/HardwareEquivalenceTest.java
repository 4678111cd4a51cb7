package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** With enough slots and 64-bit counters the hardware-exact model is the unbounded model, state for state. */
class HardwareEquivalenceTest {

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (TestStream.Kind kind : TestStream.Kind.values()) {
            for (int keyBits : new int[] {32, 64}) {
                for (int k : new int[] {1, 2, 4}) {
                    out.add(Arguments.of(kind, keyBits, k));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} K={1} k={2}")
    @MethodSource("cases")
    void hardwareWithAmpleResourcesEqualsUnbounded(TestStream.Kind kind, int keyBits, int k) {
        RapParams params = RapParams.of(keyBits, k, 1311).withMerge(20, 2);
        UnboundedRap unbounded = new UnboundedRap(params);
        HardwareRap hardware = new HardwareRap(params, 1 << 20, 64);
        TestStream s = TestStream.generate(kind, keyBits * 7 + k, 8000, keyBits, 4);
        for (int i = 0; i < s.size(); i++) {
            unbounded.accept(s.keys()[i], s.weights()[i]);
            hardware.accept(s.keys()[i], s.weights()[i]);
            if (i % 997 == 0 || i == s.size() - 1) {
                assertEquals(unbounded.snapshot(), hardware.snapshot(), "after event " + i);
                assertEquals(unbounded.status(), hardware.status(), "after event " + i);
            }
        }
        assertEquals(0, hardware.status().deferredSplits());
        assertEquals(0, hardware.status().saturations());
    }

    @ParameterizedTest(name = "{0} K={1} k={2}")
    @MethodSource("cases")
    void slotLimitJustAboveHighWaterChangesNothing(TestStream.Kind kind, int keyBits, int k) {
        RapParams params = RapParams.of(keyBits, k, 3277).withMerge(64, 2);
        TestStream s = TestStream.generate(kind, keyBits + k, 5000, keyBits, 1);
        UnboundedRap unbounded = new UnboundedRap(params);
        s.feed(unbounded);
        int highWater = (int) unbounded.status().highWaterNodes();
        HardwareRap hardware = new HardwareRap(params, highWater, 64);
        s.feed(hardware);
        assertEquals(unbounded.status(), hardware.status());
        assertEquals(unbounded.snapshot(), hardware.snapshot());
    }
}
