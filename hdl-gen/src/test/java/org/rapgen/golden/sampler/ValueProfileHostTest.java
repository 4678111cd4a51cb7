package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rapgen.golden.sampler.SlotRecord.Cause;
import org.rapgen.golden.sampler.ValueProfileHost.Readout;
import org.rapgen.golden.sampler.ValueProfileHost.Reason;

/**
 * The host loop over hand-worked streams. Every table here has {@code draw=2}: a slot whose total is 2 or more is never
 * replaced, so no outcome depends on the LFSR.
 */
class ValueProfileHostTest {
    private static final SamplerConfig CFG = SamplerConfig.of(32);
    /** Trust 4 samples, mask at 0.9 / 0.1, or after 2 profiles; never read out for idleness unless a test says so. */
    private static final HostPolicy POLICY = new HostPolicy(4, 0.9, 0.1, 2, 2, 8, 1_000_000);

    private static final long A = 0x40;
    private static final long B = 0x80;

    private static ValueProfileHost host(String spec, HostPolicy policy) {
        return new ValueProfileHost(SamplerSpec.parse(spec), CFG, policy);
    }

    private static void push(ValueProfileHost h, long pc, long... values) {
        for (long w : values) h.push(pc, w);
    }

    private static SlotRecord record(long value, int hits, int misses, int total) {
        return new SlotRecord(A, value, hits, misses, total, false, Cause.FAILED);
    }

    @Test
    void aValueGetsItsHitsAndTheOtherRegionsRestByItsRate() {
        PcValueEstimate e = new PcValueEstimate(A);
        e.add(record(5, 60, 40, 100));
        e.add(record(6, 30, 70, 100));
        // f(5) = 59/99, f(6) = 29/99. 6's rest, 70, is 5 with probability f(5) / (1 - f(6)) = 59/70: 59 samples.
        // 5's rest, 40, is 6 with probability f(6) / (1 - f(5)) = 29/40: 29 samples.
        assertEquals(60 + 59, e.estimatedSamples(5), 1e-9);
        assertEquals(30 + 29, e.estimatedSamples(6), 1e-9);
        assertEquals(200, e.samples());
        assertEquals(5, e.topValue());
        assertEquals(119.0 / 200, e.invariance(), 1e-9);
        assertEquals(2, e.profiles());
    }

    @Test
    void samplesBeforeAReselectionGoToTheOtherValuesNotTheRegionsOwn() {
        PcValueEstimate e = new PcValueEstimate(A);
        e.add(record(5, 10, 5, 30)); // 15 samples before 5 was selected: rest 20; f(5) = 9/14
        e.add(record(6, 5, 0, 5)); // rest 0; f(6) = 4/4
        // 5's rest goes to 6 by f(6) / max(1 - f(5), f(6)) = 1: E(6) = 5 + 20 = 25; E(5) = 10; N = 35.
        assertEquals(10, e.estimatedSamples(5), 1e-9);
        assertEquals(25, e.estimatedSamples(6), 1e-9);
        assertEquals(6, e.topValue());
        assertEquals(25.0 / 35, e.invariance(), 1e-9);
        assertEquals(0, e.estimatedSamples(7));
    }

    @Test
    void aStreamingPcWhoseRecordsEachShowANewValueIsNearZero() {
        PcValueEstimate e = new PcValueEstimate(A);
        for (long v = 1; v <= 4; v++) e.add(record(v, 1, 1, 10)); // f = 0 for each: no value takes any rest
        assertEquals(1, e.estimatedSamples(3), 1e-9);
        assertEquals(1.0 / 40, e.invariance(), 1e-9);
        assertEquals(1, e.topValue(), "ties go to the smallest value");
    }

    @Test
    void missesOfTheOnlyValueSeenLowerItsInvariance() {
        PcValueEstimate e = new PcValueEstimate(A);
        e.add(record(5, 6, 4, 10));
        assertEquals(0.6, e.invariance(), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> e.add(new SlotRecord(B, 1, 1, 0, 1, false, Cause.END)));
    }

    @Test
    void aFailedInterruptIsCopiedAndAnInvariantPcMasked() {
        ValueProfileHost h = host("Z[fail=2,draw=2]1", POLICY);
        push(h, A, 1, 1, 1, 1, 1); // A holds the slot: hits 5, total 5
        push(h, B, 9, 9); // two failed replacements: FAILED at tuple 7
        assertTrue(h.masked(A), "5 samples of invariance 1 are characterized");
        push(h, A, 1, 1, 1); // masked: the table never sees them, so B takes the slot
        push(h, B, 9, 9, 9);
        h.finish();
        assertEquals(List.of(new Readout(7, Reason.FAILED, 1), new Readout(13, Reason.END, 1)), h.readoutLog());
        assertEquals(5, h.estimate(A).samples());
        assertEquals(1.0, h.estimate(A).invariance(), 1e-9);
        assertEquals(3, h.estimate(B).samples());
        assertFalse(h.masked(B), "3 samples are too few");
        assertEquals(1, h.interrupts());
        assertEquals(2, h.messages());
        assertEquals(2, h.copied());
        assertArrayEquals(new long[] {0, 1, 1}, h.messagesPerPart(3));
        assertArrayEquals(new long[] {2}, h.messagesPerPart(1));
    }

