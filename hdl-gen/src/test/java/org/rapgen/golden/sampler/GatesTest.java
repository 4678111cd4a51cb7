package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The gates {@code B[s,b]} and {@code F[mask,match]} in front of a sampler, against hand-worked streams. */
class GatesTest {
    private static List<Message> run(String spec, long[] pcs, boolean finish) {
        MessageList out = new MessageList();
        Sampler s = SamplerSpec.build(spec, 32, out);
        for (int i = 0; i < pcs.length; i++) s.push(pcs[i], i);
        if (finish) s.finish();
        return new ArrayList<>(out);
    }

    private static long[] counting(int n) {
        long[] pcs = new long[n];
        for (int i = 0; i < n; i++) pcs[i] = 0x1000 + i;
        return pcs;
    }

    @Test
    void burstPassesTheFirstBOfEveryS() {
        List<Message> m = run("B[5,2]", counting(12), false);
        assertEquals(
                List.of(0L, 1L, 5L, 6L, 10L, 11L), m.stream().map(Message::w).toList());
        assertTrue(m.stream().allMatch(x -> x.count() == 1 && x.pc() == 0x1000 + x.w()));
    }

    @Test
    void burstOfOneIsPeriodicSelection() {
        // B[r,1] passes tuple 0, r, 2r, ...; P_r emits tuple r-1, 2r-1, ...: the same rate, one phase apart.
        assertEquals(
                List.of(0L, 4L, 8L),
                run("B[4,1]", counting(12), false).stream().map(Message::w).toList());
        assertEquals(
                List.of(3L, 7L, 11L),
                run("P4", counting(12), false).stream().map(Message::w).toList());
    }

    @Test
    void aSamplerBehindAGateSeesOnlyThePassedTuples() {
        long[] pcs = new long[5000];
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < pcs.length; i++) pcs[i] = r.nextInt(64);
        List<Message> gated = run("B[100,30]H[P3]8A4", pcs, true);
        // The same sampler fed by hand with the tuples a B[100,30] passes.
        MessageList out = new MessageList();
        Sampler plain = SamplerSpec.build("H[P3]8A4", 32, out);
        for (int i = 0; i < pcs.length; i++) if (i % 100 < 30) plain.push(pcs[i], i);
        plain.finish();
        assertEquals(new ArrayList<>(out), gated);
        assertFalse(gated.isEmpty());
    }

    @Test
    void filterPassesThePcsWhoseHashedBitsMatch() {
        int[] t = SamplerHash.table(SamplerHash.DEFAULT_SEED);
        long[] pcs = new java.util.Random(3).longs(4000, 0, 1 << 16).toArray();
        List<Long> expected = new ArrayList<>();
        for (long pc : pcs) {
            long hashed = t[(int) (pc & 0xff)] | (long) t[(int) (pc >>> 8 & 0xff)] << 8;
            if ((hashed & 0x0f03) == 0x0201) expected.add(pc);
        }
        List<Message> m = run("F[0x0f03,0x0201]", pcs, false);
        assertEquals(expected, m.stream().map(Message::pc).toList());
        assertTrue(expected.size() > 20 && expected.size() < 120, "a 6-bit class holds about 1/64 of the pcs");
    }

    @Test
    void gatesApplyInOrderAndAFrameEndsEvenWhenItsLastTupleIsHeldBack() {
        // F first: the burst counts only the tuples the filter passed.
        long[] pcs = counting(4000);
        List<Message> fb = run("F[0x3,0x1]B[10,3]", pcs, false);
        List<Message> f = run("F[0x3,0x1]", pcs, false);
        List<Message> expected = new ArrayList<>();
        for (int i = 0; i < f.size(); i++) if (i % 10 < 3) expected.add(f.get(i));
        assertEquals(expected, fb);
        // A_k drains on finish() although B[10,1] held back the last tuple.
        List<Message> drained = run("B[10,1]A4", counting(15), true);
        assertEquals(List.of(0L, 10L), drained.stream().map(Message::w).toList());
    }

    @Test
    void filterMaskWiderThanTheKeyIsRejected() {
        SpecException e = assertThrows(
                SpecException.class,
                () -> SamplerSpec.parse("F[0x10000,0]A4").build(SamplerConfig.of(16), new MessageList()));
        assertTrue(e.getMessage().contains("filter mask bit 16 exceeds key bits 16"), e.getMessage());
    }
}
