package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.cosim.Sim;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.EventSink;

/**
 * Drives an {@code EventQueue} one cycle at a time and keeps the golden {@link CombiningQueue} in step with what the
 * DUT accepted: every accepted event (then its {@code last}) and every flush is applied to the golden model in
 * acceptance order, and every event the DUT hands out is recorded. Checks the ready/valid rules on the way.
 */
final class EventQueueBench {
    /** An input event as the upstream source presents it (held until accepted, as AXI-Stream requires). */
    record Event(long key, long weight, boolean last) {}

    /** What one cycle showed, sampled before its clock edge. */
    record Seen(boolean inReady, boolean outFire, boolean flushBusy) {}

    private final Sim sim;
    private final int depth;
    private final long keyMask;
    private final int inValid,
            inKey,
            inWeight,
            inLast,
            flush,
            outReady,
            inReady,
            outValid,
            outKey,
            outWeight,
            flushBusy;
    private final CombiningQueue golden;
    final List<long[]> expected = new ArrayList<>();
    final List<long[]> actual = new ArrayList<>();
    private long[] stalled; // the output held while valid && !ready, or null

    EventQueueBench(Sim sim, int keyBits, int weightBits, int depth, boolean combine) {
        this.sim = sim;
        this.depth = depth;
        this.keyMask = keyBits == 64 ? -1L : (1L << keyBits) - 1;
        inValid = id("io_in_valid");
        inKey = id("io_in_bits_key");
        inWeight = id("io_in_bits_weight");
        inLast = id("io_in_bits_last");
        flush = id("io_flush");
        outReady = id("io_out_ready");
        inReady = id("io_in_ready");
        outValid = id("io_out_valid");
        outKey = id("io_out_bits_key");
        outWeight = id("io_out_bits_weight");
        flushBusy = id("io_flushBusy");
        golden = new CombiningQueue(
                new EventSink() {
                    @Override
                    public void accept(long key, long weight) {
                        expected.add(new long[] {key, weight});
                    }
                },
                combine,
                weightBits);
    }

    private int id(String port) {
        return sim.port(port).id();
    }

    void reset() {
        sim.poke(inValid, 0);
        sim.poke(flush, 0);
        sim.poke(outReady, 0);
        sim.reset(2);
    }

    /** One clock cycle with {@code in} presented (or nothing, if null). */
    Seen cycle(Event in, boolean doFlush, boolean ready) {
        // in.ready must be a function of the queue's state only: probe it with no event and a different key first.
        sim.poke(inValid, 0);
        sim.poke(inKey, in == null ? 0 : ~in.key);
        sim.poke(inLast, in == null || !in.last ? 1 : 0);
        sim.poke(flush, doFlush ? 0 : 1);
        boolean idleReady = sim.peek(inReady) == 1;

        sim.poke(inValid, in == null ? 0 : 1);
        sim.poke(inKey, in == null ? 0 : in.key);
        sim.poke(inWeight, in == null ? 0 : in.weight);
        sim.poke(inLast, in != null && in.last ? 1 : 0);
        sim.poke(flush, doFlush ? 1 : 0);
        sim.poke(outReady, ready ? 1 : 0);
        boolean accepted = sim.peek(inReady) == 1;
        boolean valid = sim.peek(outValid) == 1;
        long[] out = valid ? new long[] {sim.peek(outKey), sim.peek(outWeight)} : null;
        boolean busy = sim.peek(flushBusy) == 1;
        String at = "cycle " + sim.cycle();
        assertEquals(idleReady, accepted, at + ": in.ready changed with in.valid/bits/last/flush");

        if (stalled != null) {
            assertTrue(valid, at + ": out.valid dropped while the output was stalled");
            assertTrue(stalled[0] == out[0] && stalled[1] == out[1], at + ": out.bits changed while stalled");
        }
        stalled = valid && !ready ? out : null;
        // The DUT state at this sample point reflects everything the golden model has seen so far.
        if (busy) assertFalse(golden.hasPending(), at + ": flushBusy, yet the golden queue still holds an open event");
        assertTrue(
                golden.released() - actual.size() <= depth + 1,
                at + ": more released events in flight than FIFO + pending slot");

        if (in != null && accepted) {
            golden.accept(in.key & keyMask, in.weight);
            if (in.last) golden.flush();
        }
        if (doFlush) golden.flush();
        if (valid && ready) actual.add(out);
        sim.step();
        return new Seen(accepted, valid && ready, busy);
    }

    /** Whether the golden queue holds an open (combinable) event. */
    boolean goldenPending() {
        return golden.hasPending();
    }

    /** Flushes, drains the FIFO with out.ready high and checks the whole released sequence against the golden one. */
    void drainAndCompare() {
        cycle(null, true, true);
        for (int i = 0; i < 2 * depth + 8; i++) cycle(null, false, true);
        assertFalse(golden.hasPending());
        compare();
    }

    void compare() {
        int n = Math.min(expected.size(), actual.size());
        for (int i = 0; i < n; i++) {
            long[] e = expected.get(i), a = actual.get(i);
            if (e[0] != a[0] || e[1] != a[1]) {
                fail(String.format(
                        "released event #%d: expected (key %#x, weight %d), DUT gave (key %#x, weight %d)",
                        i, e[0], e[1], a[0], a[1]));
            }
        }
        assertEquals(expected.size(), actual.size(), "number of released events (golden vs DUT)");
    }
}
