package org.rapgen.golden.sampler;

import java.util.Arrays;

/**
 * Zilles and Sohi's load-value slot table {@code Z_k} (HPCA 2001, §4 and the appendix's flow chart;
 * docs/slot-table.md). Each slot holds a pc, its active value and three counters: hits and misses of the active
 * value (8 bits each) and the pc's total samples (16 bits). For each tuple (pc, w):
 * <ol>
 *   <li><b>A slot that is on holds pc:</b> total, and hits or misses, count the sample. A counter that reaches its
 *       maximum turns the slot off, which keeps its counts (the ratio of hits to misses, the total). Otherwise a miss
 *       that leaves misses above hits means the active value's invariance fell below 50 %: with at least {@code keep}
 *       hits the slot is turned off, to keep what it learned; with fewer, w becomes the active value, with hits 1 and
 *       misses 0, and total goes on counting.
 *   <li><b>No slot holds pc:</b> the slot at the replacement index is considered alone. The draw is the low
 *       log2(draw) bits of the LFSR, which advances 16 steps for every tuple before it is looked up; if the slot is not off and the draw is at least its total (always,
 *       for an empty slot), the slot takes pc with w active, hits 1, misses 0, total 1, the index moves to the next
 *       slot, the failed counter falls by one (not below zero) and the replacements counter rises. Otherwise the
 *       sample is ignored and the failed counter rises.
 *   <li><b>Interrupts:</b> the failed counter reaching {@code fail}, or the replacements reaching {@code thrash},
 *       reads the table out: a message for each slot that is not empty, in slot order, {@link SlotRecord}'s packing,
 *       and the table starts a clean slate (every slot empty, index, failed and replacements 0). The end of a frame
 *       reads it out the same way ({@link #finish()}).
 * </ol>
 * A pc whose slot is off is as any pc without a slot: it may take another slot.
 */
public final class SlotTable implements Sampler {
    /** The hits and misses counters' maximum (8 bits). */
    public static final int COUNT_MAX = 255;
    /** The total counter's maximum (16 bits). */
    public static final int TOTAL_MAX = 65535;

    private enum State {
        EMPTY,
        ON,
        OFF
    }

    private final SlotTableParams p;
    private final LfsrModel lfsr;
    private final State[] state;
    private final long[] pc;
    private final long[] value;
    private final int[] hits;
    private final int[] misses;
    private final int[] total;
    private final MessageSink out;
    private int index;
    private int failed;
    private int replacements;

    public SlotTable(SlotTableParams params, SamplerConfig cfg, MessageSink out) {
        this.p = params;
        int k = params.slots();
        this.lfsr = new LfsrModel(cfg.lfsrSeed());
        this.state = new State[k];
        this.pc = new long[k];
        this.value = new long[k];
        this.hits = new int[k];
        this.misses = new int[k];
        this.total = new int[k];
        this.out = out;
        clear();
    }

    @Override
    public void push(long tuplePc, long w) {
        // every tuple advances the LFSR, as in the other samplers: the hardware steps it as it takes the tuple, before
        // it knows whether a slot holds the pc
        for (int s = 0; s < LfsrModel.STEPS_PER_EVENT; s++) lfsr.step();
        for (int i = 0; i < state.length; i++) {
            if (state[i] == State.ON && pc[i] == tuplePc) {
                count(i, w);
                return;
            }
        }
        int drawn = lfsr.state() & (p.draw() - 1);
        int j = index;
        if (state[j] != State.OFF && drawn >= total[j]) {
            state[j] = State.ON;
            pc[j] = tuplePc;
            value[j] = w;
            hits[j] = 1;
            misses[j] = 0;
            total[j] = 1;
            index = (index + 1) % state.length;
            failed = Math.max(failed - 1, 0);
            if (++replacements == p.thrash()) interrupt(SlotRecord.Cause.THRASH);
        } else if (++failed == p.fail()) {
            interrupt(SlotRecord.Cause.FAILED);
        }
    }

    private void count(int i, long w) {
        boolean hit = value[i] == w;
        total[i]++;
        if (hit) hits[i]++;
        else misses[i]++;
        if (total[i] == TOTAL_MAX || hits[i] == COUNT_MAX || misses[i] == COUNT_MAX) {
            state[i] = State.OFF;
        } else if (!hit && misses[i] > hits[i]) {
            if (hits[i] >= p.keep()) {
                state[i] = State.OFF;
            } else {
                value[i] = w;
                hits[i] = 1;
                misses[i] = 0;
            }
        }
    }

    private void interrupt(SlotRecord.Cause cause) {
        for (int i = 0; i < state.length; i++) {
            if (state[i] != State.EMPTY) {
                out.message(
                        pc[i], value[i], SlotRecord.pack(hits[i], misses[i], total[i], state[i] == State.OFF, cause));
            }
        }
        clear();
    }

    private void clear() {
        Arrays.fill(state, State.EMPTY);
        Arrays.fill(total, 0);
        index = 0;
        failed = 0;
        replacements = 0;
    }

    /** End of a frame: the table is read out with cause END and starts a clean slate. */
    @Override
    public void finish() {
        interrupt(SlotRecord.Cause.END);
    }

    /** The samples the slots' totals hold, not yet read out. */
    @Override
    public long pending() {
        return Arrays.stream(total).asLongStream().sum();
    }

    @Override
    public String spec() {
        return p.canonical();
    }
}
