package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;
import static org.rapgen.golden.sampler.SpecAssertions.assertSpecError;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rapgen.golden.sampler.SlotRecord.Cause;

/** The slot table {@code Z_k} against hand-worked streams of the paper's flow chart. */
class SlotTableTest {
    private static final SamplerConfig CFG = SamplerConfig.of(32);

    private static Sampler table(String spec, MessageList out) {
        return SamplerSpec.parse(spec).build(CFG, out);
    }

    private static List<SlotRecord> records(MessageList out) {
        return out.stream().map(m -> SlotRecord.of(m.pc(), m.w(), m.count())).toList();
    }

    private static SlotRecord on(long pc, long value, int hits, int misses, int total, Cause cause) {
        return new SlotRecord(pc, value, hits, misses, total, false, cause);
    }

    @Test
    void theSpecHasDefaultsAndCheckedParameters() {
        assertEquals(
                "Z[fail=256,thrash=128,draw=1024,keep=16]32",
                SamplerSpec.parse("Z32").canonical());
        assertEquals(
                "F[0x3,0x1]Z[fail=9,thrash=32,draw=64,keep=16]8",
                SamplerSpec.parse("F[0x3,0x1]Z[fail=9,draw=64]_8").canonical());
        assertSpecError("Z3", 2, "number of slots must be a power of two in 1..256, got 3");
        assertSpecError("Z512", 2, "number of slots must be a power of two");
        assertSpecError("Z[foo=1]4", 3, "unknown slot table parameter 'foo'");
        assertSpecError("Z[draw=3]4", 8, "draw must be a power of two in 2..65536, got 3");
        assertSpecError("Z[keep=256]4", 8, "keep must be 1..255");
        assertSpecError("Z[fail=0]4", 8, "fail must be 1..65535");
        assertSpecError("Z4A2", 3, "nothing may follow a slot table");
    }

    @Test
    void aResidentPcCountsHitsAndTotalAndTheEndOfAFrameReadsTheTableOut() {
        MessageList out = new MessageList();
        Sampler z = table("Z2", out);
        for (int i = 0; i < 10; i++) z.push(0x40, 5);
        assertEquals(10, z.pending());
        z.finish();
        assertEquals(List.of(on(0x40, 5, 10, 0, 10, Cause.END)), records(out));
        assertEquals(0, z.pending());
        assertEquals("40 5 " + (10L << 16 | 10), out.get(0).toString());
    }

    @Test
    void missesAboveHitsReselectTheActiveValueWhileTotalGoesOn() {
        MessageList out = new MessageList();
        Sampler z = table("Z2", out);
        for (long w : new long[] {5, 6, 7}) z.push(0x40, w); // h1 m0; h1 m1; m2 > h1: 7 is active, h1 m0
        z.push(0x40, 7);
        z.finish();
        assertEquals(List.of(on(0x40, 7, 2, 0, 4, Cause.END)), records(out));
    }

    @Test
    void aValueWithKeepHitsTurnsTheSlotOffAndThePcTakesAnother() {
        MessageList out = new MessageList();
        Sampler z = table("Z[keep=2]2", out);
        for (long w : new long[] {5, 5, 6, 7, 8}) z.push(0x40, w); // h2 m3 > h2 with 2 hits: off
        z.push(0x40, 9); // no slot on for 0x40: slot 1 (empty) takes it
        z.finish();
        assertEquals(
                List.of(
                        new SlotRecord(0x40, 5, 2, 3, 5, true, Cause.END),
                        new SlotRecord(0x40, 9, 1, 0, 1, false, Cause.END)),
                records(out));
    }

    @Test
    void aSaturatedHitsCounterTurnsTheSlotOffKeepingItsCounts() {
        MessageList out = new MessageList();
        Sampler z = table("Z1", out);
        for (int i = 0; i < 300; i++) z.push(0x40, 1);
        z.finish();
        assertEquals(List.of(new SlotRecord(0x40, 1, 255, 0, 255, true, Cause.END)), records(out));
    }

    @Test
    void failedReplacementsInterruptAtTheThresholdAndSucceedingOnesCountDown() {
        MessageList out = new MessageList();
        // draw 0..1: a slot with total 2 is never replaced
        Sampler z = table("Z[fail=3,draw=2]1", out);
        z.push(0x40, 1);
        z.push(0x40, 1);
        z.push(0x80, 1);
        z.push(0x90, 1);
        assertTrue(out.isEmpty());
        z.push(0xa0, 1);
        assertEquals(List.of(on(0x40, 1, 2, 0, 2, Cause.FAILED)), records(out));
        z.push(0xb0, 2); // a clean slate: the empty slot takes it
        z.finish();
        assertEquals(on(0xb0, 2, 1, 0, 1, Cause.END), records(out).get(1));
    }

    @Test
    void replacementsUpToThrashInterruptWithTheSlotsTaken() {
        MessageList out = new MessageList();
        Sampler z = table("Z[thrash=3]4", out);
        for (long pc = 1; pc <= 3; pc++) z.push(pc, 10 * pc);
        assertEquals(
                List.of(
                        on(1, 10, 1, 0, 1, Cause.THRASH),
                        on(2, 20, 1, 0, 1, Cause.THRASH),
                        on(3, 30, 1, 0, 1, Cause.THRASH)),
                records(out));
    }

    @Test
    void aTakenSlotIsReplacedWhenTheLfsrDrawIsAtLeastItsTotal() {
        // one slot of total 1 (after pc 1), then pc 2 draws: the 16-step advance's low 10 bits against total 1
        for (int seed : new int[] {1, 0xACE1ACE1, 0x1234567, 0x7fffffff, 3}) {
            MessageList out = new MessageList();
            Sampler z = SamplerSpec.parse("Z1").build(CFG.withLfsrSeed(seed), out);
            z.push(1, 7);
            z.push(2, 8);
            z.finish();
            LfsrModel l = new LfsrModel(seed);
            l.event(0); // pc 1 drew too (and found the slot empty)
            l.event(0);
            boolean replaced = (l.state() & 1023) >= 1;
            assertEquals(
                    replaced ? on(2, 8, 1, 0, 1, Cause.END) : on(1, 7, 1, 0, 1, Cause.END),
                    records(out).get(0));
        }
    }
}
