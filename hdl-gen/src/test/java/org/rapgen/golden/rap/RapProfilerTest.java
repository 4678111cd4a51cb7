package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RapProfilerTest {
    private static final RapParams P = RapParams.of(32, 4, 3277).withMerge(32, 2);

    @Test
    void typesAreProfiledIndependently() {
        RapProfiler prof = RapProfiler.init(2, () -> new UnboundedRap(P));
        UnboundedRap pcs = new UnboundedRap(P);
        UnboundedRap values = new UnboundedRap(P);
        TestStream a = TestStream.generate(TestStream.Kind.ZIPF, 1, 3000, 32, 2);
        TestStream b = TestStream.generate(TestStream.Kind.UNIFORM, 2, 3000, 32, 2);
        for (int i = 0; i < 3000; i++) {
            prof.addPoints(a.keys()[i], a.weights()[i], 0);
            pcs.accept(a.keys()[i], a.weights()[i]);
            prof.addPoints(b.keys()[i], b.weights()[i], 1);
            values.accept(b.keys()[i], b.weights()[i]);
        }
        assertEquals(pcs.snapshot(), prof.model(0).snapshot(), "mid-stream snapshot");
        List<RapTree> trees = prof.finalizeProfile();
        assertEquals(List.of(pcs.tree(), values.tree()), trees);
    }

    @Test
    void finalizeFlushesTheCombiningQueues() {
        RapProfiler prof = RapProfiler.init(1, () -> new HardwareRap(P, 256, 32), 16);
        prof.addPoints(7, 1, 0);
        prof.addPoints(7, 1, 0);
        assertEquals(0, prof.model(0).n(), "the run is still held in the queue");
        RapTree t = prof.finalizeProfile().get(0);
        assertEquals(2, t.n());
        assertEquals(1, prof.model(0).status().updates(), "one combined event");
    }

    @Test
    void badTypesAreRejected() {
        RapProfiler prof = RapProfiler.init(2, () -> new UnboundedRap(P));
        assertThrows(IllegalArgumentException.class, () -> prof.addPoints(1, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> prof.addPoints(1, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> RapProfiler.init(0, () -> new UnboundedRap(P)));
    }
}
