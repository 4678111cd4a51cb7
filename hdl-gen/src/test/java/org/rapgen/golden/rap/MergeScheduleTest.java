package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scheduled merge batches fire exactly when n first reaches M0*q^j. */
class MergeScheduleTest {

    /** Records the n of every scheduled (non-early) batch. */
    private static List<Long> scheduledBatches(RapModel model, TestStream stream) {
        List<Long> at = new ArrayList<>();
        model.setMergeListener((n, t, early, removed) -> {
            if (!early) {
                at.add(n);
            }
        });
        stream.feed(model);
        return at;
    }

    private static List<Long> geometric(long m0, long q, long upTo) {
        List<Long> out = new ArrayList<>();
        for (long x = m0; x <= upTo; x *= q) {
            out.add(x);
        }
        return out;
    }

    @Test
    void unitWeightsHitEveryPointExactly() {
        for (long[] mq : new long[][] {{1024, 2}, {10, 2}, {1, 3}, {7, 5}}) {
            RapParams p = RapParams.of(32, 2, 2000).withMerge(mq[0], mq[1]);
            TestStream s = TestStream.generate(TestStream.Kind.ZIPF, 5, 20000, 32, 1);
            assertEquals(
                    geometric(mq[0], mq[1], 20000),
                    scheduledBatches(new UnboundedRap(p), s),
                    "M0=" + mq[0] + " q=" + mq[1]);
        }
    }

    @Test
    void heavyEventCrossingSeveralPointsRunsOneBatchAndSkipsThem() {
        RapParams p = RapParams.of(32, 4, 655).withMerge(4, 2);
        long[] keys = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
        long[] weights = {1, 1, 1, 20, 1, 1, 1, 1, 1, 1, 1, 1, 1, 40};
        // n: 1 2 3 | 23 (crosses 4, 8, 16: one batch, next 32) | 24..31 | 32 (batch, next 64) | 72 (batch)
        List<Long> at = scheduledBatches(new UnboundedRap(p), new TestStream("heavy", keys, weights));
        assertEquals(List.of(23L, 32L, 72L), at);
    }

    @Test
    void batchUsesThresholdOfCurrentN() {
        RapParams p = RapParams.of(64, 1, 6553).withMerge(100, 3);
        UnboundedRap rap = new UnboundedRap(p);
        List<long[]> seen = new ArrayList<>();
        rap.setMergeListener((n, t, early, removed) -> seen.add(new long[] {n, t}));
        TestStream.generate(TestStream.Kind.UNIFORM, 3, 1000, 64, 1).feed(rap);
        assertEquals(3, seen.size()); // 100, 300, 900
        for (long[] e : seen) {
            assertEquals(p.threshold(e[0]), e[1]);
        }
    }

    @Test
    void earlyBatchesDoNotMoveTheSchedule() {
        RapParams p = RapParams.of(32, 2, 3277).withMerge(50, 2);
        HardwareRap rap = new HardwareRap(p, 24, 64);
        int[] early = {0};
        List<Long> scheduled = new ArrayList<>();
        rap.setMergeListener((n, t, e, removed) -> {
            if (e) {
                early[0]++;
            } else {
                scheduled.add(n);
            }
        });
        TestStream.generate(TestStream.Kind.UNIFORM, 11, 5000, 32, 1).feed(rap);
        assertTrue(early[0] > 0, "the small tree must have needed early merges");
        assertEquals(geometric(50, 2, 5000), scheduled);
        assertEquals(early[0] + scheduled.size(), rap.status().mergeBatches());
    }

    @Test
    void scheduleStopsWhenNextPointWouldExceed64Bits() {
        MergeSchedule s = new MergeSchedule(1L << 62, 4);
        assertFalse(s.due((1L << 62) - 1));
        assertTrue(s.due(1L << 62));
        s.advancePast(1L << 62);
        assertTrue(s.exhausted(), "4 * 2^62 = 2^64 does not fit");
        assertFalse(s.due(-1L));
        MergeSchedule t = new MergeSchedule(3, 2);
        t.advancePast(100);
        assertEquals(192, t.next());
        t.advancePast(1L << 63); // unsigned compare: 3*2^61 <= 2^63 < 3*2^62
        assertEquals(3L << 62, t.next());
        assertFalse(t.exhausted());
        t.advancePast(3L << 62);
        assertTrue(t.exhausted(), "3*2^63 does not fit");
    }
}
