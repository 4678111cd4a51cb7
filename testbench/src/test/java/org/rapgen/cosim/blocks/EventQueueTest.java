package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.EventQueueBench.Event;
import org.rapgen.cosim.blocks.EventQueueBench.Seen;
import org.rapgen.engines.rap.EventQueue;

/**
 * The EventQueue under Verilator against the golden {@code CombiningQueue}: random runs of keys, weights near the cap,
 * tlast and flush at random, random gaps on the input and backpressure on the output. The released sequence must equal
 * the golden one exactly; ready/valid rules are checked every cycle (see {@link EventQueueBench}).
 */
class EventQueueTest {
    record Cfg(int keyBits, int weightBits, int depth, boolean combine, boolean inputRegister) {
        Cfg(int keyBits, int weightBits, int depth, boolean combine) {
            this(keyBits, weightBits, depth, combine, false);
        }

        EventQueue build() {
            return new EventQueue(keyBits, weightBits, depth, combine, inputRegister);
        }

        long maxWeight() {
            return (1L << weightBits) - 1;
        }
    }

    static final Cfg W3 = new Cfg(8, 3, 4, true);
    static final Cfg W3_PLAIN = new Cfg(8, 3, 4, false);
    static final Cfg W16 = new Cfg(32, 16, 16, true);
    static final Cfg W16_PLAIN = new Cfg(32, 16, 16, false);
    static final Cfg K64_D2 = new Cfg(64, 16, 2, true);
    static final Cfg W16_PLAIN_INPUT_REGISTER = new Cfg(32, 16, 16, false, true);

    private static final class W3Dut extends DslProvider {
        W3Dut() {
            super(W3::build);
        }
    }

    private static final class W3PlainDut extends DslProvider {
        W3PlainDut() {
            super(W3_PLAIN::build);
        }
    }

    private static final class W16Dut extends DslProvider {
        W16Dut() {
            super(W16::build);
        }
    }

    private static final class W16PlainDut extends DslProvider {
        W16PlainDut() {
            super(W16_PLAIN::build);
        }
    }

    private static final class W16PlainInputRegisterDut extends DslProvider {
        W16PlainInputRegisterDut() {
            super(W16_PLAIN_INPUT_REGISTER::build);
        }
    }

    private static final class K64Dut extends DslProvider {
        K64Dut() {
            super(K64_D2::build);
        }
    }

    private static final int CYCLES = 60_000;

    @Test
    @Cosim(W3Dut.class)
    void combiningW3(Sim sim) {
        randomTraffic(sim, W3, 1);
    }

    @Test
    @Cosim(W3PlainDut.class)
    void plainW3(Sim sim) {
        randomTraffic(sim, W3_PLAIN, 2);
    }

    @Test
    @Cosim(W16Dut.class)
    void combiningW16(Sim sim) {
        randomTraffic(sim, W16, 3);
    }

    @Test
    @Cosim(W16PlainDut.class)
    void plainW16(Sim sim) {
        randomTraffic(sim, W16_PLAIN, 4);
    }

    @Test
    @Cosim(W16PlainInputRegisterDut.class)
    void plainW16WithInputRegister(Sim sim) {
        randomTraffic(sim, W16_PLAIN_INPUT_REGISTER, 6);
    }

    @Test
    @Cosim(K64Dut.class)
    void combiningWideKeysShallowFifo(Sim sim) {
        randomTraffic(sim, K64_D2, 5);
    }

    /** Traffic phases: (probability an event is offered when none is waiting, probability out.ready is high). */
    private static final double[][] PHASES = {{1, 1}, {0.9, 0.2}, {0.2, 0.9}, {0.5, 0.5}, {1, 0}, {0, 1}, {0.8, 0.7}};

