package org.rapgen.golden.sampler;

/**
 * Nagpurkar et al.'s phase table (§4, Fig. 7:B): a small fully associative table of phase IDs, each with the times
 * it was seen and whether it was sampled. {@link #decide} counts a phase and says whether its interval is the one to
 * sample: the {@code pick}-th time the phase is seen, if it was never sampled. A phase not in the table takes the
 * lowest free entry, or when all are taken the entry random replacement picks ({@link PhaseTracker#replaced}), and
 * starts at one sighting: a phase that was evicted may so be sampled again, the paper's "table miss".
 */
public final class PhaseTable {
    private final int pick;
    private final LfsrModel lfsr;
    private final int[] ids;
    private final int[] seen;
    private final boolean[] sampled;
    private final boolean[] valid;

    public PhaseTable(int entries, int pick, LfsrModel lfsr) {
        this.pick = pick;
        this.lfsr = lfsr;
        this.ids = new int[entries];
        this.seen = new int[entries];
        this.sampled = new boolean[entries];
        this.valid = new boolean[entries];
    }

    /** Counts one interval of {@code phase}; true iff that interval is to be sampled. */
    public boolean decide(int phase) {
        int e = -1;
        int free = -1;
        for (int i = 0; i < ids.length; i++) {
            if (valid[i] && ids[i] == phase) e = i;
            else if (!valid[i] && free < 0) free = i;
        }
        if (e < 0) {
            e = free >= 0 ? free : PhaseTracker.replaced(lfsr, ids.length);
            valid[e] = true;
            ids[e] = phase;
            seen[e] = 0;
            sampled[e] = false;
        }
        if (seen[e] < pick) seen[e]++;
        if (seen[e] == pick && !sampled[e]) {
            sampled[e] = true;
            return true;
        }
        return false;
    }
}
