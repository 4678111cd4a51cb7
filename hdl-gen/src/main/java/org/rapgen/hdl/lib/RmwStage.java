package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/** The registers that follow a command from stage to stage. */
final class RmwStage {
    final Bool valid;
    final UInt addr;
    final UInt cmd;
    /** Take B's result instead of the data read (see {@link RmwMemory}); null where the stages snoop instead. */
    final Bool forward;
    /** A clear came at or after this command's acceptance: it must not write back. */
    final Bool stale;

    RmwStage(String name, int addrBits, int cmdBits, boolean forwards) {
        valid = RegInit(B(false)).named(name + "_valid");
        addr = Reg(UInt(addrBits)).named(name + "_addr");
        cmd = Reg(UInt(cmdBits)).named(name + "_cmd");
        forward = forwards ? Reg(Bool()).named(name + "_forward") : null;
        stale = RegInit(B(false)).named(name + "_stale");
    }
}
