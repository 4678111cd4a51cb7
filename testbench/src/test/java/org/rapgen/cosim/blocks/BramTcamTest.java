package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.hdl.lib.BramTcam;

/**
 * {@code BramTcam} under Verilator against {@link TcamRef} with the block-RAM timing (blocks.md: two-stage search,
 * write sweeps of 2^W clocks), cycle by cycle, with random result backpressure and search gaps, plus the scoreboard
 * fed by the DUT's own handshakes: exhaustive 4 entries x 4 key bits for chunkBits 1, 2 and 3 (3 does not divide 4)
 * and 4 x 5 bits cut 2 + 2 + 1; random RAP-like nested prefixes with arbitrary ternary entries, rewrites under traffic,
 * invalidations and a reset in mid-run for 32 x 32 (chunks of 4, and of 6, 6, 5, 5, 5, 5) and for 5 x 7 (writes past
 * the last entry). Every test checks that searches flow one per clock between writes.
 */
class BramTcamTest {
    private static final class Exhaustive4c1 extends DslProvider {
        Exhaustive4c1() {
            super(() -> new BramTcam(4, 4, 16, 1));
        }
    }

    private static final class Exhaustive4c2 extends DslProvider {
        Exhaustive4c2() {
            super(() -> new BramTcam(4, 4, 16, 2));
        }
    }

    private static final class Exhaustive4c3 extends DslProvider {
        Exhaustive4c3() {
            super(() -> new BramTcam(4, 4, 16, 3));
        }
    }

    private static final class Exhaustive5c2 extends DslProvider {
        Exhaustive5c2() {
            super(() -> new BramTcam(4, 5, 20, 2));
        }
    }

    private static final class Random32c4 extends DslProvider {
        Random32c4() {
            super(() -> new BramTcam(32, 32, 20, 4));
        }
    }

    private static final class Random32c6 extends DslProvider {
        Random32c6() {
            super(() -> new BramTcam(32, 32, 20, 6));
        }
    }

    private static final class Random5c3 extends DslProvider {
        Random5c3() {
            super(() -> new BramTcam(5, 7, 8, 3));
        }
    }

    @Test
    void chunkSplitIsBalanced() { // the split the tests below rely on, written out from blocks.md
        assertArrayEquals(new int[] {2, 2}, BramTcam.chunkWidths(4, 3));
        assertArrayEquals(new int[] {2, 2, 1}, BramTcam.chunkWidths(5, 2));
        assertArrayEquals(new int[] {6, 6, 5, 5, 5, 5}, BramTcam.chunkWidths(32, 6));
        assertArrayEquals(new int[] {3, 2, 2}, BramTcam.chunkWidths(7, 3));
        assertArrayEquals(new int[] {8, 8, 8, 8}, BramTcam.chunkWidths(32, 10));
    }

    @Test
    @Cosim(Exhaustive4c1.class)
    void exhaustiveChunksOfOneBit(Sim sim) {
        exhaustive(sim, 4, 1);
    }

    @Test
    @Cosim(Exhaustive4c2.class)
    void exhaustiveChunksOfTwoBits(Sim sim) {
        exhaustive(sim, 4, 2);
    }

    /** chunkBits 3 does not divide 4: two chunks of 2. */
    @Test
    @Cosim(Exhaustive4c3.class)
    void exhaustiveChunkBitsNotDividingTheKey(Sim sim) {
        exhaustive(sim, 4, 2);
    }

    /** Chunks of unequal width (2, 2, 1): the 1-bit chunk is swept twice per write. */
    @Test
    @Cosim(Exhaustive5c2.class)
    void exhaustiveUnequalChunks(Sim sim) {
        exhaustive(sim, 5, 2);
    }

    private static void exhaustive(Sim sim, int keyBits, int widestChunk) {
        ExhaustiveTables bench = new ExhaustiveTables(sim, keyBits, 2, 1 << widestChunk).runAll();
        assertFlowing(bench);
    }

    @Test
    @Cosim(Random32c4.class)
    void randomNestedPrefixesChunksOfFour(Sim sim) {
        random(new RandomTables(sim, 32, 32, 2, 31, 31, 2, 1 << 4));
    }

    @Test
    @Cosim(Random32c6.class)
    void randomNestedPrefixesUnequalChunks(Sim sim) {
        random(new RandomTables(sim, 32, 32, 4, 17, 32, 2, 1 << 6));
    }

    /** 5 entries: valid writes to indices 5..7 sweep and change nothing. */
    @Test
    @Cosim(Random5c3.class)
    void randomFiveEntriesWritesPastTheEnd(Sim sim) {
        RandomTables bench = random(new RandomTables(sim, 5, 7, 1, 5, 33, 2, 1 << 3));
        assertTrue(bench.outOfRangeWrites > 0, "no write past the last entry");
    }

    private static RandomTables random(RandomTables bench) {
        bench.run(60_000);
        bench.drain();
        assertFlowing(bench);
        String stats = "same-edge write changes " + bench.sameEdgeWriteChanges + ", writes while searching "
                + bench.writesWhileSearching
                + ", writes while the result is stalled " + bench.writesWhileStalled + ", cycles a sweep waited "
                + bench.sweepHeldCycles
                + ", multi-entry matches " + bench.wideMatches + ", results after the mid-run reset "
                + bench.deliveredAfterReset;
        assertTrue(
                bench.sameEdgeWriteChanges > 0
                        && bench.writesWhileSearching > 0
                        && bench.writesWhileStalled > 0
                        && bench.sweepHeldCycles > 0
                        && bench.wideMatches > 0
                        && bench.deliveredAfterReset > 1000,
                "coverage hole: " + stats);
        return bench;
    }

    /** The handshake coverage of every stream test, and searches accepted back to back (one per clock). */
    private static void assertFlowing(TcamBench bench) {
        TcamTest.assertCovered(bench);
        assertTrue(
                bench.backToBackAccepts > bench.accepts / 4,
                "searches rarely flowed one per clock: " + bench.backToBackAccepts + " of " + bench.accepts);
    }
}
