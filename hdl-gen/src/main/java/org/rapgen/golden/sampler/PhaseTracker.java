package org.rapgen.golden.sampler;

/**
 * The phase tracker of Sherwood et al. (ISCA 2003) as Nagpurkar et al. use it (§4): it splits the tuple stream into
 * intervals of {@code len} tuples and gives each finished interval a phase ID.
 *
 * <p>An interval's signature is {@code buckets} counters: each tuple adds one to counter
 * {@code xorfold(randomize(pc), log2 buckets)} ({@link SamplerHash}). At the interval's end the signature is compared
 * with those in a table of {@code signatures} entries by Manhattan distance; the nearest valid entry (the lowest
 * index on a tie) gives the phase if its distance is at most {@code floor(threshold * len / 100)}. Otherwise the
 * interval starts a new phase, numbered from 0 in order of discovery, and its signature takes the lowest invalid
 * entry, or when all are valid the entry {@code (lfsr16 * signatures) >> 16} after one LFSR event
 * ({@link LfsrModel#event}, whose 16 fresh bits are read as {@code lfsr16}). A stored signature is never updated.
 */
public final class PhaseTracker {
    private final int len;
    private final int bucketBits;
    private final long limit;
    private final SamplerHash hash;
    private final LfsrModel lfsr;
    private final int[] current;
    private final int[][] table;
    private final int[] ids;
    private final boolean[] valid;
    private int position;
    private int nextId;

    public PhaseTracker(PhaseParams p, SamplerHash hash, LfsrModel lfsr) {
        this.len = p.len();
        this.bucketBits = Integer.numberOfTrailingZeros(p.buckets());
        this.limit = (long) p.threshold() * p.len() / 100;
        this.hash = hash;
        this.lfsr = lfsr;
        this.current = new int[p.buckets()];
        this.table = new int[p.signatures()][p.buckets()];
        this.ids = new int[p.signatures()];
        this.valid = new boolean[p.signatures()];
    }

    /** Counts one tuple; at the end of an interval returns its phase ID, otherwise -1. */
    public int push(long pc) {
        current[bucket(pc)]++;
        if (++position < len) return -1;
        position = 0;
        int id = classify(current);
        java.util.Arrays.fill(current, 0);
        return id;
    }

    /** The signature bucket of a pc. */
    public int bucket(long pc) {
        return (int) hash.xorfold(hash.randomize(pc), bucketBits);
    }

    /** Tuples into the current interval (0 at an interval's first tuple). */
    public int position() {
        return position;
    }

    /** Phases discovered so far. */
    public int phases() {
        return nextId;
    }

    /**
     * The phase of a finished interval with this signature (as {@link #push} counts it), entering it in the table if it
     * starts a new phase. Experiments that sweep the threshold over one trace classify stored signatures with it.
     */
    public int classify(int[] signature) {
        int best = -1;
        long bestDistance = Long.MAX_VALUE;
        int free = -1;
        for (int e = 0; e < table.length; e++) {
            if (!valid[e]) {
                if (free < 0) free = e;
                continue;
            }
            long d = 0;
            for (int b = 0; b < signature.length; b++) d += Math.abs(signature[b] - table[e][b]);
            if (d < bestDistance) {
                bestDistance = d;
                best = e;
            }
        }
        if (best >= 0 && bestDistance <= limit) return ids[best];
        int e = free >= 0 ? free : replaced(lfsr, table.length);
        System.arraycopy(signature, 0, table[e], 0, signature.length);
        valid[e] = true;
        ids[e] = nextId;
        return nextId++;
    }

    /** The entry of {@code entries} that random replacement picks: one LFSR event, its 16 bits scaled. */
    static int replaced(LfsrModel lfsr, int entries) {
        lfsr.event(1);
        return (int) (((lfsr.state() & 0xffffL) * entries) >>> 16);
    }
}
