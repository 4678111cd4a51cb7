package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rapgen.cosim.DslDut;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.SimulationStopped;
import org.rapgen.engines.rap.StatusCounterBank;

/**
 * The status counter bank alone against plain Java counters: random increments in bursts and pauses, clears (whose own
 * clock's increments are dropped), and reads of every half whenever the bank is idle. Narrow words carry into every
 * word (5-bit words: 20-bit counters, which also wrap); the engine's 16-bit words run with the engine's
 * increments.
 */
class StatusCounterBankCosimTest {
    private static Sim sim(int counters, int incBits, int wordBits) {
        return DslDut.of(() -> new StatusCounterBank(counters, incBits, wordBits))
                .newSim(2);
    }

    /** Reads half {@code h} through the read port: the data is valid on the fourth clock, and holds. */
    private static long read(Sim sim, int h) {
        sim.poke("io_readEnable", 1);
        sim.poke("io_readIndex", h);
        int clocks = 0;
        while (sim.peek("io_readValid") == 0) {
            sim.step();
            assertTrue(++clocks <= 3, "no read data after 3 clocks");
        }
        assertEquals(3, clocks, "read latency");
        long v = sim.peek("io_readData");
        sim.step();
        assertEquals(0, sim.peek("io_readValid"), "valid for one clock");
        assertEquals(v, sim.peek("io_readData"), "read data holds while the index stands");
        return v;
    }

    private static void checkAll(Sim sim, long[] model, int wordBits) {
        int clocks = 0;
        while (sim.peek("io_idle") == 0) {
            sim.step();
            assertTrue(++clocks < 64 * model.length, "the bank never became idle");
        }
        int halfBits = 2 * wordBits;
        long halfMask = (1L << halfBits) - 1;
        for (int c = 0; c < model.length; c++) {
            long lo = read(sim, 2 * c), hi = read(sim, 2 * c + 1);
            assertEquals(model[c], (hi << halfBits) | lo, "counter " + c);
            assertEquals(model[c] & halfMask, lo, "counter " + c + " low half");
        }
        sim.poke("io_readEnable", 0);
    }

    @ParameterizedTest(name = "counters={0} incBits={1} wordBits={2}")
    @CsvSource({"2, 1, 5", "3, 1, 5", "6, 5, 16", "5, 3, 16"})
    void countsAreExact(int counters, int incBits, int wordBits) {
        Random r = new Random(counters * 31L + incBits * 7L + wordBits);
        int width = 4 * wordBits;
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long[] model = new long[counters];
        int maxInc = (1 << incBits) - 1;
        // Narrow counters run long enough to carry into their top word (20-bit counters: and to wrap).
        int clocks = width <= 20 ? 2 << width : width < 32 ? 3 << 16 : 60_000;
        boolean wrapped = false;
        long highest = 0;
        try (Sim sim = sim(counters, incBits, wordBits)) {
            checkAll(sim, model, wordBits);
            boolean busy = true;
            for (int t = 0; t < clocks; t++) {
                if (width == 64 && r.nextInt(5_000) == 0) busy = !busy;
                // 20-bit counters must wrap, so their run has no clear (the two clear tests below cover clears).
                boolean clear = width > 20 && r.nextInt(width < 32 ? 400_000 : 40_000) == 0;
                for (int c = 0; c < counters; c++) {
                    int inc = busy ? (r.nextInt(4) == 0 ? maxInc : r.nextInt(maxInc + 1)) : 0;
                    sim.poke("io_inc_" + c, inc);
                    wrapped |= !clear && Long.compareUnsigned(model[c] + inc, mask) > 0 && width < 64;
                    model[c] = clear ? 0 : (model[c] + inc) & mask;
                    highest = Math.max(highest, model[c]);
                }
                sim.poke("io_clear", clear ? 1 : 0);
                sim.step();
                if (r.nextInt(15_000) == 0) {
                    for (int c = 0; c < counters; c++) sim.poke("io_inc_" + c, 0);
                    sim.poke("io_clear", 0);
                    checkAll(sim, model, wordBits);
                }
            }
            for (int c = 0; c < counters; c++) sim.poke("io_inc_" + c, 0);
            sim.poke("io_clear", 0);
            checkAll(sim, model, wordBits);
            if (width <= 20) assertTrue(wrapped, "the run must carry through every word and wrap");
            if (width < 32) assertTrue(highest >> (3 * wordBits) > 0, "the run must carry into the top word");
        }
    }

    @Test
    void clearWinsOverItsOwnClocksIncrements() {
        try (Sim sim = sim(2, 2, 16)) {
            sim.poke("io_inc_0", 3);
            sim.poke("io_inc_1", 1);
            sim.step(10);
            sim.poke("io_clear", 1);
            sim.step();
            sim.poke("io_clear", 0);
            sim.poke("io_inc_0", 2);
            sim.poke("io_inc_1", 0);
            sim.step();
            sim.poke("io_inc_0", 0);
            checkAll(sim, new long[] {2, 0}, 16);
        }
    }

    /** A clear in every clock of a fold: the abandoned fold never writes a word the next visit reads (the RAM's promise). */
    @Test
    void clearAtEveryPointOfAFold() {
        try (Sim sim = sim(3, 2, 16)) {
            for (int offset = 0; offset < 40; offset++) {
                long[] model = new long[3];
                for (int t = 0; t < offset; t++) {
                    for (int c = 0; c < 3; c++) sim.poke("io_inc_" + c, c + 1);
                    sim.step();
                }
                sim.poke("io_clear", 1);
                sim.step();
                sim.poke("io_clear", 0);
                for (int c = 0; c < 3; c++) {
                    sim.poke("io_inc_" + c, 3 - c);
                    model[c] = 3 - c;
                }
                sim.step();
                for (int c = 0; c < 3; c++) sim.poke("io_inc_" + c, 0);
                checkAll(sim, model, 16);
            }
        }
    }

    @Test
    void readingWhileCountsArePendingFailsTheCheck() {
        try (Sim sim = sim(2, 1, 16)) {
            sim.poke("io_inc_0", 1);
            sim.step();
            sim.poke("io_inc_0", 0);
            sim.poke("io_readEnable", 1);
            SimulationStopped e = assertThrows(SimulationStopped.class, () -> sim.step(3));
            assertTrue(e.getMessage().contains("still being folded in"), e.getMessage());
        }
    }
}
