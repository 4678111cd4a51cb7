package org.rapgen.golden.rap;

/**
 * The status CSRs of SPEC §5, as the golden model computes them. All counters are unsigned
 * 64-bit and count from reset.
 *
 * @param n               total weight processed, this event included
 * @param currentNodes    nodes in the tree now, root included
 * @param highWaterNodes  the largest {@code currentNodes} ever reached (it is sampled after each
 *                        split, so it includes the peak just before a merge batch shrinks the tree)
 * @param updates         events processed by the engine, i.e. after the combining queue
 * @param splits          splits performed (one per node that got its children, not per child)
 * @param merges          nodes removed by merge batches, scheduled and early
 * @param mergeBatches    merge batches run, scheduled and early (an extra diagnostic counter)
 * @param deferredSplits  split attempts skipped for lack of slots (every attempt counts)
 * @param saturations     counter additions that clipped at 2^C-1
 * @param overflow        sticky: some split was deferred
 * @param saturated       sticky: some counter saturated
 * @param errorBound      (n * epsFx) &gt;&gt; 16, the eps*n part of the SPEC §4 bound
 */
public record RapStatus(
        long n,
        long currentNodes,
        long highWaterNodes,
        long updates,
        long splits,
        long merges,
        long mergeBatches,
        long deferredSplits,
        long saturations,
        boolean overflow,
        boolean saturated,
        long errorBound) {}