    @Test
    void aSemiInvariantPcIsMaskedAfterMaxProfiles() {
        ValueProfileHost h = host("Z[fail=2,draw=2]1", POLICY);
        push(h, A, 1, 1, 2); // hits 2, misses 1, total 3
        push(h, B, 9, 9);
        assertFalse(h.masked(A), "one profile of 3 samples");
        push(h, A, 1, 1, 2);
        push(h, B, 9, 9);
        assertTrue(h.masked(A), "the second profile reaches maxProfiles");
        // H(1) = 4, M(1) = 2 of values never active: I = 4 / 6.
        assertEquals(2.0 / 3, h.estimate(A).invariance(), 1e-9);
        assertEquals(2, h.interrupts());
    }

    @Test
    void aConfidentlyVariantPcIsMasked() {
        ValueProfileHost h = host("Z[fail=2,draw=2,keep=255]1", POLICY.withIdleTuples(10));
        // Every value new: hits 1, misses 1, then the next reselects (misses 2 > hits 1). The readout: value 9, hits 1,
        // misses 1, total 10, so I = 1 / 10.
        push(h, A, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        assertEquals(List.of(new Readout(10, Reason.IDLE, 1)), h.readoutLog());
        PcValueEstimate e = h.estimate(A);
        assertEquals(10, e.samples());
        assertEquals(9, e.topValue());
        assertEquals(0.1, e.invariance(), 1e-12);
        assertTrue(h.masked(A));
    }

    @Test
    void aFastThrashSplitsThePartitionFourWaysAndDropsTheRecords() {
        ValueProfileHost h = host("Z[thrash=2,draw=2]2", POLICY);
        push(h, A, 1);
        push(h, B, 1); // two replacements in two samples: fast
        assertEquals(List.of(new Readout(2, Reason.THRASH, 2)), h.readoutLog());
        assertEquals(2, h.depth());
        assertEquals(0, h.match());
        assertEquals(0, h.copied());
        assertNull(h.estimate(A));
    }

    @Test
    void aSlowThrashSplitsItTwoWays() {
        ValueProfileHost h = host("Z[thrash=2,draw=2]2", POLICY);
        push(h, A, 1, 1, 1, 1, 1);
        push(h, B, 1); // 6 samples for 2 replacements, not fewer than fastThrash * thrash = 4
        assertEquals(1, h.depth());
    }

    @Test
    void theHostStepsThroughThePartitionsAndCoarsensAfterACycleWithoutThrash() {
        ValueProfileHost h = host("Z[thrash=2,draw=2]2", POLICY.withIdleTuples(10));
        push(h, A, 1, 1, 1, 1, 1);
        push(h, B, 1); // depth 1, match 0, at tuple 6
        long outside = pcOfClass(1, 1);
        push(h, outside, new long[9]); // not in class 0: the table sees nothing
        push(h, outside, 0); // tuple 16: IDLE, an empty readout, step to match 1
        assertEquals(new Readout(16, Reason.IDLE, 0), h.readoutLog().get(1));
        assertEquals(1, h.depth());
        assertEquals(1, h.match());
        push(h, outside, new long[10]); // tuple 26: IDLE; the pc is in class 1 now
        assertEquals(new Readout(26, Reason.IDLE, 1), h.readoutLog().get(2));
        assertEquals(0, h.depth(), "two steps at depth 1 without a thrash coarsen the partition");
        assertEquals(0, h.match());
        assertEquals(10, h.estimate(outside).samples());
    }

    @Test
    void thePartitionIsTheHardwareFiltersClassOfTheHashedPc() {
        ValueProfileHost h = host("Z[thrash=2,draw=2]4", POLICY);
        push(h, A, 1);
        push(h, B, 1); // fast thrash: depth 2, match 0
        long in = pcOfClass(2, 0);
        long out = pcOfClass(2, 3);
        assertNotEquals(in, out);
        push(h, in, 1, 1);
        push(h, out, 1, 1);
        h.finish();
        assertEquals(2, h.estimate(in).samples());
        assertNull(h.estimate(out));
    }

    @Test
    void onlyASlotTableCanBeDriven() {
        assertThrows(IllegalArgumentException.class, () -> host("H[P256]2048", POLICY));
        assertThrows(IllegalArgumentException.class, () -> new HostPolicy(4, 0.1, 0.9, 2, 2, 8, 1));
    }

    /** The smallest pc above 0x100 whose hashed pc's low {@code depth} bits are {@code match}, as PcFilter sees it. */
    private static long pcOfClass(int depth, long match) {
        PcFilter f = new PcFilter((1L << depth) - 1, match, new SamplerHash(CFG.keyBits(), CFG.hashSeed()));
        for (long pc = 0x100; ; pc++) {
            if (f.pass(pc, 0)) return pc;
        }
    }
}
