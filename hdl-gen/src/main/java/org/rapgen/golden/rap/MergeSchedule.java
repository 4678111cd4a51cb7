package org.rapgen.golden.rap;

/**
 * The scheduled merge points M0, M0*q, M0*q^2, ... (SPEC §4).
 *
 * <p>A batch is due when n has reached the next point ({@code n >= next}, unsigned). After a
 * batch the schedule advances by repeated multiplication by q until {@code next > n}: if one
 * heavy event jumps over several points, exactly one batch runs and the skipped points are
 * dropped (they would only repeat the same batch at the same n). When {@code next * q} no longer
 * fits in 64 bits the schedule is exhausted and no further scheduled batch runs (n cannot
 * exceed 2^64-1 anyway).
 */
final class MergeSchedule {
    private final long q;
    private long next;
    private boolean exhausted;

    MergeSchedule(long m0, long q) {
        this.next = m0;
        this.q = q;
    }

    /** Whether n (unsigned) has reached the next merge point. */
    boolean due(long n) {
        return !exhausted && Long.compareUnsigned(n, next) >= 0;
    }

    /** Moves the next point strictly past n. */
    void advancePast(long n) {
        while (!exhausted && Long.compareUnsigned(next, n) <= 0) {
            if (FixedPoint.multiplyOverflows(next, q)) {
                exhausted = true;
            } else {
                next *= q;
            }
        }
    }

    /** The next merge point (unsigned), meaningful only while not exhausted. */
    long next() {
        return next;
    }

    boolean exhausted() {
        return exhausted;
    }
}
