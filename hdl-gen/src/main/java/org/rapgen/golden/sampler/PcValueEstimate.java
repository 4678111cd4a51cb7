package org.rapgen.golden.sampler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the host has learned about one pc from the slot table's records (Zilles and Sohi's appendix, "estimation
 * algorithm"; docs/slot-table.md, "Invariance estimate"). Each record of the pc is a region of its active value v:
 * the hits counted since v was selected, and the rest of the samples the slot's total counted, {@code total - hits}
 * (v's misses, and the samples before v was selected, when an earlier active value fell below 50 %). Summed over the
 * records:
 * <ul>
 *   <li>{@code H(v)}: the hits of the regions whose active value is v; {@code Hsum} the hits of all values;
 *   <li>{@code R(v)}: the rest of those regions, {@code total - hits}: samples that were not hits of v;
 *   <li>{@code N}: the sum of the totals, every sample of the pc the table saw.
 * </ul>
 * A value's estimated samples are its hits, and a share of each other value's rest in proportion to its hits among
 * the values other than that one:
 * <pre>
 * E(v) = H(v) + sum over u != v of R(u) * H(v) / (Hsum - H(u))
 * I(v) = E(v) / N
 * </pre>
 * A rest with no other value to go to (its value is the only one with hits) was of values never active, and lowers
 * the invariance: a pc seen in one record of value v with h hits and total t has I(v) = h / t. A record always has at
 * least one hit (the selecting sample), so Hsum is positive once a record is added.
 */
public final class PcValueEstimate {
    private final long pc;
    /** Per active value: the hits and the rest (total - hits) of its regions. */
    private final Map<Long, long[]> regions = new LinkedHashMap<>();

    private long hitSum;
    private long samples;
    private int profiles;

    public PcValueEstimate(long pc) {
        this.pc = pc;
    }

    /** Adds one record of this pc (one interrupt's region). */
    public void add(SlotRecord r) {
        if (r.pc() != pc) throw new IllegalArgumentException("record of pc " + Long.toHexString(r.pc()));
        long[] region = regions.computeIfAbsent(r.value(), v -> new long[2]);
        region[0] += r.hits();
        region[1] += r.total() - r.hits();
        hitSum += r.hits();
        samples += r.total();
        profiles++;
    }

    public long pc() {
        return pc;
    }

    /** N: the samples of the pc the table counted, over every record. */
    public long samples() {
        return samples;
    }

    /** The records added: the times the pc was profiled. */
    public int profiles() {
        return profiles;
    }

    /** The values that were active in some region. */
    public int values() {
        return regions.size();
    }

    /** E(v), the estimated samples of value v (0 for a value never active). */
    public double estimatedSamples(long v) {
        long[] own = regions.get(v);
        if (own == null || own[0] == 0) return 0;
        double e = own[0];
        for (Map.Entry<Long, long[]> u : regions.entrySet()) {
            long others = hitSum - u.getValue()[0];
            if (u.getKey() != v && others > 0) e += (double) u.getValue()[1] * own[0] / others;
        }
        return e;
    }

    /** I(v) = E(v) / N. */
    public double invariance(long v) {
        return samples == 0 ? 0 : estimatedSamples(v) / samples;
    }

    /** The value with the largest E(v) (the smallest value on ties); only meaningful once a record is added. */
    public long topValue() {
        long best = 0;
        double bestE = -1;
        for (long v : regions.keySet()) {
            double e = estimatedSamples(v);
            if (e > bestE || (e == bestE && v < best)) {
                best = v;
                bestE = e;
            }
        }
        return best;
    }

    /** The top value's invariance, the pc's estimated invariance (0 before any record). */
    public double invariance() {
        return regions.isEmpty() ? 0 : invariance(topValue());
    }
}
