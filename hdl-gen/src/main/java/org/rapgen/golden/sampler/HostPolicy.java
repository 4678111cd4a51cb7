package org.rapgen.golden.sampler;

/**
 * The thresholds of the value-profiling host loop ({@link ValueProfileHost}, docs/slot-table.md, "Host loop"). The
 * paper names each rule and leaves its numbers open; these are ours.
 *
 * @param minSamples  samples (N, the sum of a pc's totals) before the host trusts a pc's invariance: at 128 the
 *                    standard error of an invariance of 0.9 is below 0.03
 * @param high        an invariance at least this is confidently high: the pc is masked (0.9)
 * @param low         an invariance at most this is confidently low: the pc is masked (0.1)
 * @param maxProfiles a pc in neither band is masked after this many profiles (records copied): the paper's "profiled
 *                    several times before masking", so a semi-invariant pc gets several tries at its dominant
 *                    values, and then leaves the table to the rest (4)
 * @param fastThrash  a thrash interrupt that comes within {@code fastThrash * thrash} samples of the last interrupt
 *                    (at least 1 sample in that many a replacement) is fast: the partition is split 4 ways, else 2
 *                    (2)
 * @param maxDepth    the finest partition: {@code 2^maxDepth} classes of the hashed pc (8, so a class is a value of
 *                    the permuted low byte of the pc)
 * @param idleTuples  trace tuples after which the host, without an interrupt, reads the table out itself and moves
 *                    to the next partition: a partition whose pcs are all masked sends the table nothing, so nothing
 *                    else would end it (16384)
 */
public record HostPolicy(
        long minSamples, double high, double low, int maxProfiles, int fastThrash, int maxDepth, long idleTuples) {
    public HostPolicy {
        if (minSamples < 1) throw new IllegalArgumentException("minSamples must be >= 1");
        if (!(low >= 0 && low < high && high <= 1))
            throw new IllegalArgumentException("need 0 <= low < high <= 1, got " + low + ", " + high);
        if (maxProfiles < 1) throw new IllegalArgumentException("maxProfiles must be >= 1");
        if (fastThrash < 1) throw new IllegalArgumentException("fastThrash must be >= 1");
        if (maxDepth < 0 || maxDepth > 16) throw new IllegalArgumentException("maxDepth must be 0..16");
        if (idleTuples < 1) throw new IllegalArgumentException("idleTuples must be >= 1");
    }

    /** The documented defaults. */
    public static HostPolicy defaults() {
        return new HostPolicy(128, 0.9, 0.1, 4, 2, 8, 16384);
    }

    public HostPolicy withIdleTuples(long idle) {
        return new HostPolicy(minSamples, high, low, maxProfiles, fastThrash, maxDepth, idle);
    }

    public HostPolicy withMaxDepth(int depth) {
        return new HostPolicy(minSamples, high, low, maxProfiles, fastThrash, depth, idleTuples);
    }
}
