package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;

/**
 * Random tables: a nested prefix set (k bits per level) placed in shuffled slots, the other slots random ternary
 * entries; then random rewrites, invalidations and out-of-range writes in phases, searches that mostly fall inside
 * an entry, and one reset in mid-run after which the table is reloaded.
 */
final class RandomTables extends TcamBench {
    private final int entries, keyBits;
    private final List<PrefixSets.Prefix> prefixes;
    private final Write[] table;
    private final ArrayDeque<Write> reload = new ArrayDeque<>();
    private final int resetAt;
    private boolean reloaded;
    private int nextPhase;
    private double pWrite;
    private long payload;
    long wideMatches, outOfRangeWrites, deliveredAfterReset;

    RandomTables(Sim sim, int entries, int keyBits, int k, int nested, long seed) {
        this(sim, entries, keyBits, k, nested, seed, 1, 0);
    }

    /** With a BramTcam's timing (see {@link TcamBench}). */
    RandomTables(Sim sim, int entries, int keyBits, int k, int nested, long seed, int latency, int sweepClocks) {
        super(sim, seed, latency, sweepClocks);
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
        if (cycle >= resetAt + 2 && !reloaded) {
            reloaded = true;
            Arrays.fill(table, null);
            reload.clear();
            load();
        }
        while (search.queued() < 4) search.offer(new Search(key(), payload++));
        if (cycle >= nextPhase) {
            nextPhase += 500;
            pWrite = new double[] {0, 0.02, 0.3, 1.0}[rnd.nextInt(4)];
        }
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
            default ->
                new Write(rnd.nextInt(Integer.highestOneBit(entries - 1) * 2), rnd.nextLong(), rnd.nextLong(), true);
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
        if (reloaded) deliveredAfterReset++;
    }
}
