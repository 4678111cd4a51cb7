package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-computed trees: update goes to the deepest node, split keeps the count, children start at 0. */
class DirectedTreeTest {

    /**
     * eps = 65535/65536, K=32, k=4: T(n) = n*65535 >> 19, which is 0 for n <= 8. Each of the
     * first 8 unit events on one key lands on a fresh node one level deeper and splits it, so
     * the tree becomes a full chain of 8 splits (1 + 8*16 nodes) and event 9 lands on the leaf.
     */
    @Test
    void hotKeyDrillsDownOneLevelPerEvent() {
        UnboundedRap rap = new UnboundedRap(RapParams.of(32, 4, 65535));
        long key = 0x12345678L;
        for (int i = 1; i <= 9; i++) {
            rap.accept(key, 1);
        }
        assertEquals(129, rap.currentNodes());
        List<RapNode> onPath = new ArrayList<>();
        for (RapNode v : rap.snapshot()) {
            if (v.contains(key, 32)) {
                onPath.add(v);
            } else {
                assertEquals(0, v.count(), "off-path nodes are fresh children");
            }
        }
        assertEquals(9, onPath.size());
        for (int len = 0; len <= 28; len += 4) {
            RapNode v = onPath.get(len / 4);
            assertEquals(len, v.len());
            assertEquals(1, v.count(), "each level got exactly the event that split it");
        }
        assertEquals(new RapNode(key, 32, 1), onPath.get(8));
        RapStatus s = rap.status();
        assertEquals(8, s.splits());
        assertEquals(9, s.updates());
        assertEquals(129, s.highWaterNodes());
    }

    @Test
    void noSplitWhileCountNotAboveThreshold() {
        // eps = 1/65536: T(n) = n >> 19 for K=32,k=4; the root count equals n > T(n), so the
        // root splits at once; afterwards events land on children and T stays 0 only briefly.
        UnboundedRap rap = new UnboundedRap(RapParams.of(32, 4, 1));
        rap.accept(5, 1);
        assertEquals(17, rap.currentNodes(), "1 > T(1) = 0: the root splits on the first event");
        assertEquals(new RapNode(0, 0, 1), rap.snapshot().get(0));
    }

    @Test
    void snapshotIsSortedAndImmutable() {
        UnboundedRap rap = new UnboundedRap(RapParams.of(64, 2, 3000).withMerge(64, 2));
        TestStream.generate(TestStream.Kind.ZIPF, 7, 5000, 64, 3).feed(rap);
        List<RapNode> snap = rap.snapshot();
        for (int i = 1; i < snap.size(); i++) {
            assertEquals(-1, Integer.signum(RapNode.ORDER.compare(snap.get(i - 1), snap.get(i))));
        }
        assertThrows(UnsupportedOperationException.class, () -> snap.add(new RapNode(0, 0, 0)));
    }

    @Test
    void badEventsAreRejected() {
        UnboundedRap rap = new UnboundedRap(RapParams.of(32, 4, 655));
        assertThrows(IllegalArgumentException.class, () -> rap.accept(1L << 40, 1));
        assertThrows(IllegalArgumentException.class, () -> rap.accept(1, 0));
        UnboundedRap big = new UnboundedRap(RapParams.of(64, 4, 655));
        big.accept(-1L, Long.MAX_VALUE);
        big.accept(-1L, Long.MAX_VALUE); // n = 2^64 - 2, still representable unsigned
        assertEquals(-2L, big.n());
        assertThrows(IllegalStateException.class, () -> big.accept(0, 2));
    }

    /** Split needs count > T(n): equality does not split. T(85) = T(86) = 10 here. */
    @Test
    void splitBoundaryIsStrictlyGreater() {
        RapParams p = RapParams.of(32, 4, 65535);
        assertEquals(10, p.threshold(85));
        assertEquals(10, p.threshold(86));
        UnboundedRap rap = new UnboundedRap(p);
        rap.accept(0x00000000L, 75); // root: 75 > T(75), splits
        assertEquals(17, rap.currentNodes());
        rap.accept(0x10000000L, 10); // child 1: 10 == T(85): no split
        assertEquals(17, rap.currentNodes());
        rap.accept(0x10000000L, 1); // child 1: 11 > T(86): splits
        assertEquals(33, rap.currentNodes());
    }

    /** Merge needs count(p) + leaves < T(n): equality does not merge. T(9) = 1, T(17) = 2. */
    @Test
    void mergeBoundaryIsStrictlyLess() {
        for (long[] c : new long[][] {{9, 8, 33, 0}, {17, 16, 18, 15}}) {
            RapParams p = RapParams.of(32, 4, 65535).withMerge(c[0], 2);
            UnboundedRap rap = new UnboundedRap(p);
            rap.accept(0x00000000L, 1); // root splits
            rap.accept(0x10000000L, c[1]); // child 1 splits, then the batch at n = M0
            // Root + its 15 zero leaves = 1: equal to T(9) = 1 (kept), below T(17) = 2 (merged).
            RapStatus s = rap.status();
            assertEquals(1, s.mergeBatches());
            assertEquals(c[2], s.currentNodes(), "M0=" + c[0]);
            assertEquals(c[3], s.merges(), "M0=" + c[0]);
        }
    }
}
