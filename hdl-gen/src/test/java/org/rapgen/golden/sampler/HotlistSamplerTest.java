package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;
import static org.rapgen.golden.sampler.SpecAssertions.assertSpecError;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The value hotlist {@code V[n]rows} against hand-worked streams, and its estimate's bias over many seeds. */
class HotlistSamplerTest {
    private static final SamplerConfig CFG = SamplerConfig.of(32);

    private static HotlistSampler hotlist(int n, int rows, SamplerConfig cfg, MessageList out) {
        return (HotlistSampler)
                ((SamplerSpec.Pipeline) SamplerSpec.parse("V[" + n + "]" + rows).build(cfg, out)).first();
    }

    @Test
    void atLevelZeroEveryValueIsCountedExactly() {
        MessageList out = new MessageList();
        HotlistSampler h = hotlist(2, 1, CFG, out);
        for (long w : new long[] {7, 9, 7, 7}) h.push(0x40, w);
        assertEquals(0, h.level(0));
        assertEquals(List.of(), new ArrayList<>(out));
        h.finish();
        assertEquals(List.of(new Message(0x40, 7, 3, 0), new Message(0x40, 9, 1, 0)), new ArrayList<>(out));
        assertEquals("40 7 3 0", out.get(0).toString());
        assertFalse(h.valid(0));
    }

    @Test
    void anotherPcInTheRowFlushesIt() {
        MessageList out = new MessageList();
        HotlistSampler h = hotlist(4, 1, CFG, out);
        h.push(0x40, 1);
        h.push(0x40, 2);
        h.push(0x80, 3);
        assertEquals(List.of(new Message(0x40, 1, 1, 0), new Message(0x40, 2, 1, 0)), new ArrayList<>(out));
        assertEquals(3, h.value(0, 0));
        assertEquals(1, h.count(0, 0));
    }

    @Test
    void aThirdValueInTwoSlotsThinsTheRowWithTheLfsrsCoins() {
        MessageList out = new MessageList();
        HotlistSampler h = hotlist(2, 1, CFG, out);
        h.push(0x40, 5);
        h.push(0x40, 5);
        h.push(0x40, 6);
        h.push(0x40, 8); // no free slot: the counts {2, 1} and the new unit 1 are halved
        // the coins, from a second LFSR: three events at level 0, one more, then the 32 steps of the thinning
        LfsrModel l = new LfsrModel(CFG.lfsrSeed());
        for (int i = 0; i < 4; i++) l.event(LfsrModel.threshold(1));
        for (int i = 0; i < HotlistSampler.THIN_STEPS; i++) l.step();
        int coins = l.state();
        assertEquals(1, h.level(0));
        assertEquals(1, h.count(0, 0)); // 2 >> 1, even: no coin
        long six = coins >>> 1 & 1;
        long eight = coins >>> 2 & 1;
        if (six == 1) {
            assertEquals(6, h.value(0, 1));
            assertEquals(1, h.count(0, 1));
        } else if (eight == 1) {
            assertEquals(8, h.value(0, 1)); // the surviving unit takes the slot 6 left
            assertEquals(1, h.count(0, 1));
        } else {
            assertEquals(0, h.count(0, 1));
        }
    }

    @Test
    void aCountAboutToOverflowHalvesTheRow() {
        MessageList out = new MessageList();
        HotlistSampler h = hotlist(2, 1, CFG.withCounterBits(2), out);
        for (int i = 0; i < 4; i++) h.push(0x40, 5); // the fourth would make 4 > 3
        assertEquals(1, h.level(0));
        assertEquals(2, h.count(0, 0));
        h.finish();
        assertEquals(List.of(new Message(0x40, 5, 2, 1)), new ArrayList<>(out));
        assertEquals(4, out.get(0).estimate());
    }

    @Test
    void manyValuesDriveTheLevelToItsCeilingAndTheRowIsFlushedThere() {
        MessageList out = new MessageList();
        HotlistSampler h = hotlist(1, 1, CFG.withCounterBits(1), out);
        long pushed = 0;
        for (int i = 0; h.level(0) < HotlistSampler.MAX_LEVEL && i < 10_000_000; i++, pushed++) h.push(0x40, i);
        assertEquals(HotlistSampler.MAX_LEVEL, h.level(0));
        int before = out.size();
        for (int i = 0; i < 2_000_000; i++, pushed++) h.push(0x40, i);
        assertTrue(out.size() > before, "a full row at the top level is flushed, not thinned");
        for (int i = before; i < out.size(); i++) assertEquals(HotlistSampler.MAX_LEVEL, out.level(i));
        h.finish();
        // the estimate of the whole stream is of the right size (here one value per tuple)
        double ratio = out.totalCount() / (double) pushed;
        assertTrue(ratio > 0.5 && ratio < 2, "estimated " + out.totalCount() + " of " + pushed);
    }

    @Test
    void theEstimateIsUnbiasedOverSeeds() {
        // 300 seeds of a skewed stream of 40 values into 4 slots: the mean of count/p for the hottest value and for
        // the total lies within 4 standard errors of the exact counts
        int seeds = 300;
        long exactTop = 0;
        int tuples = 3000;
        double[] top = new double[seeds];
        double[] all = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            MessageList out = new MessageList();
            Sampler h = SamplerSpec.parse("V[4]1").build(CFG.withLfsrSeed(0x1234567 + 7919 * s), out);
            java.util.Random r = new java.util.Random(11);
            exactTop = 0;
            for (int i = 0; i < tuples; i++) {
                long w = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(39);
                if (w == 0) exactTop++;
                h.push(0x40, w);
            }
            h.finish();
            for (Message m : out) {
                if (m.w() == 0) top[s] += m.estimate();
                all[s] += m.estimate();
            }
        }
        assertWithinStandardErrors(top, exactTop, 4);
        assertWithinStandardErrors(all, tuples, 4);
    }

    private static void assertWithinStandardErrors(double[] x, double exact, double k) {
        double mean = java.util.Arrays.stream(x).average().orElseThrow();
        double var =
                java.util.Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1);
        double se = Math.sqrt(var / x.length);
        assertTrue(se > 0, "the estimates vary between seeds");
        assertTrue(Math.abs(mean - exact) <= k * se, "mean " + mean + ", exact " + exact + ", standard error " + se);
    }

    @Test
    void specsAndTheirErrors() {
        assertEquals("V[16]256", SamplerSpec.parse("V[16]256").canonical());
        assertEquals("B[10,2]V[3]8", SamplerSpec.parse("B[10,2]V[3]8").canonical());
        assertEquals(
                "V[16]256",
                SamplerSpec.parse("V[16]256").build(CFG, new MessageList()).spec());
        assertSpecError("V[0]4", 3, "1..31 values per row");
        assertSpecError("V[32]4", 3, "1..31 values per row");
        assertSpecError("V[4]3", 5, "power of two");
        assertSpecError("V[4]4A2", 6, "nothing may follow a value hotlist");
    }
}
