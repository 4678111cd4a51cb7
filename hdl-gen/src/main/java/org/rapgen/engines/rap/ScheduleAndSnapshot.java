package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The merge schedule as the commit stage sees it, the snapshot freeze, and the parameters a reset makes active (eps and
 * q, loaded from the CSRs in INIT). One serial multiplier serves the two rare wide products: next_merge * q
 * ({@link MergeSchedule}, in the background) and n * eps (a snapshot's error bound); a freeze starts only when the
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
    private final MergeSchedule schedule;
    private final SplitCounter untilMerge;
    private final Bool snapStart;
    private final Bool mergeAhead;
    private final UInt m0;
    private final int untilLow;
    private final int weightBits;
    private final Bool countersIdle;

    ScheduleAndSnapshot(RapConfig c, StatusRegs st, UInt epsCsr, UInt qCsr, UInt m0Csr, Bool m0CsrZero, Bool snapCopied,
                        Bool countersIdle, Bool inInit, Bool inAdvance) {
        this.countersIdle = countersIdle;
        weightBits = c.weightBits();
        epsActive = RegInit(U(c.epsFx(), 16)).named("eps_active");
        UInt qActive = RegInit(U(c.q(), 32)).named("q_active");
        mul = Module(new SerialMultiplier(64, 32, false));
        snapStart = frozen.and(RegNext(frozen, B(false)).not()).named("snapshot_product_start");
        schedule = new MergeSchedule(mul, snapStart);
        mul.io.start.connect(snapStart.or(schedule.productStart));
        mul.io.a.connect(Mux(schedule.forSchedule, schedule.next, st.n));
        mul.io.b.connect(Mux(schedule.forSchedule, qActive, epsActive.pad(32)));
        when(inInit.and(schedule.multiplierFree), () -> {
            epsActive.connect(Mux(epsCsr.eq(0), U(1, 16), epsCsr));
            qActive.connect(Mux(qCsr.bits(31, 1).orR().not(), U(2, 32), qCsr));
        });
        UInt nextMerge = schedule.next;
        UInt toMergeLo = RegNext(nextMerge.bits(31, 0).pad(33).sub(st.n.bits(31, 0).pad(33))).named("to_merge_lo");
        UInt toMergeHi = RegNext(nextMerge.bits(63, 32).pad(33).sub(st.n.bits(63, 32).pad(33)).sub(toMergeLo.bit(32).pad(33)))
                .named("to_merge_hi");
        UInt toMerge = Cat(toMergeHi.bits(31, 0), toMergeLo.bits(31, 0)).named("to_merge");
        mergeAhead = RegNext(toMergeHi.bit(32).not().and(toMerge.orR())).named("merge_ahead");
        // M0 = 0 reads as 1.
        m0 = Cat(m0Csr.bits(63, 1), m0Csr.bit(0).or(m0CsrZero)).named("m0_effective");
        untilLow = Math.max(SplitCounter.PIECE_BITS, c.weightBits() + 2);
        untilMerge = new SplitCounter("until_merge", 64, untilLow, true);
        when(inInit.or(inAdvance), () -> untilMerge.load(Mux(inInit, m0, toMerge)));
        when(snapCopied, () -> frozen.connect(B(false)));
        when(frozen, () -> Assert(st.changing().not(), "a status value changed during the snapshot copy"));
    }

    /** An event of weight {@code w} committing now reaches the merge point. */
    Bool dueAt(UInt w) {
        int wb = weightBits;
        return schedule.exhausted.not().and(untilMerge.highIsZero()).and(untilMerge.low().bits(untilLow - 1, wb).orR().not())
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
    Bool statusStill(StatusRegs st) {
        return st.pending.not().and(schedule.multiplierFree).and(countersIdle);
    }

    /** The status freezes on this clock edge for the snapshot copy. */
    void freeze() {
        frozen.connect(B(true));
    }

    /** (n * eps_fx) >> 16 of the frozen n. */
    UInt errorBound() {
        return mul.io.product.bits(79, 16);
    }

    Bool errorBoundReady() {
        return mul.io.busy.not().and(snapStart.not());
    }
}
