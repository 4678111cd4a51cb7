package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;

/**
 * With stage R (and U), whether each stage and all those after it up to B hold commands, as flip-flops of their own:
 * a command then moves on, or is accepted, by one LUT of out.ready and two flip-flops, which keeps the registers'
 * enables (promoted to global buffers by nextpnr) one LUT level from out.ready.
 */
final class RmwOccupancy {
    final Bool stalled;
    /** {@code full[k]}: stage k (0 = A) and every stage after it, B included, hold a command. */
    private final Bool[] full;

    /** @param stages the letters of the stages before B, in order ("ar" or "aru"); they name the flip-flops */
    RmwOccupancy(Bool outReady, String stages) {
        stalled = outReady.not();
        full = new Bool[stages.length()];
        for (int k = full.length - 1; k >= 0; k--) full[k] = RegInit(B(false)).named(stages.substring(k) + "b_full");
    }

    /** Stage k cannot take a command: it and every stage after it are full, and B's command stays. */
    Bool blocked(int k) {
        return full[k].and(stalled);
    }

    /** {@code valid} and {@code next}: each stage's valid flag now and in the next clock, A first, B last. */
    void track(Bool[] valid, Bool[] next) {
        int n = full.length;
        for (int k = n - 1; k >= 0; k--) {
            Bool all = next[k];
            for (int j = k + 1; j <= n; j++) all = all.and(next[j]);
            full[k].connect(all);
        }
        Bool inStep = full[n - 1].eq(valid[n - 1].and(valid[n]));
        for (int k = n - 2; k >= 0; k--) inStep = inStep.and(full[k].eq(valid[k].and(full[k + 1])));
        Assert(inStep, "RmwMemory occupancy flip-flops out of step");
    }
}
