package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HotRangesTest {

    /**
     * n = 100, h = 10%: 0x12/8 has H=50 (hot); its parent 0x1/4 then has H=3 (the hot child is
     * excluded), not hot; 0x21/8 has H=4, not hot, so 0x2/4 has H=8+4=12, hot; 0x3/4 has 33,
     * hot; the root has 2+3 = 5 (only non-hot children 0x1 and 0x0...), not hot.
     */
    private static final RapTree TREE = new RapTree(
            32,
            4,
            655,
            100,
            false,
            List.of(
                    new RapNode(0x00000000L, 0, 2),
                    new RapNode(0x10000000L, 4, 3),
                    new RapNode(0x12000000L, 8, 50),
                    new RapNode(0x20000000L, 4, 8),
                    new RapNode(0x21000000L, 8, 4),
                    new RapNode(0x30000000L, 4, 33)));

    @Test
    void hotnessExcludesHotChildren() {
        assertEquals(
                List.of(
                        new HotRange(0x12000000L, 8, 50),
                        new HotRange(0x20000000L, 4, 12),
                        new HotRange(0x30000000L, 4, 33)),
                HotRanges.find(TREE, 0.10));
        // At h = 5% the root's H = 2 + 3 = 5 reaches 5: hot, and 0x21/8 (4) still is not.
        assertEquals(
                List.of(
                        new HotRange(0x00000000L, 0, 5),
                        new HotRange(0x12000000L, 8, 50),
                        new HotRange(0x20000000L, 4, 12),
                        new HotRange(0x30000000L, 4, 33)),
                HotRanges.find(TREE, 0.05));
    }

    @Test
    void accuracyAttributesWeightLikeH() {
        ExactProfile.Builder b = ExactProfile.builder();
        b.accept(0x12345678L, 48); // inside 0x12/8
        b.accept(0x1f000000L, 5); // inside 0x1/4 but outside 0x12/8
        b.accept(0x21000000L, 4);
        b.accept(0x2f000000L, 10); // 0x2/4: true 14 vs H 12
        b.accept(0x30000001L, 33);
        ExactProfile exact = b.build();
        HotRangeAccuracy.Report r = HotRangeAccuracy.measure(HotRanges.find(TREE, 0.05), exact, 32);
        // Root: true(all)=100 minus the maximal hot ranges inside it (0x12: 48, 0x2: 14, 0x3: 33) = 5.
        assertEquals(5, r.entries().get(0).trueWeight());
        assertEquals(48, r.entries().get(1).trueWeight());
        assertEquals(14, r.entries().get(2).trueWeight());
        assertEquals(33, r.entries().get(3).trueWeight());
        double e12 = 2.0 / 48;
        double e2 = 2.0 / 14;
        assertEquals(e12, r.entries().get(1).relativeError(), 1e-12);
        assertEquals((0 + e12 + e2 + 0) / 4, r.averageError(), 1e-12);
        assertEquals(e2, r.maxError(), 1e-12);
        assertEquals(1 - r.averageError(), r.accuracy(), 1e-12);
    }

    /** Sanity on a skewed stream: RAP's hot ranges at eps=1% are accurate to within a few percent. */
    @Test
    void hotRangesAreAccurateOnZipf() {
        RapParams p = RapParams.ofEps(32, 2, 0.01).withMerge(1024, 2);
        UnboundedRap rap = new UnboundedRap(p);
        ExactProfile.Builder b = ExactProfile.builder();
        TestStream s = TestStream.generate(TestStream.Kind.ZIPF, 42, 100000, 32, 1);
        s.feed(rap);
        s.feed(b);
        List<HotRange> hot = HotRanges.find(rap.tree(), HotRanges.DEFAULT_H);
        assertTrue(!hot.isEmpty());
        HotRangeAccuracy.Report r = HotRangeAccuracy.measure(hot, b.build(), 32);
        assertTrue(r.accuracy() > 0.95, () -> "accuracy " + r);
    }
}
