package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * The commit stage of both controllers: every event's result leaves the counter SRAM in order, and the head event of
 * the replay window commits with it. Its updated count is checked against T(n) (a split) and n against the merge
 * schedule (a batch); an event that asks for either stops the pipeline on the next clock ({@code commit_stop}), unless
 * the split certainly finds too few slots after an early batch that certainly removes nothing: that deferral changes
 * no structure, so it is only counted and the younger events carry on. Built in the caller's module.
 *
 * <p>The verdict starts from flip-flops: the hit node's depth and "a split here would be short" ride beside its
 * command through the SRAM ({@code hit_*}, looked up as the command is issued; nothing structural changes while events
 * flow), and the stop is factored so that the split compare's carry chains meet only its last LUT.
 */
final class CommitVerdict {
    /** The longest carry chain of the split test ({@code count > T}). */
    static final int CHAIN_BITS = 16;

    /** An event's result leaves the counter SRAM on this clock (not a SET or READ of a structural change). */
    final Bool eventResult;
    /** The head event commits on this clock. */
    final Bool fire;
    /** Its count passes T and its node is not at full length. */
    final Bool splitNow;
    /** It reaches the merge point. */
    final Bool dueNow;
    /** The depth of its node. */
    final UInt hitDepth;
    /** What the last commit asked for, held until the structural change is over (the controller clears both). */
    final Bool splitReq = RegInit(B(false)).named("split_req");

    final Bool mergeDue = RegInit(B(false)).named("merge_due");

    /**
     * @param eventBeside an event's ADD enters the command register on this clock (RUN's own command condition)
     * @param depthBeside that event's node depth
     * @param hitShort    a split at the result's node would find too few free slots, aligned with the result
     * @param skipNow     a batch with the head's T would remove nothing, aligned with the head
     */
    CommitVerdict(
            RapConfig c,
            StatusRegs st,
            ScheduleAndSnapshot sched,
            Bool inRun,
            Bool commitStop,
            Bool eventBeside,
            UInt depthBeside,
            Bool hitShort,
            Bool skipNow,
            ControllerIO.CounterResult res,
            ReplayWindow.Head head) {
        int cb = c.counterBits();
        int wb = c.weightBits();
        // One clock in the command register, then the SRAM's latency.
        int resultLatency = CounterPort.COMMAND_LATENCY + CounterSram.latency(c.counterReadRegister());
        hitDepth = ShiftRegister(depthBeside, resultLatency, null, "hit_depth");
        // Whether the result is an event's ADD: after RESUME a structural change's last SETs may still come back in
        // RUN, and the commit takes this flag instead of decoding the result's op.
        eventResult = ShiftRegister(eventBeside, resultLatency, B(false), "hit_event");
        fire = inRun.and(eventResult).and(commitStop.not()).named("commit_fire");
        // count > T: a count of C bits exceeds only a T below 2^C (thresholdFits, from the window), and then its low C
        // bits decide, in chains of 16 bits. With the node's "not at full length" flag riding beside its result, the
        // chunks combine in the LUT that makes split_now.
        Bool overT = SplitCompare.greaterThanComplement(res.updated, head.compareNotThreshold, CHAIN_BITS)
                .named("over_t")
                .keep();
        Assert(
                overT.and(head.thresholdFits).eq(SplitCompare.greaterThanComplement(res.updated, head.notThreshold)),
                "the commit's split compare disagrees with count > T");
        Bool hitSplittable =
                ShiftRegister(depthBeside.lt(U(c.levels(), c.depthBits())), resultLatency, null, "hit_splittable");
        splitNow = hitSplittable.and(head.thresholdFits).and(overT).named("split_now");
        dueNow = sched.dueAt(head.weight).named("merge_now");
        when(
                fire,
                () -> Assert(dueNow.eq(sched.dueExactly(head.weight)), "merge_near was stale: merge_now %d", dueNow));
        Bool weightClipped = wb > cb ? head.weight.gt(Fill(cb, B(true)).pad(wb)) : B(false);
        Bool deferNow = splitNow.and(dueNow.not()).and(hitShort).and(skipNow).named("defer_now");
        // The verdict goes to a flip-flop, so no next-state logic waits for the threshold compare. It is
        // fire and (split_now or merge_now) and not defer_now, factored so that everything but the compare comes from
        // flip-flops; over_t and stop_if_over_t are kept as nets (Yosys's abc otherwise folded the factoring back into
        // four LUT levels after the chains).
        Bool stopIfOverT = fire.and(hitSplittable)
                .and(head.thresholdFits)
                .and(hitShort.and(skipNow).and(dueNow.not()).not())
                .named("stop_if_over_t")
                .keep();
        Bool stopNow = stopIfOverT.and(overT).or(fire.and(dueNow)).named("stop_now");
        Assert(stopNow.eq(fire.and(splitNow.or(dueNow)).and(deferNow.not())), "stop_now is not the commit's verdict");
        commitStop.connect(stopNow);
        // With split_req and merge_due, what a deferral needs to know of its commit (see deferred_at_commit).
        Bool splitShort = Reg(Bool()).named("split_short");
        Bool skipBatchEmpty = Reg(Bool()).named("skip_batch_empty");
        when(fire, () -> {
            st.commit.connect(B(true));
            st.weight.connect(head.weight);
            sched.commit(head.weight);
            when(res.saturated.or(weightClipped), () -> st.saturation.connect(B(true)));
            // Loaded by every commit, so their enables do not wait for the verdict: the last commit before a stop is
            // the one that asked for the structural change.
            splitReq.connect(splitNow);
            mergeDue.connect(dueNow);
            splitShort.connect(hitShort);
            skipBatchEmpty.connect(skipNow);
        });
        // A deferral is counted a clock later, from what the commit registered: the verdict then ends in commit_stop
        // and those flip-flops, not also in the status events, which every state raises. No other status event comes
        // then: a deferral stops nothing, so that clock is RUN's.
        Bool deferredAtCommit = st.committedLast
                .and(splitReq)
                .and(mergeDue.not())
                .and(splitShort)
                .and(skipBatchEmpty)
                .named("deferred_at_commit");
        when(deferredAtCommit, () -> {
            st.deferred.connect(B(true));
            st.batch.connect(B(true));
        });
        Assert(
                deferredAtCommit.eq(RegNext(fire.and(deferNow), B(false))),
                "deferred_at_commit disagrees with defer_now");
    }

    /** The structural change the last commit asked for is over. */
    void clear() {
        splitReq.connect(B(false));
        mergeDue.connect(B(false));
    }
}
