package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The CSR requests a controller serves between events: soft reset, snapshot and node readout, each latched until
 * served (a new request while one is pending is the same request), and the node the last readout found. {@link #latch}
 * goes after the controller's FSM, so a request on the clock the last one is served is kept. Built in the caller's
 * module.
 */
final class CsrRequests {
    final Bool softPending = RegInit(B(false)).named("soft_pending");
    final Bool snapshotPending = RegInit(B(false)).named("snapshot_pending");
    final Bool readoutPending = RegInit(B(false)).named("readout_pending");
    /** The SLOT register's index as the readout was asked for. */
    final UInt slot = Reg(UInt(16)).named("readout_slot");
    /** Its slot field (the high bits only say "beyond N"), and whether it names a slot at all. */
    final UInt index;

    final Bool inRange;
    private final RapConfig c;
    private final Bool nodeValid = RegInit(B(false)).named("node_valid");
    private final UInt nodePrefix;
    private final UInt nodeLen;
    private final UInt nodeCount;

    CsrRequests(RapConfig c) {
        this.c = c;
        index = slot.bits(c.slotBits() - 1, 0).named("readout_index");
        inRange = c.nodes() >= 1 << 16 ? B(true) : slot.lt(U(c.nodes(), 16));
        nodePrefix = Reg(UInt(c.keyBits())).named("node_prefix");
        nodeLen = RegInit(U(0, c.lenBits())).named("node_len");
        nodeCount = RegInit(U(0, c.counterBits())).named("node_count");
    }

    /**
     * The readout is served: the slot holds a node of depth {@code depth} and prefix {@code prefix} if {@code inUse};
     * a free slot reads length and prefix 0. Its count is the counter SRAM's, whatever the slot holds.
     */
    void readDone(Bool inUse, UInt depth, UInt prefix, UInt count) {
        nodeValid.connect(inUse);
        nodeLen.connect(Mux(inUse, ControllerIO.lengthOf(c, depth), U(0, c.lenBits())));
        nodeCount.connect(count);
        nodePrefix.connect(Mux(inUse, prefix, U(0, c.keyBits())));
        readoutPending.connect(B(false));
    }

    /**
     * The controller's CSR-side outputs: the node the last readout found, readout_busy, and the stream closed while a
     * reset runs.
     *
     * @param resetting in INIT or SOFT_CLEAR
     * @param reading   in READ_ISSUE or READ_WAIT
     */
    void drive(ControllerIO io, Bool resetting, Bool reading) {
        io.node.valid.connect(nodeValid);
        io.node.len.connect(nodeLen);
        io.node.count.connect(nodeCount);
        io.node.prefix.connect(nodePrefix);
        io.readoutBusy.connect(readoutPending.or(reading));
        io.acceptEnable.connect(softPending.not().and(resetting.not()));
        io.resetting.connect(io.acceptEnable.not());
    }

    void softDone() {
        softPending.connect(B(false));
    }

    private void snapTaken() {
        snapshotPending.connect(B(false));
    }

    /**
     * RUN serves the requests between events, once the pipeline has been quiet for a clock ({@code quietHeld}): a
     * snapshot freezes the status when it also stood still ({@code snapSettled}); a readout, or a soft reset once
     * the inputs hold nothing ({@code inputsIdle}), leaves RUN through {@code toRead} or {@code toSoftClear}. A
     * snapshot stops issue, so the pipeline empties for it.
     */
    void serve(
            ScheduleAndSnapshot sched,
            StallAccount stall,
            Bool quietHeld,
            Bool snapSettled,
            Bool inputsIdle,
            Runnable toRead,
            Runnable toSoftClear) {
        when(snapshotPending.and(sched.frozen.not()).and(quietHeld).and(snapSettled), () -> {
            Assert(sched.statusStill(), "a snapshot freeze while a status value moves");
            sched.freeze();
            snapTaken();
            stall.pausedForCsr();
        });
        when(quietHeld.and(sched.frozen.not()), () -> {
            when(readoutPending, toRead).elsewhen(softPending.and(inputsIdle), toSoftClear);
        });
    }

    /** Latches this clock's requests; call after every other connection of the pending flags. */
    void latch(Bool softReset, Bool snapshot, Bool readout, UInt readoutSlot) {
        when(softReset, () -> softPending.connect(B(true)));
        when(snapshot, () -> snapshotPending.connect(B(true)));
        when(readout, () -> {
            readoutPending.connect(B(true));
            slot.connect(readoutSlot);
        });
    }
}
