package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SerialMultiplier;
import org.rapgen.hdl.lib.SplitCounter;

/**
 * The merge schedule as the commit stage sees it, the snapshot freeze, and the parameters a reset makes active (eps and
 * q, loaded from the CSRs in INIT). One serial multiplier serves the two rare wide products: next_merge * q
 * ({@link MergeScheduleUnit}, in the background) and n * eps (a snapshot's error bound); a freeze starts only when the
 * schedule's product is not running. Built in the caller's module.
 *
 * <p>{@code until_merge = next_merge - n} counts down by each committed weight ({@link SplitCounter}: 16-bit pieces); an
 * event reaches the merge point when its weight is at least that. ADVANCE loads the distance to the next point, from
 * {@code to_merge} (two registered 32-bit halves, settled on ADVANCE's fourth clock).
 */
final class ScheduleAndSnapshot {
    final UInt epsActive;
    /** The live status stands still for the CSR file's copy. */
    final Bool frozen = RegInit(B(false)).named("snapshot_frozen");

    private final SerialMultiplier mul;
    private final MergeScheduleUnit schedule;
    private final SplitCounter untilMerge;
    private final Bool snapStart;
    private final Bool mergeAhead;
    private final Bool mergeNear;
    private final Bool statusStill;
    private final UInt m0;
    private final int untilLow;
    private final int weightBits;

    ScheduleAndSnapshot(
            RapConfig c,
            StatusRegs st,
            UInt epsCsr,
            UInt qCsr,
            UInt m0Csr,
            Bool m0CsrZero,
            Bool countersIdle,
            Bool inInit,
            Bool inAdvance) {
        weightBits = c.weightBits();
        epsActive = RegInit(U(c.epsFx(), 16)).named("eps_active");
        UInt qActive = RegInit(U(c.q(), 32)).named("q_active");
        mul = Module(new SerialMultiplier(64, 32, false));
        snapStart = frozen.and(RegNext(frozen, B(false)).not()).named("snapshot_product_start");
        schedule = new MergeScheduleUnit(mul, snapStart);
        mul.io.start.connect(snapStart.or(schedule.followingKick));
        mul.io.a.connect(Mux(schedule.forSchedule, schedule.next, st.n));
        mul.io.b.connect(Mux(schedule.forSchedule, qActive, epsActive.pad(32)));
        // The CSRs' eps and q become active as INIT hands over to RUN. They are loaded on every INIT clock whose
        // multiplier is free, so the last load is the hand-over's, and their 48 enables are two flip-flops rather than
        // INIT's handshake. Nothing reads them in INIT: no event is issued, and the multiplier runs only a former
        // product, which took its operands at its start.
        when(inInit.and(schedule.multiplierFree), () -> {
            epsActive.connect(Mux(epsCsr.eq(0), U(1, 16), epsCsr));
            // q < 2 as "no bit above bit 0": a LUT tree, where a compare is a 32-bit carry chain.
            qActive.connect(Mux(qCsr.bits(31, 1).orR().not(), U(2, 32), qCsr));
        });
        // next_merge - n with its borrow: one subtractor tells ADVANCE both whether the point is ahead and how far. In
        // two registered halves (the low half's borrow feeds the high half a clock later): ADVANCE acts on its fourth
        // clock, when both describe this state's next_merge and n.
        UInt nextMerge = schedule.next;
        UInt toMergeLo = RegNext(
                        nextMerge.bits(31, 0).pad(33).sub(st.n.bits(31, 0).pad(33)))
                .named("to_merge_lo");
        UInt toMergeHi = RegNext(nextMerge
                        .bits(63, 32)
                        .pad(33)
                        .sub(st.n.bits(63, 32).pad(33))
                        .sub(toMergeLo.bit(32).pad(33)))
                .named("to_merge_hi");
        UInt toMerge = Cat(toMergeHi.bits(31, 0), toMergeLo.bits(31, 0)).named("to_merge");
        mergeAhead = RegNext(toMergeHi.bit(32).not().and(toMerge.orR())).named("merge_ahead");
        // until_merge is loaded on every INIT and ADVANCE clock, as eps and q are in INIT, so the last load is the
        // hand-over's (m0, or the distance to the next point) and its 64 enables are a commit or one of two state
        // flip-flops. Only commits read it, and there are none in these states.
        // M0 = 0 reads as 1: only bit 0 depends on the zero test (the other bits are 0 then anyway), and the CSR file
        // keeps that test in flip-flops, taken as M0 is written.
        m0 = Cat(m0Csr.bits(63, 1), m0Csr.bit(0).or(m0CsrZero)).named("m0_effective");
        // Its low part is wider than any weight by two bits, so a pending borrow shows in it (see dueAt); 16 bits at
        // least, the width of a high piece: the commit's subtract is a 16-bit carry chain.
        untilLow = Math.max(SplitCounter.PIECE_BITS, c.weightBits() + 2);
        untilMerge = new SplitCounter("until_merge", 64, untilLow, true);
        // The value loaded is chosen apart and kept as a net, so each bit's update is one LUT after its carry chain.
        UInt untilMergeLoad = Mux(inInit, m0, toMerge).named("until_merge_load").keep();
        when(inInit.or(inAdvance), () -> untilMerge.load(untilMergeLoad));
        when(inAdvance, () -> Assert(st.nSteady, "ADVANCE reads n while a count is still on its way"));
        // The wide zero tests of dueAt are taken a clock early: a commit takes less than 2^wb off next_merge - n, so it
        // can be below 2^wb only on a clock after it was below 2^(wb+1), and merge_near registers that (with the
        // schedule not exhausted). until_merge is loaded only in INIT and ADVANCE, a clock or more before the next
        // commit, so no commit sees a stale flag (asserted by the caller through dueExactly).
        Bool pointInReach = schedule.exhausted.not().and(untilMerge.highIsZero());
        mergeNear = RegNext(
                        pointInReach.and(untilMerge
                                .low()
                                .bits(untilLow - 1, weightBits + 1)
                                .orR()
                                .not()),
                        B(false))
                .named("merge_near");
        statusStill =
                st.pending.not().and(schedule.multiplierFree).and(countersIdle).named("status_still");
        when(frozen, () -> Assert(st.changing().not(), "a status value changed during the snapshot copy"));
    }

