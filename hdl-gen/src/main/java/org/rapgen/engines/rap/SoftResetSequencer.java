package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.UInt;

/**
 * Soft reset, input side (built in the engine top). A soft reset must first finish every beat accepted before it,
 * but the event queue does not say when it is empty. So the sequencer closes the stream and sends a marker through
 * the queue behind the last beat: an event of weight 0 (real zero-weight beats never enter the queue) with tlast, and
 * a key different from the last accepted key, so it releases any pending combined event instead of joining it. When
 * the marker comes out of the queue, everything accepted before the soft reset has left the queue; the controller
 * then drains the pipeline and clears the tree. Phases: IDLE, INJECT (marker into the queue), WAIT (marker not out
 * yet), DRAINED (until the controller has reinitialised).
 */
final class SoftResetSequencer {
    private static final int IDLE = 0;
    private static final int INJECT = 1;
    private static final int WAIT = 2;
    private static final int DRAINED = 3;

    /** No soft reset in progress: the stream may be open. */
    final Bool idle;
    /** The cycle a soft reset is requested (pulse to the controller). */
    final Bool started;
    /** The marker has left the queue. */
    final Bool drained;

    private final UInt phase = RegInit(U(IDLE, 2)).named("soft_phase");
    private final UInt lastKey;
    private final int weightBits;

    SoftResetSequencer(int keyBits, int weightBits, Bool request) {
        this.weightBits = weightBits;
        lastKey = RegInit(U(0, keyBits)).named("last_key");
        idle = phase.eq(IDLE).named("soft_idle");
        started = request.and(idle).named("soft_start");
        drained = phase.eq(DRAINED).named("soft_drained");
        when(started, () -> phase.connect(U(INJECT, 2)));
    }

    /** Overrides the queue input while injecting; {@code beat} is a stream beat entering the queue with {@code key}. */
    void drive(DecoupledIO<EventQueue.Event> in, Bool beat, UInt key) {
        drive(in, beat, key, null);
    }

    /** As above, with beats taken before the soft reset still on their way to the queue while {@code ahead}. */
    void drive(DecoupledIO<EventQueue.Event> in, Bool beat, UInt key, Bool ahead) {
        when(beat, () -> lastKey.connect(key));
        // the marker goes in behind them (null: the stream feeds the queue directly)
        Bool inject = ahead == null ? phase.eq(INJECT) : phase.eq(INJECT).and(ahead.not());
        when(inject, () -> {
            in.valid.connect(B(true));
            in.bits.key.connect(lastKey.not());
            in.bits.weight.connect(U(0, weightBits));
            in.bits.last.connect(B(true));
            when(in.fire(), () -> phase.connect(U(WAIT, 2)));
        });
    }

    /** {@code marker}: the marker leaves the queue output this cycle. */
    void markerOut(Bool marker) {
        when(phase.eq(WAIT).and(marker), () -> phase.connect(U(DRAINED, 2)));
    }

    /** {@code open}: the controller accepts events again, so the soft reset is over. */
    void finished(Bool open) {
        when(drained.and(open), () -> phase.connect(U(IDLE, 2)));
    }
}
