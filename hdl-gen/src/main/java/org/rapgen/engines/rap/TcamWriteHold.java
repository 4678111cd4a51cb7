package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * Stands in for a TCAM whose writes take several clocks (the block-RAM TCAM's do): after reset and after each
 * accepted write, {@code ready} stays low for {@code hold} clocks. Only the co-simulation variant of the engine has one
 * ({@link RapEngine#RapEngine(RapConfig, int)}), so the controller's wait for the TCAM is checked against the golden
 * model with the register TCAM.
 */
public final class TcamWriteHold extends Module {
    public static final class IO extends Bundle {
        /** A write was accepted (valid and ready) this clock. */
        public final Bool accepted = Input(Bool());
        public final Bool ready = Output(Bool());
    }

    public final IO io;

    public TcamWriteHold(int hold) {
        super("h", hold);
        if (hold < 1) throw new HdlException(SourceLoc.capture(), "TcamWriteHold hold must be >= 1 clock, got " + hold);
        io = IO(new IO());
        int bits = log2Up(hold + 1);
        UInt left = RegInit(U(hold, bits)).named("hold_left");
        when(io.accepted, () -> left.connect(U(hold, bits))).elsewhen(left.ne(0), () -> left.connect(left.sub(1)));
        io.ready.connect(left.eq(0));
    }
}
