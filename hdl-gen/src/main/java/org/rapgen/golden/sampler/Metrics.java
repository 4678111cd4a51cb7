package org.rapgen.golden.sampler;

import java.util.HashMap;
import java.util.Map;

/**
 * The paper's evaluation metrics (&sect;5.3).
 *
 * <h2>Invariance error (&sect;5.3.1)</h2>
 * Selection, on the ideal profile only: a static pc is selected if it executes at least
 * {@code minExec} (1000) times; a tuple v = (pc, w) is <em>sufficiently invariant</em> if
 * {@code n_i(v) >= invariance * n_i(pc)} (10%); a selected pc is kept only if its sufficiently
 * invariant tuples account for at least {@code coverage} (40%) of its executions. The selected
 * tuples are the sufficiently invariant tuples of the kept pcs. For each, with
 * {@code I_i(v) = n_i(v)/n_i(pc)} and {@code I_p(v) = n_p(v)/n_p(pc)} ({@code I_p = 0} when the
 * profiler never reported pc), {@code e(v) = |I_i(v) - I_p(v)|}; the error is the
 * frequency-weighted mean {@code e = sum f(v)/f * e(v)} with {@code f(v) = n_i(v)} and
 * {@code f = sum f(v)}. Returned as a fraction (multiply by 100 for %); 0 if nothing is selected.
 *
 * <h2>Overhead (&sect;5.3.2)</h2>
 * {@code overhead cycles = 30 * messages}; as a percentage of a run of {@code totalCycles}
 * cycles: {@code 100 * 30 * messages / totalCycles}.
 */
public final class Metrics {
    public static final int CYCLES_PER_MESSAGE = 30;

    private Metrics() {}

    public static double invarianceError(Profile ideal, Profile profiled) {
        return invarianceError(ideal, profiled, 1000, 0.10, 0.40);
    }

    public static double invarianceError(
            Profile ideal, Profile profiled, long minExec, double invariance, double coverage) {
        // per pc: executions accounted for by sufficiently invariant tuples
        Map<Long, long[]> invariantExec = new HashMap<>();
        for (Map.Entry<Profile.Tuple, long[]> e : ideal.tuples().entrySet()) {
            long pc = e.getKey().pc();
            long npc = ideal.pcCount(pc);
            long nv = e.getValue()[0];
            if (npc >= minExec && nv >= invariance * npc) invariantExec.computeIfAbsent(pc, k -> new long[1])[0] += nv;
        }
        double f = 0;
        double sum = 0;
        for (Map.Entry<Profile.Tuple, long[]> e : ideal.tuples().entrySet()) {
            long pc = e.getKey().pc();
            long npc = ideal.pcCount(pc);
            long nv = e.getValue()[0];
            if (npc < minExec || nv < invariance * npc) continue;
            if (invariantExec.get(pc)[0] < coverage * npc) continue;
            double ii = (double) nv / npc;
            long ppc = profiled.pcCount(pc);
            double ip = ppc == 0 ? 0 : (double) profiled.count(pc, e.getKey().w()) / ppc;
            sum += nv * Math.abs(ii - ip);
            f += nv;
        }
        return f == 0 ? 0 : sum / f;
    }

    public static long overheadCycles(long messages) {
        return CYCLES_PER_MESSAGE * messages;
    }

    public static double overheadPercent(long messages, long totalCycles) {
        if (totalCycles <= 0) throw new IllegalArgumentException("total cycles must be > 0");
        return 100.0 * overheadCycles(messages) / totalCycles;
    }
}
