package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Directed cases for the hardware model's limits. All use K=32, k=4 (L=8) and epsFx=65535, so
 * T(n) = n*65535 >> 19 (T(2)=0, T(11)=1, T(101)=12, T(102)=12, T(999)=124, T(1000)=124).
 */
class HardwareCapacityTest {
    private static final RapParams P = RapParams.of(32, 4, 65535);

    @Test
    void thresholdValuesUsedBelow() {
        assertEquals(0, P.threshold(2));
        assertEquals(1, P.threshold(11));
        assertEquals(12, P.threshold(101));
        assertEquals(12, P.threshold(102));
        assertEquals(124, P.threshold(999));
        assertEquals(124, P.threshold(1000));
    }

    /** N = 1: only the root; every split is deferred; a 4-bit counter saturates at 15. */
    @Test
    void rootOnlySaturatesAndDefersEverySplit() {
        HardwareRap rap = new HardwareRap(P, 1, 4);
        for (int i = 0; i < 20; i++) {
            rap.accept(0xabcdef01L, 1);
        }
        RapStatus s = rap.status();
        assertEquals(List.of(new RapNode(0, 0, 15)), rap.snapshot());
        assertEquals(20, s.n());
        assertEquals(5, s.saturations(), "events 16..20 each clipped");
        assertTrue(s.saturated());
        assertEquals(20, s.deferredSplits(), "count(root) > T(n) after every event, each attempt counts");
        assertTrue(s.overflow());
        assertEquals(20, s.mergeBatches(), "one early batch per attempt");
        assertEquals(0, s.merges());
        assertEquals(0, s.splits());
        assertEquals(1, s.currentNodes());
        assertEquals(1, s.highWaterNodes());
        assertTrue(rap.tree().overflow());
    }

    /**
     * A merge writes back count(p) + leaves, compared exactly (27 < 124) but stored clipped to
     * 2^C-1: C=4 turns 27 into 15 and counts one saturation.
     */
    @Test
    void mergeSumIsComparedExactlyButStoredSaturated() {
        RapParams p = P.withMerge(1000, 2);
        HardwareRap rap = new HardwareRap(p, 4096, 4);
        UnboundedRap wide = new UnboundedRap(p);
        long[][] events = {{0x00000000L, 1}, {0x10000000L, 10}, {0x20000000L, 988}, {0x30000000L, 1}};
        for (long[] e : events) {
            rap.accept(e[0], e[1]);
            wide.accept(e[0], e[1]);
        }
        // n=1: root splits (17). n=11: child 1 (10 > 1) splits (33). n=999: child 2 gets 988,
        // clipped to 15 (saturation 1), 15 <= 124 so no split. n=1000: merge batch, T=124:
        // child 1 + its 16 zero leaves = 10 < 124, merged; then root + 16 leaves = 1+0+10+15+1 = 27
        // < 124, merged and clipped to 15 (saturation 2).
        assertEquals(List.of(new RapNode(0, 0, 15)), rap.snapshot());
        RapStatus s = rap.status();
        assertEquals(2, s.saturations());
        assertEquals(2, s.splits());
        assertEquals(32, s.merges());
        assertEquals(33, s.highWaterNodes());
        assertEquals(1, s.currentNodes());
        assertFalse(s.overflow());
        // With wide counters child 2 holds 988 > 124 and splits at n=999, so it is not a leaf
        // when the root is examined: root + its 15 leaves = 1+0+10+1 = 12 is an interior merge.
        List<RapNode> w = wide.snapshot();
        assertEquals(18, w.size());
        assertEquals(new RapNode(0, 0, 12), w.get(0));
        assertEquals(new RapNode(0x20000000L, 4, 988), w.get(1));
        assertEquals(1000, wide.tree().totalCount());
    }

    /** A full table is relieved by the early merge, and the split then goes ahead. */
    @Test
    void earlyMergeFreesSlotsForTheSplit() {
        HardwareRap rap = new HardwareRap(P, 33, 64);
        List<String> batches = new ArrayList<>();
        rap.setMergeListener((n, t, early, removed) -> batches.add(n + "/" + t + "/" + early + "/" + removed));
        rap.accept(0x00000000L, 1); // n=1: root splits -> 17
        rap.accept(0x10000000L, 1); // n=2: child 1 splits -> 33, table full
        assertEquals(33, rap.currentNodes());
        rap.accept(0x20000000L, 100); // n=102: child 2 needs 16; early merge (T=12) frees child 1's 16 leaves
        assertEquals(List.of("102/12/true/16"), batches);
        RapStatus s = rap.status();
        assertEquals(33, s.currentNodes());
        assertEquals(3, s.splits());
        assertEquals(16, s.merges());
        assertEquals(0, s.deferredSplits());
        assertFalse(s.overflow());
        assertTrue(rap.snapshot().contains(new RapNode(0x10000000L, 4, 1)), "child 1 kept its merged count");
        assertTrue(rap.snapshot().contains(new RapNode(0x20000000L, 4, 100)));
        assertTrue(rap.snapshot().contains(new RapNode(0x2f000000L, 8, 0)), "child 2 got its children");
    }

    /** When the early merge cannot free enough, the split is skipped whole and flagged; nothing is lost. */
    @Test
    void splitIsDeferredWhenEarlyMergeIsNotEnough() {
        HardwareRap rap = new HardwareRap(P, 20, 64);
        rap.accept(0x00000000L, 1); // root splits -> 17 nodes, 3 free
        rap.accept(0x10000000L, 1); // needs 16, T(2)=0 frees nothing -> deferred
        rap.accept(0x10000000L, 1); // tries again -> deferred again
        RapStatus s = rap.status();
        assertEquals(17, s.currentNodes());
        assertEquals(2, s.deferredSplits());
        assertTrue(s.overflow());
        assertEquals(2, s.mergeBatches());
        assertEquals(3, rap.tree().totalCount(), "deferral loses no weight");
        assertTrue(rap.snapshot().contains(new RapNode(0x10000000L, 4, 2)));
    }

    @Test
    void overflowFlagIsSticky() {
        HardwareRap rap = new HardwareRap(P.withMerge(64, 2), 17, 64);
        rap.accept(0, 1);
        rap.accept(0x10000000L, 1);
        assertTrue(rap.overflow());
        for (int i = 0; i < 5000; i++) {
            rap.accept(0x10000000L, 1); // whatever happens later, the flag stays set
        }
        assertTrue(rap.overflow());
        assertTrue(rap.status().deferredSplits() >= 1);
    }

    @Test
    void constructorValidation() {
        assertThrows(IllegalArgumentException.class, () -> new HardwareRap(P, 0, 32));
        assertThrows(IllegalArgumentException.class, () -> new HardwareRap(P, 16, 0));
        assertThrows(IllegalArgumentException.class, () -> new HardwareRap(P, 16, 65));
    }
}
