package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;

/**
 * Both controllers' issue gate: issue is gated by RUN and commit_stop as they are, and by everything else (a TCAM
 * write waiting, ENABLE, a CSR request or a freeze pending) through this one flip-flop, a clock late. The gate then
 * meets the lookup's read enables through one LUT, not three (its seven terms led two iCE40 placements into the TCAM's
 * chunk RAMs). A clock late is safe both ways:
 * <ul>
 *   <li>on: issue resumes a clock after a block-RAM TCAM takes a write (its sweep refuses searches then anyway), a
 *       readout, a snapshot copy or ENABLE; not on INIT's hand-over clock, which may load the root's write;</li>
 *   <li>off: a TCAM write is loaded only in INIT and SPLIT_ALLOC, at least a clock before RUN (RESUME comes between),
 *       and the flip-flop TCAM takes it on the next clock, before any RUN clock, so its writes do not close the gate at
 *       all; a readout or snapshot request closes it as it is latched (the gate takes the request pulse itself), so no
 *       event is issued on the clock RUN hands over to READ_ISSUE or freezes on quiet_held; ENABLE = 0 may let one more
 *       event in.</li>
 * </ul>
 * Built in the caller's module.
 */
final class IssueGate {
    private IssueGate() {}

    /**
     * The gate, {@code issue_gate}.
     *
     * @param init       the controller is in INIT
     * @param writeWaits a TCAM write waits (null for a lookup without one)
     * @param readout    the readout request's pulse, before {@link CsrRequests} latches it
     * @param snapshot   the snapshot request's pulse, likewise
     */
    static Bool build(
            Bool init,
            Bool writeWaits,
            Bool enable,
            CsrRequests req,
            Bool readout,
            Bool snapshot,
            ScheduleAndSnapshot sched) {
        Bool open = init.not();
        if (writeWaits != null) open = open.and(writeWaits.not());
        open = open.and(enable)
                .and(req.readoutPending.or(readout).not())
                .and(req.snapshotPending.or(snapshot).not())
                .and(sched.frozen.not());
        return RegNext(open, B(false)).named("issue_gate");
    }
}
