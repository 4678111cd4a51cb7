package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;
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

    /**
     * Every key against tables in which each entry position takes every (valid, value, mask) combination: 512
     * tables, entry p of table t holding combination (t + 128 p) mod 512. Each table is written, then all 16 keys are
     * searched; coverage is counted from the results the DUT delivered.
     */
    @Test
    @Cosim(Tcam4x4.class)
    void exhaustiveFourEntriesFourBits(Sim sim) {
        Exhaustive bench = new Exhaustive(sim);
        while (!bench.done()) bench.run(1024);
        bench.drain();
        for (int p = 0; p < Exhaustive.ENTRIES; p++) {
            for (int c = 0; c < Exhaustive.COMBOS; c++) {
                for (int key = 0; key < 16; key++) assertTrue(bench.seen[p][c][key], "entry " + p + " combination " + c + " key " + key + " never searched");
            }
        }
        assertEquals(Exhaustive.COMBOS * 16L, bench.deliveries);
        assertCovered(bench);
    }

    /** Writes table t, then searches every key in it; the next table starts once the last search was taken. */
    private static final class Exhaustive extends TcamBench {
        static final int ENTRIES = 4, COMBOS = 512;
        final boolean[][][] seen = new boolean[ENTRIES][COMBOS][16];  // [position][combination][key]
        private int table = -1;
        private final ArrayDeque<Write> writes = new ArrayDeque<>();
        private boolean searchesNext;

        Exhaustive(Sim sim) {
            super(sim, 11);
        }

        /** Combination c: valid = bit 8, mask = bits 7..4, value = bits 3..0. */
        static int combo(int table, int position) {
            return (table + 128 * position) % COMBOS;
        }

        boolean done() {
            return table == COMBOS - 1 && writes.isEmpty() && !searchesNext && search.idle();
        }

        @Override
        Write write() {
            if (searchesNext) {  // searches start the cycle after the last write, so they all see the whole table
                for (int key = 0; key < 16; key++) search.offer(new Search(key, table * 16L + key));
                searchesNext = false;
                return null;
            }
            if (writes.isEmpty() && search.idle() && table + 1 < COMBOS) {
                table++;
                for (int p = 0; p < ENTRIES; p++) {
                    int c = combo(table, p);
                    writes.add(new Write(p, c & 15, c >> 4 & 15, c >> 8 == 1));
                }
            }
            Write w = writes.poll();
            if (w != null && writes.isEmpty()) searchesNext = true;
            return w;
        }

        @Override
        void delivered(List<BigInteger> bits) {
            int payload = bits.get(1).intValue(), t = payload / 16, key = payload % 16;
            for (int p = 0; p < ENTRIES; p++) seen[p][combo(t, p)][key] = true;
        }
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
        assertTrue(bench.sameEdgeWriteChanges > 0, "no search was accepted on the edge of a write that changes its match");
        return bench;
    }

    /**
     * Random tables: a nested prefix set (k bits per level) placed in shuffled slots, the other slots random ternary
     * entries; then random rewrites, invalidations and out-of-range writes in phases, searches that mostly fall inside
     * an entry, and one reset in mid-run after which the table is reloaded.
     */
    private static final class RandomTables extends TcamBench {
        private final int entries, keyBits;
        private final List<PrefixSets.Prefix> prefixes;
        private final Write[] table;
        private final ArrayDeque<Write> reload = new ArrayDeque<>();
        private final int resetAt;
        private int cycle;
        private double pWrite;
        private long payload;
        long wideMatches, outOfRangeWrites;

        RandomTables(Sim sim, int entries, int keyBits, int k, int nested, long seed) {
            super(sim, seed);
            this.entries = entries;
            this.keyBits = keyBits;
            prefixes = PrefixSets.nested(rnd, keyBits, k, nested);
            table = new Write[entries];
            resetAt = 12_000 + rnd.nextInt(1000);
            load();
        }

        /** Queues a whole table: the nested prefixes in shuffled slots, random ternary entries elsewhere. */
        private void load() {
            List<Integer> slots = new ArrayList<>();
            for (int i = 0; i < entries; i++) slots.add(i);
            Collections.shuffle(slots, rnd);
            for (int i = 0; i < entries; i++) {
                int slot = slots.get(i);
                reload.add(i < prefixes.size() ? prefixWrite(slot, prefixes.get(i)) : randomWrite(slot));
            }
        }

        private Write prefixWrite(int slot, PrefixSets.Prefix p) {
            return new Write(slot, p.value(), p.mask(), true);
        }

        private Write randomWrite(int slot) {
            long mask = rnd.nextBoolean() ? rnd.nextLong() | rnd.nextLong() : rnd.nextLong() & rnd.nextLong();
            return new Write(slot, rnd.nextLong(), mask, rnd.nextInt(8) != 0);
        }

        @Override
        boolean resetNow() {
            return cycle >= resetAt && cycle < resetAt + 2;
        }

        @Override
        Write write() {
            cycle++;
            if (cycle == resetAt + 2) {
                java.util.Arrays.fill(table, null);
                reload.clear();
                load();
            }
            while (search.queued() < 4) search.offer(new Search(key(), payload++));
            if (cycle % 500 == 0) pWrite = new double[] {0, 0.02, 0.3, 1.0}[rnd.nextInt(4)];
            Write w = reload.poll();
            if (w == null && rnd.nextDouble() < pWrite) w = rewrite();
            if (w == null) return null;
            if (w.index() < entries) table[w.index()] = w;
            else outOfRangeWrites++;
            return w;
        }

        private Write rewrite() {
            int slot = rnd.nextInt(entries);
            return switch (rnd.nextInt(6)) {
                case 0, 1 -> prefixWrite(slot, prefixes.get(rnd.nextInt(prefixes.size())));
                case 2, 3 -> randomWrite(slot);
                case 4 -> new Write(slot, 0, 0, false);
                default -> new Write(rnd.nextInt(Integer.highestOneBit(entries - 1) * 2), rnd.nextLong(), rnd.nextLong(), true);
            };
        }

        private long key() {
            Write e = table[rnd.nextInt(entries)];
            if (e != null && rnd.nextInt(3) == 0) return e.value() | rnd.nextLong() & e.mask();
            return PrefixSets.key(rnd, prefixes, keyBits);
        }

        @Override
        void delivered(List<BigInteger> bits) {
            if (bits.get(2).bitCount() > 1) wideMatches++;
        }
    }

    static void assertCovered(StreamBench b) {
        String stats = "accepts " + b.accepts + ", deliveries " + b.deliveries + ", output stalls " + b.outputStalls
                + ", input blocked " + b.inputBlocked + ", accepts while output valid " + b.acceptsWhileOutputValid;
        assertTrue(b.accepts > 0 && b.outputStalls > 0 && b.inputBlocked > 0 && b.acceptsWhileOutputValid > 0, "coverage hole: " + stats);
    }
}
