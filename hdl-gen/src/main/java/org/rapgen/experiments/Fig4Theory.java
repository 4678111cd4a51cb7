package org.rapgen.experiments;

/**
 * A normal approximation of the Fig. 4 experiment, worked out by hand independently of the simulation, so that the
 * Monte Carlo numbers can be checked against something that is not the golden models themselves.
 *
 * <p>A sampler sees a (sub)stream of M tuples of which a fraction f are p; without hashing M = N and f = 0.3; with
 * H[X]_n, p's stratum holds on average M = t + 0.7N/n tuples and f = t/M. To first order EST is unbiased and
 * <pre>
 *   R, H[R]:  Var = N r f0 (1 - f0/r)          f0 = 0.3: each tuple is kept with p = 1/r, independently
 *   P:        Var = M r f (1 - f) (1 - 1/r)     a systematic sample of a random permutation is a simple random
 *                                               sample of M/r tuples without replacement (hypergeometric)
 *   CR:       Var = M (2r - 1) f (1 - f)        about M/r messages, each carrying a geometric gap G with
 *                                               E[G^2] = r(2r - 1), attributed to p with probability f
 *   CR ratio: Var = M r f (1 - f) (1 - 1/r)     M exact, times the share of p among the about M/r messages,
 *                                               whose events are a simple random sample: the same as P
 * </pre>
 * and the mean of |EST - t| / t is sqrt(2/pi) sd / t. It ignores P's truncation (EST is a multiple of r) and the
 * spread of M, so it slightly flatters the stratified samplers.
 */
final class Fig4Theory {
    private Fig4Theory() {}

    /** Predicted mean ERR in percent for a sampler spec as built by {@link SastryFig4}. */
    static double meanError(String spec, int strata, int rate, int events) {
        double t = SastryFig4.HOT_FRACTION * events;
        boolean hashed = spec.startsWith("H[");
        double m = hashed ? t + (events - t) / strata : events;
        double f = t / m;
        double var;
        String base = hashed ? spec.substring(2) : spec;
        if (base.startsWith("CR") && !spec.endsWith(" ratio")) {
            var = m * (2.0 * rate - 1) * f * (1 - f);
        } else if (base.startsWith("P") || base.startsWith("CR")) {
            var = m * rate * f * (1 - f) * (1 - 1.0 / rate);
        } else {
            double f0 = SastryFig4.HOT_FRACTION;
            var = events * rate * f0 * (1 - f0 / rate);
        }
        return 100 * Math.sqrt(2 / Math.PI) * Math.sqrt(var) / t;
    }

    /** The N at which {@link #meanError} falls to {@code target} percent (the error scales as 1/sqrt(N)). */
    static double crossing(String spec, int strata, int rate, double target) {
        double at1000 = meanError(spec, strata, rate, 1000);
        return 1000 * (at1000 / target) * (at1000 / target);
    }
}
