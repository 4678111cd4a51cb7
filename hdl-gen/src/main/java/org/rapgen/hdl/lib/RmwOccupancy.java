package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;

/**
 * With stage R, whether R and B, and all three stages, hold commands, as flip-flops of their own: a command then
 * moves from A, or is accepted, by one LUT of out.ready and two flip-flops, which keeps the registers' enables
 * (promoted to global buffers by nextpnr) one LUT level from out.ready.
 */
final class RmwOccupancy {
    final Bool stalled;
    final Bool rbFull = RegInit(B(false)).named("rb_full");
    final Bool arbFull = RegInit(B(false)).named("arb_full");

    RmwOccupancy(Bool outReady) {
        stalled = outReady.not();
    }

    void track(Bool aValid, Bool rValid, Bool bValid, Bool aNext, Bool rNext, Bool bNext) {
        rbFull.connect(rNext.and(bNext));
        arbFull.connect(aNext.and(rNext).and(bNext));
        Assert(
                rbFull.eq(rValid.and(bValid)).and(arbFull.eq(aValid.and(rbFull))),
                "RmwMemory occupancy flip-flops out of step");
    }
}
