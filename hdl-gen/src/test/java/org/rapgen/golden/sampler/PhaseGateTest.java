package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;
import static org.rapgen.golden.sampler.SpecAssertions.assertSpecError;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The phase gate {@code PH[...]}: its tracker, its table and its last-phase prediction on hand-built phases. */
class PhaseGateTest {
    private static final SamplerConfig CFG = SamplerConfig.of(32);
    private static final int LEN = 64;

    /** An interval of phase {@code phase}: the same 64 pcs, in the same order, every time. */
    private static long[] interval(int phase) {
        long[] pcs = new long[LEN];
        for (int i = 0; i < LEN; i++) pcs[i] = 0x10000L * (phase + 1) + 4L * (i % (8 + 8 * phase));
        return pcs;
    }

    /** Which intervals of the given phase sequence the gate passes (all of an interval's tuples, or none). */
    private static List<Integer> passedIntervals(String spec, int... phases) {
        MessageList out = new MessageList();
        Sampler s = SamplerSpec.parse(spec).build(CFG, out);
        for (int j = 0; j < phases.length; j++) for (long pc : interval(phases[j])) s.push(pc, j);
        List<Integer> passed = new ArrayList<>();
        for (Message m : out) if (!passed.contains((int) m.w())) passed.add((int) m.w());
        for (int j : passed)
            assertEquals(LEN, out.stream().filter(m -> m.w() == j).count(), "interval " + j);
        return passed;
    }

    @Test
    void theTrackerNamesRepeatedIntervalsByTheirFirstPhase() {
        PhaseTracker t = new PhaseTracker(
                new PhaseParams(LEN, 32, 10, 32, 20, 3),
                new SamplerHash(32, CFG.hashSeed()),
                new LfsrModel(CFG.lfsrSeed()));
        List<Integer> ids = new ArrayList<>();
        for (int p : new int[] {0, 0, 1, 1, 2, 0, 1, 2}) {
            for (long pc : interval(p)) {
                int id = t.push(pc);
                if (id >= 0) ids.add(id);
            }
        }
        assertEquals(List.of(0, 0, 1, 1, 2, 0, 1, 2), ids);
        assertEquals(3, t.phases());
    }

    @Test
    void eachPhaseIsSampledOnceOnItsThirdPredictedInterval() {
        // interval j is predicted to be in the phase of interval j-1: phase 0 is predicted for intervals 1, 2, 3
        // (sampled: 3) and 4; phase 1 for 5, 6, 7 (sampled: 7); phase 0 again for 9 and later, never sampled again
        assertEquals(List.of(3, 7), passedIntervals("PH[len=" + LEN + "]", 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1));
    }

    @Test
    void pickChoosesTheIntervalAndAPhaseThatNeverRecursIsNotSampled() {
        assertEquals(List.of(1, 3, 4), passedIntervals("PH[len=" + LEN + ",pick=1]", 0, 0, 1, 2, 2, 2, 2));
        assertEquals(List.of(), passedIntervals("PH[len=" + LEN + "]", 0, 1, 2, 0, 1, 2));
    }

    @Test
    void aPhaseEvictedFromAOneEntryTableIsSampledAgain() {
        assertEquals(
                List.of(3, 7, 11), passedIntervals("PH[len=" + LEN + ",phases=1]", 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0));
    }

    @Test
    void aSamplerBehindThePhaseGateSeesTheSampledIntervals() {
        MessageList gated = new MessageList();
        Sampler s = SamplerSpec.parse("PH[len=" + LEN + "]A4").build(CFG, gated);
        MessageList plain = new MessageList();
        Sampler a = SamplerSpec.parse("A4").build(CFG, plain);
        int[] phases = {0, 0, 0, 0, 1, 1};
        for (int j = 0; j < phases.length; j++) {
            for (long pc : interval(phases[j])) {
                s.push(pc, j);
                if (j == 3) a.push(pc, j);
            }
        }
        s.finish();
        a.finish();
        assertEquals(new ArrayList<>(plain), new ArrayList<>(gated));
        assertFalse(gated.isEmpty());
    }

    @Test
    void specsAndTheirErrors() {
        assertEquals(
                "PH[len=100,buckets=32,thr=10,sigs=32,phases=20,pick=3]R4",
                SamplerSpec.parse("PH[len=100]R4").canonical());
        assertEquals(
                "PH[len=10000,buckets=16,thr=5,sigs=8,phases=4,pick=2]",
                SamplerSpec.parse("PH[buckets=16,thr=5,sigs=8,phases=4,pick=2]").canonical());
        assertSpecError("PH[size=4]", 4, "unknown phase gate parameter 'size'");
        assertSpecError("PH[buckets=24]", 12, "power of two");
        assertSpecError("PH[thr=300]", 8, "0..200");
        assertSpecError("PH[pick=0]", 9, "1..1000");
        assertSpecError("PH[len=5,len=6]", 10, "given twice");
    }
}
