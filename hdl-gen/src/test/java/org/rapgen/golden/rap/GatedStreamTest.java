package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rapgen.golden.sampler.GateChain;

/** The RAP stream's gates: what reaches the queue, what a weight of 0 and a held-back frame end do. */
class GatedStreamTest {
    private final List<String> seen = new ArrayList<>();
    private final EventSink sink = new EventSink() {
        @Override
        public void accept(long key, long weight) {
            seen.add(Long.toHexString(key) + "x" + weight);
        }

        @Override
        public void flush() {
            seen.add("flush");
        }
    };

    private static GateChain gates(String spec) {
        return GateChain.build(GateChain.parse(spec), 32, 0x9E3779B9, 0xACE1ACE1);
    }

    @Test
    void aBurstGateCountsBeatsWhateverTheirWeightAndHeldFrameEndsStillFlush() {
        GatedStream s = new GatedStream(gates("B[3,1]"), sink);
        s.beat(1, 5, false); // position 0: passes
        s.beat(2, 0, false); // position 1: weight 0, judged and dropped
        s.beat(3, 7, true); // position 2: held back, its frame end flushes
        s.beat(4, 2, false); // position 0: passes
        assertEquals(List.of("1x5", "flush", "4x2"), seen);
        assertEquals(1, s.zeroWeight());
        assertEquals(1, s.held());
    }

    @Test
    void aFilterPassesWhatItsGoldenGatePasses() {
        GateChain probe = gates("F[0x3,0x1]");
        GatedStream s = new GatedStream(gates("F[0x3,0x1]"), sink);
        List<String> expected = new ArrayList<>();
        for (long k = 0; k < 200; k++) {
            if (probe.pass(k, 1)) expected.add(Long.toHexString(k) + "x1");
            s.beat(k, 1, false);
        }
        assertEquals(expected, seen);
        assertEquals(200 - expected.size(), s.held());
    }

    @Test
    void withoutGatesEveryWeightedBeatPasses() {
        GatedStream s = new GatedStream(null, sink);
        s.beat(9, 1, true);
        s.beat(9, 0, true);
        assertEquals(List.of("9x1", "flush", "flush"), seen);
    }
}
