package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.W;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * A register slice that cuts every path between its two sides, verilog-axis's {@code axis_register} with its skid
 * buffer: {@code deq.valid} and {@code deq.bits} come from flip-flops, and so does {@code enq.ready}. It passes one
 * word per clock with one clock of latency; when the consumer stalls, the word already accepted waits in a second
 * register. Only the two valid flags are reset, so the data registers need no reset net.
 */
public final class SkidBuffer extends Module {
    public static final class IO extends Bundle {
        public final DecoupledIO<UInt> enq;
        public final DecoupledIO<UInt> deq;

        IO(int width) {
            enq = Flipped(Decoupled(UInt(width)));
            deq = Decoupled(UInt(width));
        }
    }

    public final IO io;

    public SkidBuffer(int width) {
        this(width, Mutant.NONE);
    }

    SkidBuffer(int width, Mutant mutant) {
        super(W, width);
        if (width < 1)
            throw new HdlException(SourceLoc.callerOf(SkidBuffer.class), "SkidBuffer width must be >= 1, got " + width);
        io = IO(new IO(width));

        Bool outValid = RegInit(B(false)).named("out_valid");
        UInt outWord = Reg(UInt(width)).named("out_word");
        Bool skidValid = RegInit(B(false)).named("skid_valid");
        UInt skidWord = Reg(UInt(width)).named("skid_word");
        // The output register takes a word whenever it is empty or being read; the skid register only catches the
        // word accepted in a clock where it was not, so ready never waits for the consumer's ready. The data registers
        // load without looking at enq.valid (a word loaded with no valid is never shown), which keeps the producer's
        // valid, often the end of a long path, off their enables.
        Bool outTakes = outValid.not().or(io.deq.ready).named("out_takes");
        when(outTakes, () -> {
                    outWord.connect(Mux(skidValid, skidWord, io.enq.bits));
                    outValid.connect(skidValid.or(io.enq.valid));
                    skidValid.connect(B(false));
                })
                .otherwise(() -> {
                    when(skidValid.not(), () -> skidWord.connect(io.enq.bits));
                    when(io.enq.fire(), () -> skidValid.connect(B(true)));
                });
        io.enq.ready.connect(mutant == Mutant.SKID_READY_ALWAYS ? B(true) : skidValid.not());
        io.deq.valid.connect(outValid);
        io.deq.bits.connect(outWord);
        Bool stalled = io.deq.valid.and(io.deq.ready.not()).named("stalled");
        Bool wasStalled = RegNext(stalled, B(false)).named("was_stalled");
        UInt lastWord = RegNext(outWord).named("last_word");
        when(
                stalled.and(wasStalled),
                () -> Assert(outWord.eq(lastWord), "SkidBuffer: deq.bits changed while the consumer stalled"));
        SkidBufferProperties.check(io, skidValid);
    }
}