    /**
     * An event of weight {@code w} committing now reaches the merge point: next_merge - n <= w < 2^wb. While the high
     * part waits for a borrow, the low part holds at least 2^untilLow - 2^wb: never due then. A (wb+1)-bit compare
     * behind the flip-flop merge_near.
     */
    Bool dueAt(UInt w) {
        return mergeNear.and(w.pad(weightBits + 1).ge(untilMerge.low().bits(weightBits, 0)));
    }

    /** {@link #dueAt} from the counter itself, for the check that merge_near is never stale. */
    Bool dueExactly(UInt w) {
        int wb = weightBits;
        return schedule.exhausted
                .not()
                .and(untilMerge.highIsZero())
                .and(untilMerge.low().bits(untilLow - 1, wb).orR().not())
                .and(w.ge(untilMerge.low().bits(wb - 1, 0)));
    }

    /** An event of weight {@code w} commits on this clock edge. */
    void commit(UInt w) {
        untilMerge.add(w);
    }

    Bool multiplierFree() {
        return schedule.multiplierFree;
    }

    /** INIT hands over: the schedule starts again at M0. */
    void restart() {
        schedule.restart(m0);
    }

    /** ADVANCE, settled: the next point is past n (or the schedule is exhausted). */
    Bool pastN() {
        return schedule.exhausted.or(mergeAhead);
    }

    /** One step along the schedule (ADVANCE_WAIT). */
    Bool step() {
        return schedule.step();
    }

    /** The status stands still: nothing counted is on its way, and the multiplier and the counter bank are free. */
    Bool statusStill() {
        return statusStill;
    }

    /** The status freezes on this clock edge for the snapshot copy. */
    void freeze() {
        frozen.connect(B(true));
    }

    /** The CSR file has copied the snapshot: the freeze ends. Call after the FSM, so a copy wins over a freeze. */
    void releaseWhen(Bool snapCopied) {
        when(snapCopied, () -> frozen.connect(B(false)));
    }

    /** The controller's schedule and snapshot outputs: the eps in use, the freeze, the error bound, snapshot_busy. */
    void drive(ControllerIO io, CsrRequests req) {
        io.epsActive.connect(epsActive);
        io.snapFreeze.connect(frozen);
        io.errorBound.connect(errorBound());
        io.errorBoundReady.connect(errorBoundReady());
        io.snapBusy.connect(req.snapshotPending.or(frozen));
    }

    /** (n * eps_fx) >> 16 of the frozen n. */
    UInt errorBound() {
        return mul.io.product.bits(79, 16);
    }

    Bool errorBoundReady() {
        return mul.io.busy.not().and(snapStart.not());
    }
}
