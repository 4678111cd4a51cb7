package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;

/**
 * When both controllers may serve a CSR request that RUN serves (a snapshot, a readout, a soft reset): the pipeline
 * holds nothing and no commit stops it. Built in the caller's module.
 */
final class QuietPipe {
    /** Nothing in flight and no stop on this clock: an empty pipeline has no result to commit. */
    final Bool quiet;
    /**
     * Quiet on the last clock in RUN, which issued nothing (and no background work was going on), so quiet on this one
     * too: nothing entered the pipeline, and a quiet pipeline has no result to stop a commit. A flip-flop, so the
     * requests' decisions do not wait for the occupancy compares; a request that finds the pipeline just drained is
     * served a clock later.
     */
    final Bool held;
    /**
     * The status stood still on the last clock with nothing in flight in RUN: then nothing can move it on this clock
     * either (no commit, no carry between counter halves, no product, no count left for the counter bank to fold in),
     * so a snapshot may freeze. Registered: the counters' carry flags and the multiplier then end at a flip-flop, not
     * at the freeze and stall logic.
     */
    final Bool snapshotSettled;

    /** @param background work that the requests must wait for (null for none) */
    QuietPipe(Bool inRun, Bool commitStop, Bool pipeEmpty, Bool issued, Bool background, ScheduleAndSnapshot sched) {
        quiet = commitStop.not().and(pipeEmpty).named("pipe_quiet");
        Bool stillRun = inRun.and(quiet).and(issued.not());
        if (background != null) stillRun = stillRun.and(background.not());
        held = RegNext(stillRun, B(false)).named("quiet_held");
        snapshotSettled =
                RegNext(inRun.and(quiet).and(sched.statusStill()), B(false)).named("snapshot_settled");
        when(inRun.and(held), () -> Assert(quiet, "quiet_held while the pipeline is not quiet"));
    }
}
