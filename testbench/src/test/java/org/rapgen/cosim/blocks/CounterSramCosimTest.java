package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.hdl.lib.CounterSram;

/**
 * CounterSram(16, 4) cycle by cycle against {@link RmwReference} with the counter semantics written out below:
 * same-address bursts, alternating and A,B,A addresses, saturation (4-bit counters clip quickly), SET and READ
 * interleaved with ADD, random backpressure and clear pulses in mid-stream; with and without the read register.
 */
class CounterSramCosimTest {
    static final int DEPTH = 16;
    static final int BITS = 4;
    static final long MAX = (1L << BITS) - 1;

    static final class Small extends DslProvider {
        Small() {
            super(() -> new CounterSram(DEPTH, BITS));
        }
    }

    static final class SmallRegistered extends DslProvider {
        SmallRegistered() {
            super(() -> new CounterSram(DEPTH, BITS, true));
        }
    }

    private static long op(long cmd) {
        return cmd >>> BITS;
    }

    private static long value(long cmd) {
        return cmd & MAX;
    }

    /** ADD clips at the maximum; SET writes; READ (and op 3) leave the counter. */
    static long apply(long old, long cmd) {
        long v = value(cmd);
        if (op(cmd) == CounterSram.OP_ADD) return Math.min(old + v, MAX);
        if (op(cmd) == CounterSram.OP_SET) return v;
        return old;
    }

    @Test
    @Cosim(Small.class)
    void randomTrafficMatchesReference(Sim sim) {
        randomTraffic(sim, 2);
    }

    @Test
    @Cosim(SmallRegistered.class)
    void randomTrafficMatchesReferenceWithReadRegister(Sim sim) {
        randomTraffic(sim, 3);
    }

    @Test
    @Cosim(Small.class)
    void clearingSweepsEveryWordToZero(Sim sim) {
        clearingSweeps(sim, 2);
    }

    @Test
    @Cosim(SmallRegistered.class)
    void clearingSweepsEveryWordToZeroWithReadRegister(Sim sim) {
        clearingSweeps(sim, 3);
    }

    private static void randomTraffic(Sim sim, int latency) {
        int[] saturated = new int[3];
        int satPort = sim.port("io_out_bits_saturated").id();
        RmwBench bench = new RmwBench(sim, DEPTH, new RmwReference(DEPTH, BITS, latency, CounterSramCosimTest::apply),
                (rnd, addr) -> {
                    int r = rnd.nextInt(20);
                    int op = r < 14 ? CounterSram.OP_ADD : r < 17 ? CounterSram.OP_SET : r < 19 ? CounterSram.OP_READ : 3;
                    long v = rnd.nextInt(4) == 0 ? MAX - rnd.nextInt(2) : rnd.nextInt(4);
                    return CounterSram.cmd(op, v, BITS);
                },
                (s, h, where) -> {
                    boolean sat = op(h.cmd()) == CounterSram.OP_ADD && h.old() + value(h.cmd()) > MAX;
                    boolean landsOnMax = op(h.cmd()) == CounterSram.OP_ADD && h.old() + value(h.cmd()) == MAX;
                    assertEquals(sat ? 1 : 0, s.peek(satPort), () -> "io_out_bits_saturated at " + where.get());
                    saturated[sat ? 0 : landsOnMax ? 1 : 2]++;
                });
        bench.run(11, 150_000, 1.0 / 4000);
        bench.assertCovered();
        assertTrue(saturated[0] > 100 && saturated[1] > 10, "saturations " + saturated[0] + ", exact landings on max " + saturated[1]);
    }

    private static void clearingSweeps(Sim sim, int latency) {
        // Fill every counter, clear, then read them all back: the sweep must have reached each word.
        RmwReference ref = new RmwReference(DEPTH, BITS, latency, CounterSramCosimTest::apply);
        RmwBench bench = new RmwBench(sim, DEPTH, ref, (rnd, addr) -> CounterSram.cmd(CounterSram.OP_SET, 1 + rnd.nextInt((int) MAX), BITS),
                (s, h, where) -> { });
        bench.run(3, 2_000, 0);
        sim.poke("io_out_ready", 1);
        sim.poke("io_in_valid", 0);
        sim.poke("io_clear", 1);
        sim.step();
        sim.poke("io_clear", 0);
        for (int i = 0; i < DEPTH; i++) {
            assertEquals(1, sim.peek("io_clearing"), "clearing for depth cycles, cycle " + i);
            assertEquals(0, sim.peek("io_in_ready"));
            sim.step();
        }
        assertEquals(0, sim.peek("io_clearing"));
        int seen = 0;
        sim.poke("io_in_bits_cmd", CounterSram.cmd(CounterSram.OP_READ, 0, BITS));
        for (int i = 0; i < DEPTH + 4; i++) {
            sim.poke("io_in_valid", i < DEPTH ? 1 : 0);
            sim.poke("io_in_bits_addr", i % DEPTH);
            assertEquals(1, sim.peek("io_in_ready"));
            if (sim.peek("io_out_valid") == 1) {
                assertEquals(seen, sim.peek("io_out_bits_addr"));
                assertEquals(0, sim.peek("io_out_bits_old"), "word " + seen + " after the sweep");
                seen++;
            }
            sim.step();
        }
        assertEquals(DEPTH, seen);
    }
}
