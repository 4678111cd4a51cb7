package org.rapgen.cpu;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/** What the processor side tells the outside: the firmware's console and exit, a trap, and the clocks it was held. */
public final class CoreReport extends Bundle {
    /** A byte the firmware printed. */
    public final Bool console_valid = Bool();

    public final UInt console_data = UInt(8);
    /** The firmware is done, with its exit status. */
    public final Bool exit_valid = Bool();

    public final UInt exit_code = UInt(32);
    public final Bool trap = Bool();
    /** The processor waits on a full trace feed in this clock; stall_cycles counts such clocks. */
    public final Bool stalled = Bool();

    public final UInt stall_cycles = UInt(32);
}