    private static void randomTraffic(Sim sim, Cfg cfg, long seed) {
        Random rnd = new Random(seed);
        EventQueueBench bench = new EventQueueBench(sim, cfg.keyBits, cfg.weightBits, cfg.depth, cfg.combine);
        Events events = new Events(rnd, cfg);
        bench.reset();
        Event waiting = null;
        double pOffer = 1, pReady = 1;
        int phaseLeft = 0, flushHold = 0, sustained = 0;
        long joins = 0, caps = 0, flushesHeld = 0, fullRateChecked = 0;
        for (int c = 0; c < CYCLES; c++) {
            if (phaseLeft-- == 0) {
                double[] p = PHASES[rnd.nextInt(PHASES.length)];
                pOffer = p[0];
                pReady = p[1];
                phaseLeft = 20 + rnd.nextInt(40 * cfg.depth);
                sustained = 0;
            }
            if (waiting == null && rnd.nextDouble() < pOffer) waiting = events.next();
            boolean flush = flushHold > 0 || rnd.nextInt(60) == 0;
            flushHold = flushHold > 0 ? flushHold - 1 : flush && rnd.nextInt(4) == 0 ? rnd.nextInt(4) : 0;
            boolean ready = rnd.nextDouble() < pReady;

            int releasedBefore = bench.expected.size();
            boolean pendingBefore = bench.goldenPending();
            Seen s = bench.cycle(waiting, flush, ready);
            // One event per clock whatever the combining: with the output always ready and an event always offered,
            // the input never stalls once the FIFO has settled (a depth-2 FIFO cannot sustain that on its own).
            sustained = pOffer == 1 && pReady == 1 ? sustained + 1 : 0;
            if (sustained > 3 && cfg.depth >= 4) {
                assertTrue(s.inReady(), "cycle " + sim.cycle() + ": input stalled although the output is always ready");
                fullRateChecked++;
            }
            if (waiting != null && s.inReady()) {
                if (pendingBefore && bench.expected.size() == releasedBefore && !waiting.last() && !flush) joins++;
                if (events.nearCap(waiting)) caps++;
                waiting = null;
            }
            if (s.flushBusy() && !s.inReady()) flushesHeld++; // a released event waits for room in the FIFO
        }
        while (waiting != null) {
            if (bench.cycle(waiting, false, true).inReady()) waiting = null;
        }
        bench.drainAndCompare();
        // Coverage: a random test that never reached the corners it was written for proves nothing.
        assertTrue(bench.expected.size() > CYCLES / 10, "too few events released: " + bench.expected.size());
        if (cfg.combine) {
            assertTrue(joins > 1000, "too few combined events: " + joins);
            assertTrue(flushesHeld > 10, "a flush never had to wait for a full FIFO: " + flushesHeld);
        }
        assertTrue(caps > 100, "weights near the cap were rare: " + caps);
        if (cfg.depth >= 4) assertTrue(fullRateChecked > 1000, "full-rate phases too short: " + fullRateChecked);
    }

    /** Random events: keys in runs (from a small pool, so A B A patterns occur too), weights often near the cap. */
    private static final class Events {
        private final Random rnd;
        private final Cfg cfg;
        private final long[] pool;
        private long key;

        Events(Random rnd, Cfg cfg) {
            this.rnd = rnd;
            this.cfg = cfg;
            pool = new long[] {rnd.nextLong(), rnd.nextLong(), rnd.nextLong(), 0, -1};
            for (int i = 0; i < pool.length; i++) pool[i] &= cfg.keyBits == 64 ? -1L : (1L << cfg.keyBits) - 1;
        }

        Event next() {
            if (rnd.nextInt(8) == 0)
                key = rnd.nextInt(2) == 0 ? pool[rnd.nextInt(pool.length)] : rnd.nextLong() & mask();
            long max = cfg.maxWeight();
            long w = switch (rnd.nextInt(4)) {
                case 0 -> 1;
                case 1 -> max - rnd.nextInt((int) Math.min(max, 3)); // at or just below the cap
                case 2 -> max / 2 + rnd.nextInt(2); // two of these fill the cap
                default -> 1 + Math.floorMod(rnd.nextLong(), max);
            };
            return new Event(key, w, rnd.nextInt(50) == 0);
        }

        boolean nearCap(Event e) {
            return e.weight() >= cfg.maxWeight() / 2;
        }

        private long mask() {
            return cfg.keyBits == 64 ? -1L : (1L << cfg.keyBits) - 1;
        }
    }

    /**
     * A flush that arrives while the FIFO is full is held (flushBusy) for as long as the output stalls, and the
     * flushed event is released before - and never merged with - the next event of the same key.
     */
    @Test
    @Cosim(W3Dut.class)
    void flushIsHeldWhileTheFifoIsFull(Sim sim) {
        EventQueueBench bench = new EventQueueBench(sim, W3.keyBits, W3.weightBits, W3.depth, true);
        bench.reset();
        for (long k = 1; k <= W3.depth + 1; k++) {
            assertTrue(bench.cycle(new Event(k, 1, false), false, false).inReady(), "room for event " + k);
        }
        Event same = new Event(W3.depth + 1, 2, false);
        assertFalse(bench.cycle(same, false, false).inReady(), "FIFO full and pending slot taken: input must stall");
        bench.cycle(null, true, false); // the flush pulse
        for (int i = 0; i < 50; i++) {
            Seen s = bench.cycle(null, false, false);
            assertTrue(s.flushBusy(), "the flush must be held while the FIFO is full (cycle " + i + ")");
            assertFalse(s.inReady());
        }
        boolean busy = true;
        for (int i = 0; i < 10 && busy; i++)
            busy = bench.cycle(null, false, true).flushBusy();
        assertFalse(busy, "flushBusy must fall once the flushed event is in the FIFO");
        while (!bench.cycle(same, false, true).inReady()) {
            // the source holds the event until it is accepted
        }
        bench.drainAndCompare();
        assertEquals(
                W3.depth + 2, bench.actual.size(), "the flushed event and the later one of the same key stay apart");
    }
}
