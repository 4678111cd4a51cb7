package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SerialMultiplier;

/**
 * The scheduled merge points M0 * q^j (SPEC §4): {@link #next} and whether the schedule has run past 2^64
 * ({@link #exhausted}). The following point, next * q, is multiplied in the background as soon as {@link #next} is
 * set, so a scheduled batch's ADVANCE usually finds it waiting in the product register instead of stalling for it
 * (32 clocks and 4 per set bit of q: 36 for q = 2). The serial multiplier is shared with the snapshot's error bound: a snapshot may take it only when
 * {@link #multiplierFree}, and its product overwrites ours, which ADVANCE then starts again. Built in the caller's
 * module.
 */
final class MergeScheduleUnit {
    final UInt next = RegInit(U(0, 64)).named("next_merge");
    final Bool exhausted = RegInit(B(false)).named("schedule_exhausted");
    /**
     * The multiplier's operands are next and q (else the snapshot's n and eps): a register of its own, equal to
     * productStart or running, since it selects 96 operand bits in front of the multiplier's carry chain.
     */
    final Bool forSchedule = RegInit(B(false)).named("multiplier_for_schedule");
    /** The product register holds next * q. */
    final Bool followingReady = RegInit(B(false)).named("following_ready");
    /** No schedule product is running or about to start: a snapshot may use the multiplier. */
    final Bool multiplierFree;
    /** The schedule's product starts on this clock edge. */
    final Bool followingKick = RegInit(B(false)).named("following_kick");

    private final Bool running = RegInit(B(false)).named("following_running");
    private final Bool overflows = Reg(Bool()).named("following_overflows");
    private final SerialMultiplier mul;

    /** @param snapshotStart the snapshot's product starts on this clock edge */
    MergeScheduleUnit(SerialMultiplier mul, Bool snapshotStart) {
        this.mul = mul;
        multiplierFree = forSchedule.not().named("multiplier_free");
        followingKick.connect(B(false));
        when(followingKick, () -> running.connect(B(true)));
        // The overflow test is registered as the product lands: a 32-input OR stays out of ADVANCE's decisions.
        when(running.and(mul.io.busy.not()), () -> {
            running.connect(B(false));
            forSchedule.connect(B(false));
            followingReady.connect(B(true));
            overflows.connect(mul.io.product.bits(95, 64).orR());
        });
        when(snapshotStart, () -> followingReady.connect(B(false)));
    }

    /** On this clock edge the schedule restarts at {@code m0}; call only when {@link #multiplierFree} and not busy. */
    void restart(UInt m0) {
        next.connect(m0);
        exhausted.connect(B(false));
        followingReady.connect(B(false));
        start();
    }

    /**
     * One step along the schedule, next becoming next * q or, past 2^64, the schedule exhausted; or, when a snapshot
     * has taken the product register since, the product started again. True on the clock the step is taken.
     */
    Bool step() {
        when(followingReady, () -> {
                    when(overflows, () -> exhausted.connect(B(true))).otherwise(() -> {
                        next.connect(mul.io.product.bits(63, 0));
                        start();
                    });
                    followingReady.connect(B(false));
                })
                .elsewhen(forSchedule.not(), this::start);
        return followingReady;
    }

    /** The product starts on the next clock edge, and the operands switch to next and q from it. */
    private void start() {
        followingKick.connect(B(true));
        forSchedule.connect(B(true));
    }
}
