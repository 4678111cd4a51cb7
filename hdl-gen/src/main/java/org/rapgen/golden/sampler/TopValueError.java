package org.rapgen.golden.sampler;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongToDoubleFunction;

/**
 * Zilles and Sohi's accuracy measure (HPCA 2001, §5.1, "quantitative results"): the root mean square error of the
 * per-pc invariance estimates, weighted by the pcs' executions. A pc's invariance is the share of its executions that
 * load its most frequent value; the exact one comes from an exact count of the tuples. A pc the profiler never
 * reported is estimated at 0, so missing a busy pc costs its whole invariance.
 * <pre>
 * error = sqrt( sum over pcs of n(pc) * (I_exact(pc) - I_estimated(pc))^2 / sum over pcs of n(pc) )
 * </pre>
 */
public final class TopValueError {
    private TopValueError() {}

    /** Per pc of the profile: its top value's share of the pc's count. */
    public static Map<Long, Double> topShares(Profile p) {
        Map<Long, long[]> top = new HashMap<>();
        for (Map.Entry<Profile.Tuple, long[]> e : p.tuples().entrySet()) {
            long[] best = top.computeIfAbsent(e.getKey().pc(), k -> new long[1]);
            best[0] = Math.max(best[0], e.getValue()[0]);
        }
        Map<Long, Double> shares = new HashMap<>();
        top.forEach((pc, best) -> shares.put(pc, p.pcCount(pc) == 0 ? 0 : (double) best[0] / p.pcCount(pc)));
        return shares;
    }

    /** The weighted RMS error of {@code estimate} (per pc, 0 for a pc it knows nothing of) against the exact profile. */
    public static double weightedRms(Profile exact, LongToDoubleFunction estimate) {
        double sum = 0;
        double weight = 0;
        for (Map.Entry<Long, Double> e : topShares(exact).entrySet()) {
            long n = exact.pcCount(e.getKey());
            double d = e.getValue() - estimate.applyAsDouble(e.getKey());
            sum += n * d * d;
            weight += n;
        }
        return weight == 0 ? 0 : Math.sqrt(sum / weight);
    }

    /** The error of a sampled profile: each pc's estimate is its top value's share of what the profile counted. */
    public static double weightedRms(Profile exact, Profile sampled) {
        Map<Long, Double> shares = topShares(sampled);
        return weightedRms(exact, pc -> shares.getOrDefault(pc, 0.0));
    }
}
