package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.W;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.Fifo;

/**
 * Carries the processor's events into an engine's AXI4-Stream input without ever losing one.
 *
 * <p>While {@code enable} is high, each {@code in_valid} event is taken. The newest one waits in a register until
 * the next arrives, so that when the gate closes it can leave with {@code tlast}: the engine then ends its stream as a
 * trace file's end does (an A_k sampler drains, a combining queue releases its last run). Events then pass through a
 * FIFO, which absorbs the clocks the engine's input is not ready. The processor cannot be told to wait for a
 * retirement, only for its next memory access, so {@code hold} asks for that while the FIFO has {@value #MARGIN}
 * words or fewer free: the events already on their way (an instruction past its last access, the retirement report's
 * latency) still fit. A simulation check says so on every push.
 */
public final class TraceFeed extends Module {
    /** Free FIFO words below which the processor is held: more than the events that can arrive after the hold. */
    static final int MARGIN = 4;

    public static final class IO extends Bundle {
        public final Bool enable = Input(Bool());
        public final Bool in_valid = Input(Bool());
        public final UInt in_data;
        public final Bool tvalid = Output(Bool());
        public final Bool tready = Input(Bool());
        public final UInt tdata;
        public final Bool tlast = Output(Bool());
        /** Hold the processor's next memory access. */
        public final Bool hold = Output(Bool());
        /** No event waits here: everything taken has been handed on. */
        public final Bool drained = Output(Bool());

        IO(int width) {
            in_data = Input(UInt(width));
            tdata = Output(UInt(width));
        }
    }

    public final IO io;

    public TraceFeed(int width, int depth) {
        super(W, width, D, depth);
        if (depth <= 2 * MARGIN)
            throw new HdlException(SourceLoc.capture(), "TraceFeed depth must exceed " + 2 * MARGIN + ", got " + depth);
        io = IO(new IO(width));
        Fifo fifo = Module(new Fifo(width + 1, depth));
        Bool pendingValid = RegInit(B(false));
        UInt pending = Reg(UInt(width));
        Bool wasEnabled = RegNext(io.enable, B(false)).named("was_enabled");
        Bool closing = wasEnabled.and(io.enable.not()).named("closing");
        Bool take = io.in_valid.and(io.enable).named("take");
        Bool push = pendingValid.and(take.or(closing)).named("push");
        when(take, () -> {
                    pending.connect(io.in_data);
                    pendingValid.connect(B(true));
                })
                .elsewhen(closing, () -> pendingValid.connect(B(false)));
        fifo.io.enq.valid.connect(push);
        fifo.io.enq.bits.connect(Cat(closing, pending));
        when(push, () -> Assert(fifo.io.enq.ready, "trace FIFO overflow: the processor was not held in time"));
        io.tvalid.connect(fifo.io.deq.valid);
        fifo.io.deq.ready.connect(io.tready);
        io.tdata.connect(fifo.io.deq.bits.bits(width - 1, 0));
        io.tlast.connect(fifo.io.deq.bits.bit(width));
        io.hold.connect(fifo.io.count.ge(U(depth - MARGIN)));
        io.drained.connect(pendingValid.not().and(fifo.io.count.eq(U(0))));
    }
}
