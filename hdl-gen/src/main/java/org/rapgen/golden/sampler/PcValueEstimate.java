package org.rapgen.golden.sampler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the host has learned about one pc from the slot table's records (Zilles and Sohi's appendix, "estimation
 * algorithm"; docs/slot-table.md, "Invariance estimate"). Each record of the pc is a region of its active value v:
 * the hits and misses counted since v was selected, and the rest of the samples the slot's total counted,
 * {@code total - hits} (v's misses, and the samples before v was selected, when an earlier active value fell below
 * 50 %). Summed over the c(v) records whose active value is v:
 * <ul>
 *   <li>{@code H(v)}, {@code M(v)}: their hits and misses; {@code R(v)}: their rest, samples that were not v;
 *   <li>{@code f(v) = (H(v) - c(v)) / (H(v) + M(v) - c(v))}: v's rate while it was watched, the selecting samples
 *       left out (each region's first hit is the sample that made v active, not a sign of its frequency); 0 when
 *       nothing is left;
 *   <li>{@code N}: the sum of the totals, every sample of the pc the table saw.
 * </ul>
 * A value's estimated samples are its hits and a share of each other value's rest. A sample of u's rest is not u, so
 * it is v with probability {@code f(v) / (1 - f(u))}; when the other values' rates add up to more than {@code 1 -
 * f(u)}, the rest is divided among them in proportion to their rates instead:
 * <pre>
 * E(v) = H(v) + sum over u != v of R(u) * f(v) / max(1 - f(u), sum over w != u of f(w))
 * I(v) = E(v) / N
 * </pre>
 * What no known value takes was of values never active, and lowers the invariance: a pc seen in one record of value v
 * with h hits and total t has I(v) = h / t, and a pc whose records each show a new value seen once has I near 0.
 */
public final class PcValueEstimate {
    private final long pc;
    /** Per active value: the hits, misses, rest (total - hits) and number of its regions. */
    private final Map<Long, long[]> regions = new LinkedHashMap<>();

    private long samples;
    private int profiles;

    public PcValueEstimate(long pc) {
        this.pc = pc;
    }

    /** Adds one record of this pc (one interrupt's region). */
    public void add(SlotRecord r) {
        if (r.pc() != pc) throw new IllegalArgumentException("record of pc " + Long.toHexString(r.pc()));
        long[] region = regions.computeIfAbsent(r.value(), v -> new long[4]);
        region[0] += r.hits();
        region[1] += r.misses();
        region[2] += r.total() - r.hits();
        region[3]++;
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
        if (own == null) return 0;
        double rates = 0;
        for (long[] region : regions.values()) rates += rate(region);
        double e = own[0];
        for (Map.Entry<Long, long[]> u : regions.entrySet()) {
            if (u.getKey() == v) continue;
            double ru = rate(u.getValue());
            double share = Math.max(1 - ru, rates - ru);
            if (share > 0) e += u.getValue()[2] * rate(own) / share;
        }
        return e;
    }

    /** f(v) of a value's regions. */
    private static double rate(long[] region) {
        long watched = region[0] + region[1] - region[3];
        return watched <= 0 ? 0 : (double) (region[0] - region[3]) / watched;
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
