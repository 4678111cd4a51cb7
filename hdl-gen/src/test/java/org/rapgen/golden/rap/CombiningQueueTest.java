package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CombiningQueueTest {

    /** Records what leaves the queue. */
    private static final class Recorder implements EventSink {
        final List<String> events = new ArrayList<>();
        int flushes;

        @Override
        public void accept(long key, long weight) {
            events.add(Long.toHexString(key) + "x" + weight);
        }

        @Override
        public void flush() {
            flushes++;
        }
    }

    @Test
    void runsOfTheSameKeyCombineAndAnotherKeyReleasesThem() {
        Recorder out = new Recorder();
        CombiningQueue q = new CombiningQueue(out);
        q.accept(0xa, 1);
        q.accept(0xa, 1);
        assertEquals(List.of(), out.events, "a run is held until something ends it");
        assertTrue(q.hasPending());
        q.accept(0xb, 2);
        q.accept(0xb, 1);
        q.accept(0xb, 1);
        q.accept(0xa, 1);
        assertEquals(List.of("ax2", "bx4"), out.events);
        q.flush();
        assertEquals(List.of("ax2", "bx4", "ax1"), out.events, "no combining across a different key");
        assertEquals(3, q.released());
        assertFalse(q.hasPending());
        assertEquals(1, out.flushes, "flush is passed downstream");
        q.flush();
        assertEquals(3, out.events.size(), "a second flush releases nothing");
    }

    @Test
    void weightCapSplitsARun() {
        Recorder out = new Recorder();
        CombiningQueue q = new CombiningQueue(out, true, 3); // weights up to 7
        q.accept(5, 5);
        q.accept(5, 2); // 7 fits exactly
        assertEquals(List.of(), out.events);
        q.accept(5, 1); // 8 would exceed 7: release 7, hold 1
        assertEquals(List.of("5x7"), out.events);
        for (int i = 0; i < 13; i++) {
            q.accept(5, 1); // 1 + 13 = 14 -> 7 released at 7, then 7 held
        }
        q.flush();
        assertEquals(List.of("5x7", "5x7", "5x7"), out.events);
    }

    @Test
    void capAtSixtyThreeBitsDoesNotOverflow() {
        Recorder out = new Recorder();
        CombiningQueue q = new CombiningQueue(out, true, 63);
        q.accept(9, 1L << 62);
        q.accept(9, 1L << 62); // 2^63 exceeds 2^63-1: a long sum would wrap negative and combine
        q.flush();
        assertEquals(List.of("9x" + (1L << 62), "9x" + (1L << 62)), out.events);
    }

    @Test
    void passThroughWhenNotCombining() {
        Recorder out = new Recorder();
        CombiningQueue q = new CombiningQueue(out, false, 16);
        q.accept(1, 1);
        q.accept(1, 1);
        assertEquals(List.of("1x1", "1x1"), out.events);
    }

    @Test
    void invalidWeightsAndWidthsAreRejected() {
        CombiningQueue q = new CombiningQueue(new Recorder(), true, 4);
        assertThrows(IllegalArgumentException.class, () -> q.accept(1, 0));
        assertThrows(IllegalArgumentException.class, () -> q.accept(1, 16));
        assertThrows(IllegalArgumentException.class, () -> new CombiningQueue(new Recorder(), true, 0));
        assertThrows(IllegalArgumentException.class, () -> new CombiningQueue(new Recorder(), true, 64));
    }

    /**
     * On random streams the queue equals an independent run-length encoder with a cap, and a
     * HardwareRap behind the queue equals an UnboundedRap fed that encoding.
     */
    @Test
    void equalsReferenceRunLengthEncoding() {
        for (long seed = 0; seed < 10; seed++) {
            // Few distinct keys so that runs are common.
            TestStream s = TestStream.generate(TestStream.Kind.ZIPF, seed, 5000, 32, 3);
            for (int i = 0; i < s.size(); i++) {
                s.keys()[i] &= 0x3;
            }
            int w = 2 + (int) (seed % 4);
            long cap = (1L << w) - 1;
            List<long[]> expected = new ArrayList<>();
            for (int i = 0; i < s.size(); i++) {
                long[] last = expected.isEmpty() ? null : expected.get(expected.size() - 1);
                if (last != null && last[0] == s.keys()[i] && last[1] + s.weights()[i] <= cap) {
                    last[1] += s.weights()[i];
                } else {
                    expected.add(new long[] {s.keys()[i], s.weights()[i]});
                }
            }
            RapParams p = RapParams.of(32, 2, 6553).withMerge(16, 2);
            UnboundedRap reference = new UnboundedRap(p);
            for (long[] e : expected) {
                reference.accept(e[0], e[1]);
            }
            HardwareRap hardware = new HardwareRap(p, 1 << 16, 64);
            CombiningQueue q = new CombiningQueue(hardware, true, w);
            s.feed(q);
            q.flush();
            assertEquals(expected.size(), q.released());
            assertEquals(expected.size(), hardware.status().updates(), "updates count events after the queue");
            assertEquals(reference.snapshot(), hardware.snapshot());
        }
    }
}
