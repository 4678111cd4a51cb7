package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.hdl.lib.Tcam;

/**
 * {@code Tcam} under Verilator against {@link TcamRef}, cycle by cycle, with random result backpressure and search
 * gaps: exhaustive for 4 entries x 4 key bits, random with RAP-like nested prefixes for 256 entries, random with a
 * non-power-of-two size and 64-bit keys.
 */
class TcamTest {
    private static final class Tcam4x4 extends DslProvider {
        Tcam4x4() {
            super(() -> new Tcam(4, 4, 16));
        }
    }

    private static final class Tcam256x32 extends DslProvider {
        Tcam256x32() {
            super(() -> new Tcam(256, 32, 20));
        }
    }

    private static final class Tcam5x64 extends DslProvider {
        Tcam5x64() {
            super(() -> new Tcam(5, 64, 8));
        }
    }

    /** Every key against tables in which each entry position takes every (valid, value, mask) combination. */
    @Test
    @Cosim(Tcam4x4.class)
    void exhaustiveFourEntriesFourBits(Sim sim) {
        assertCovered(new ExhaustiveTables(sim, 4, 1, 0).runAll());
    }

    /** 256 entries: RAP-like nested prefixes in shuffled slots plus random ternary entries, rewritten under traffic. */
    @Test
    @Cosim(Tcam256x32.class)
    void randomNestedPrefixes256(Sim sim) {
        RandomTables bench = runRandom(new RandomTables(sim, 256, 32, 4, 241, 21), 30_000);
        assertTrue(bench.wideMatches > 100, "too few searches matched several entries: " + bench.wideMatches);
    }

    /** A size that is not a power of two (writes to indices 5..7 must do nothing) and 64-bit keys. */
    @Test
    @Cosim(Tcam5x64.class)
    void randomFiveEntriesWideKeys(Sim sim) {
        RandomTables bench = runRandom(new RandomTables(sim, 5, 64, 1, 5, 22), 20_000);
        assertTrue(bench.outOfRangeWrites > 0, "no write past the last entry");
    }

    private static RandomTables runRandom(RandomTables bench, int cycles) {
        bench.run(cycles);
        bench.drain();
        assertCovered(bench);
        assertTrue(
                bench.sameEdgeWriteChanges > 0, "no search was accepted on the edge of a write that changes its match");
        assertTrue(
                bench.deliveredAfterReset > 1000,
                "too few results after the mid-run reset: " + bench.deliveredAfterReset);
        return bench;
    }

    static void assertCovered(StreamBench b) {
        String stats = "accepts " + b.accepts + ", deliveries " + b.deliveries + ", output stalls " + b.outputStalls
                + ", input blocked " + b.inputBlocked + ", accepts while output valid " + b.acceptsWhileOutputValid;
        assertTrue(
                b.accepts > 0 && b.outputStalls > 0 && b.inputBlocked > 0 && b.acceptsWhileOutputValid > 0,
                "coverage hole: " + stats);
    }
}
