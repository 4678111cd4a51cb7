package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/** The ports of {@link RapController}: {@link ControllerIO}'s, with the TCAM and the longest-prefix selector. */
public final class TcamControllerIO extends ControllerIO {
    /** The longest-prefix selector's answer for each event. */
    public final DecoupledIO<Selected> selected;
    /** The head register's next value, for the flip-flops kept in step with it. */
    public final ReplayWindow.HeadLoad headLoad;
    /** Held until ready: the TCAM may take many clocks per write. */
    public final DecoupledIO<TreeWrite> tcamWrite;
    /** Bit i: slot i holds a node (masks the TCAM's match vector). */
    public final UInt slotValid;
    /** Each slot's depth (length / k), for the longest-prefix selector: the deepest match is the longest. */
    public final Vec<UInt> depths;

    TcamControllerIO(RapConfig c) {
        super(c);
        selected = Flipped(Decoupled(new Selected(c)));
        headLoad = Input(new ReplayWindow.HeadLoad(c));
        tcamWrite = Decoupled(new TreeWrite(c));
        slotValid = Output(UInt(c.nodes()));
        depths = Output(Vec(c.nodes(), UInt(c.depthBits())));
    }
}
