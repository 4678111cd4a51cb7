package org.rapgen.cosim.rap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * What a co-simulation sends: beats (key, weight, tlast) in primitive arrays, and control actions placed between
 * beats. An action "before beat i" is started when the stream reaches beat i; a CSR action lands on whatever clock
 * the bus takes it, and the golden model follows the order the RTL saw.
 */
public final class RapStimulus {
    public enum Action {
        /** write CTRL.flush */
        FLUSH,
        /** write CTRL.soft_reset */
        SOFT_RESET,
        /** hold the stream, wait until the engine is quiet, and compare the status and every node slot */
        CHECK_TREE,
        /** write CTRL.snapshot and compare the status while the stream keeps flowing */
        CHECK_STATUS,
        /** three CTRL.snapshot writes back to back, then the status check */
        SNAPSHOT_BURST,
        /** write SLOT and, with the readout still pending, the status check; then wait for the readout */
        SNAPSHOT_DURING_READOUT,
        /** clear CTRL.enable for a while (the queue fills, tready falls), then set it again */
        PAUSE
    }

    /**
     * New EPS, M0 and Q written through the CSRs, then a soft reset that loads them. The values are what software
     * writes: EPS 0 reads as 1, M0 0 as 1 and Q below 2 as 2 (docs/rap-engine.md "Control and status"), which
     * {@link #effective} applies for the golden model.
     */
    public record Reconfigure(int epsFx, long m0, long q) {
        /** The parameters the engine runs with after these writes and a soft reset. */
        public Reconfigure effective() {
            return new Reconfigure(epsFx == 0 ? 1 : epsFx, m0 == 0 ? 1 : m0, q < 2 ? 2 : q);
        }
    }

    private long[] keys = new long[1024];
    private long[] weights = new long[1024];
    private boolean[] lasts = new boolean[1024];
    private int size;
    private final TreeMap<Integer, List<Action>> actions = new TreeMap<>();
    private final TreeMap<Integer, Reconfigure> reconfigures = new TreeMap<>();

    public RapStimulus beat(long key, long weight, boolean last) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            weights = Arrays.copyOf(weights, size * 2);
            lasts = Arrays.copyOf(lasts, size * 2);
        }
        keys[size] = key;
        weights[size] = weight;
        lasts[size] = last;
        size++;
        return this;
    }

    public RapStimulus beat(long key, long weight) {
        return beat(key, weight, false);
    }

    /** Sets tlast on the last beat so far. */
    public RapStimulus markLast() {
        lasts[size - 1] = true;
        return this;
    }

    /** An action before the next beat (after the last one, if no more beats follow). */
    public RapStimulus then(Action a) {
        return at(size, a);
    }

    public RapStimulus at(int beatIndex, Action a) {
        actions.computeIfAbsent(beatIndex, k -> new ArrayList<>()).add(a);
        return this;
    }

    /** Before beat {@code beatIndex}: write EPS, M0, Q and soft-reset (after any action at the same index). */
    public RapStimulus reconfigure(int beatIndex, Reconfigure r) {
        reconfigures.put(beatIndex, r);
        return this;
    }

    Reconfigure reconfigureBefore(int beatIndex) {
        return reconfigures.get(beatIndex);
    }

    public int size() {
        return size;
    }

    public long key(int i) {
        return keys[i];
    }

    public long weight(int i) {
        return weights[i];
    }

    public boolean last(int i) {
        return lasts[i];
    }

    List<Action> actionsBefore(int beatIndex) {
        return actions.getOrDefault(beatIndex, List.of());
    }
}
