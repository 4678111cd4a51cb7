package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.engines.sampler.GateStage;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The gates between s_axis and the event queue (built in the engine top, only when {@link RapConfig#gates()} has
 * any): the samplers' {@link GateStage}, judging each beat with its key as the pc, bit-exact with the golden
 * {@code GatedStream}. A passed beat goes on into the queue with its weight and tlast. A beat held back, or of weight
 * 0, goes no further; if it has tlast it flushes the queue as it leaves the stage, so the end of a frame is not lost
 * and stays behind every beat taken before it.
 *
 * <p>The stage is one register between the stream and the queue, so whatever must follow every beat taken so far waits
 * for it to be empty ({@link #ahead}): the soft reset's marker, STATUS.idle, and CTRL.flush, which holds the stream
 * closed until it has reached the queue.
 */
final class StreamGates {
    private final GateStage stage;
    /** A CTRL.flush waits for the beats taken before it to reach the queue; the stream is closed meanwhile. */
    final Bool flushWaiting = RegInit(B(false)).named("flush_waiting");
    /** The gate stage holds a beat, or a phase gate is classifying an interval. */
    final Bool ahead;

    StreamGates(RapConfig c) {
        RapGates g = c.gates();
        stage = Module(new GateStage(c.keyBits(), g.specs(), g.hashSeed() & 0xffffffffL, g.lfsrSeed()));
        ahead = stage.io.holding;
    }

    /** Ready to take a beat from s_axis (besides the engine's own conditions, {@code open}). */
    Bool ready() {
        return stage.io.in.ready;
    }

    /**
     * Connects the stream (taken when {@code open}), the queue and the soft reset through the stage; returns the
     * queue's flush.
     */
    Bool connect(
            RapEngine.Stream in,
            Bool open,
            UInt key,
            UInt weight,
            EventQueue.IO queue,
            SoftResetSequencer soft,
            Bool csrFlush,
            RapConfig c) {
        stage.io.in.valid.connect(in.tvalid.and(open));
        stage.io.in.bits.pc.connect(key);
        stage.io.in.bits.w.connect(weight.pad(c.keyBits()));
        stage.io.in.bits.payload.connect(in.tlast.asUInt());

        GateStage.Gated t = stage.io.out.bits;
        UInt w = c.weightField() ? t.w.bits(c.weightBits() - 1, 0) : U(1, c.weightBits());
        // held back, or of weight 0: only its tlast goes on
        Bool drop = (c.weightField() ? t.skip.or(w.eq(0)) : t.skip).named("gate_drop");
        queue.in.valid.connect(stage.io.out.valid.and(drop.not()));
        queue.in.bits.key.connect(t.pc);
        queue.in.bits.weight.connect(w);
        queue.in.bits.last.connect(t.last);
        stage.io.out.ready.connect(queue.in.ready);
        Bool out = stage.io.out.fire().named("gate_out");
        soft.drive(queue.in, out.and(drop.not()), t.pc, ahead);

        Bool flushNow = flushWaiting.and(ahead.not()).named("flush_now");
        when(flushNow, () -> flushWaiting.connect(B(false))).elsewhen(csrFlush, () -> flushWaiting.connect(B(true)));
        return flushNow.or(out.and(drop).and(t.last));
    }
}
