package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The read path of a three-stage {@link RmwMemory}: the forwarding decision (2) for the command being accepted; R's
 * RAM word register; whether the command moving into R missed a write, and that write's result; and the word the
 * updating command's result is based on.
 */
record RmwRegisteredRead(Bool forward, UInt word, Bool missedIn, UInt missedDataIn, UInt old) {
    /**
     * Stage R registers the read data as the command moves from A to R. A result is written a clock after it enters
     * B, so between its read and that move a command can miss three writes, each by a command whose result B holds
     * when it is needed: (3) the one writing on the edge of the read (it entered B a clock before and may leave on
     * that edge: its result is copied into A's {@code a_late_data} as the command is accepted); (1) the one entering
     * B on the edge of the read (it stays in B until this command enters R, so R's data register loads its result
     * instead of the RAM word); (2) the one directly ahead, entering B on the edge this command enters R (it stays in
     * B until this one moves on, so R's forwarding mux picks it). Each is newer than the one before; all three flags
     * are decided at acceptance. R holds the RAM word and the missed result apart, and the choice between them is made
     * after R, where it costs no clock-to-output of the RAM. Returns the RAM word's register, the missed result as R
     * loads it, and R's {@code old}.
     */
    static RmwRegisteredRead build(
            RmwStage a,
            RmwStage r,
            UInt addr,
            Bool clear,
            Bool accept,
            Bool aMoves,
            Bool advance,
            Bool readMissesWrite,
            Bool readMissesBWrite,
            UInt rdata,
            UInt bUpdated,
            Bool readCollided) {
        Bool aCapture = Reg(Bool()).named("a_capture");
        Bool aLate = Reg(Bool()).named("a_late");
        UInt aLateData = Reg(UInt(rdata.getWidth())).named("a_late_data");
        UInt rData = Reg(UInt(rdata.getWidth())).named("r_data");
        // (2): the command directly ahead is in A (moving to R now) or, with A empty, in R and staying. It may be
        // stale only if this one is too: a clear between their acceptances means this command reads zeros.
        Bool aheadInA = a.addr.eq(addr).and(a.stale.not());
        Bool aheadInR = r.valid.and(advance.not()).and(r.addr.eq(addr)).and(r.stale.not());
        Bool forward = Mux(a.valid, aheadInA, aheadInR).named("forward_next");
        when(accept, () -> {
            aCapture.connect(readMissesWrite);
            aLate.connect(readMissesBWrite);
            aLateData.connect(bUpdated);
            a.forward.connect(forward);
        });
        when(clear, () -> r.stale.connect(B(true)));
        RmwMemory.checkWordUsable(aMoves.and(aCapture.not()).and(aLate.not()), readCollided);
        when(aMoves, () -> {
            r.addr.connect(a.addr);
            r.cmd.connect(a.cmd);
            r.stale.connect(a.stale.or(clear));
            r.forward.connect(a.forward);
        });
        // The RAM word goes into R untouched (a register with an enable and nothing else, which the ECP5 flow moves
        // into the block RAM's output register), and the result it missed, if any, beside it.
        Bool rMissed = Reg(Bool()).named("r_missed");
        UInt rMissedData = Reg(UInt(rdata.getWidth())).named("r_missed_data");
        Bool missedIn = aCapture.or(aLate);
        UInt missedDataIn = Mux(aCapture, bUpdated, aLateData).named("missed_data_in");
        when(aMoves, () -> {
            rData.connect(rdata);
            rMissed.connect(missedIn);
            rMissedData.connect(missedDataIn);
        });
        return new RmwRegisteredRead(
                forward,
                rData,
                missedIn,
                missedDataIn,
                Mux(r.forward, bUpdated, Mux(rMissed, rMissedData, rData)).named("old"));
    }
}
