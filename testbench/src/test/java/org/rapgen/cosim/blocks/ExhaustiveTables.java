package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.List;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;

/**
 * Every key against tables in which each of 4 entry positions takes every (valid, value, mask) combination of
 * {@code keyBits}-bit entries: table t holds combination (t + COMBOS/4 p) mod COMBOS at entry p. Each table is
 * written, then all keys are searched, starting the cycle after the last write was taken; the next table starts once
 * the last search was taken. Coverage is counted from the results the DUT delivered.
 */
final class ExhaustiveTables extends TcamBench {
    static final int ENTRIES = 4;
    private final int keyBits, keys, combos;
    private final boolean[][][] seen; // [position][combination][key]
    private int table = -1;
    private final ArrayDeque<Write> writes = new ArrayDeque<>();
    private boolean searchesNext;

    /** A register Tcam's timing ({@code latency} 1, no sweep) or a BramTcam's; see {@link TcamBench}. */
    ExhaustiveTables(Sim sim, int keyBits, int latency, int sweepClocks) {
        super(sim, 11, latency, sweepClocks);
        this.keyBits = keyBits;
        keys = 1 << keyBits;
        combos = 2 * keys * keys;
        seen = new boolean[ENTRIES][combos][keys];
    }

    /** Runs every table through the DUT, then checks that every (position, combination, key) was searched. */
    ExhaustiveTables runAll() {
        while (!done()) run(1024);
        drain();
        for (int p = 0; p < ENTRIES; p++) {
            for (int c = 0; c < combos; c++) {
                for (int key = 0; key < keys; key++)
                    assertTrue(seen[p][c][key], "entry " + p + " combination " + c + " key " + key + " never searched");
            }
        }
        assertEquals((long) combos * keys, deliveries);
        return this;
    }

    /** Combination c: valid = the top bit, mask = the next keyBits, value = the low keyBits. */
    private int combo(int t, int position) {
        return (t + combos / ENTRIES * position) % combos;
    }

    private boolean done() {
        return table == combos - 1 && writes.isEmpty() && !searchesNext && search.idle();
    }

    @Override
    Write write() {
        if (searchesNext) { // searches start the cycle after the last write, so they all see the whole table
            for (int key = 0; key < keys; key++) search.offer(new Search(key, (long) table * keys + key));
            searchesNext = false;
            return null;
        }
        if (writes.isEmpty() && search.idle() && table + 1 < combos) {
            table++;
            for (int p = 0; p < ENTRIES; p++) {
                int c = combo(table, p);
                writes.add(new Write(p, c & keys - 1, c >> keyBits & keys - 1, c >> 2 * keyBits == 1));
            }
        }
        Write w = writes.poll();
        if (w != null && writes.isEmpty()) searchesNext = true;
        return w;
    }

    @Override
    void delivered(List<BigInteger> bits) {
        long payload = bits.get(1).longValue();
        int t = (int) (payload / keys), key = (int) (payload % keys);
        for (int p = 0; p < ENTRIES; p++) seen[p][combo(t, p)][key] = true;
    }
}
