package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The read path of a four-stage {@link RmwMemory}: A (the read in flight), R (the RAM word registered untouched, so
 * the ECP5 flow moves it into the block RAM's output register), U (the updating stage: its word is a fabric
 * register) and B. The RAM's clock-to-output and its routing then end at U's register and never meet the update in
 * one clock.
 *
 * <p>A result is produced as a command moves from U to B and written to the RAM a clock later, from B. Rather than
 * working out which writes a read can miss, every command in flight snoops every result produced on its address:
 * when it is accepted, the result produced on that edge and the one B writes on it (both missed by the read); while
 * it waits in A or R, each result produced meanwhile; and as it moves into U, the result of the command directly
 * ahead, produced on that same edge. The newest snooped result replaces the RAM word. So the loop of back-to-back
 * commands on one word is U's register, the update and one multiplexer back into U's register; every other snoop
 * reads B's register.
 *
 * <p>A command never snoops the result of one accepted before a clear that came before its own acceptance: that
 * result is not written back, and the sweep's zeros are what the sequential memory has. Each command records
 * whether a clear came between the acceptance of the command ahead and its own ({@code _after_clear}); a result is
 * taken only if no command from the producer's successor to the taker has that flag. (Whether each is stale does
 * not tell: two commands on either side of a clear are both stale after a second one.)
 */
final class RmwSnoop {
    private final RmwStage producer;
    private final Bool produces;

    private RmwSnoop(RmwStage producer, Bool produces) {
        this.producer = producer;
        this.produces = produces;
    }

    /**
     * Builds the snooping and U's word register, which it returns.
     *
     * @param produces U's command moves to B in this clock, and {@code result} is its updated word
     * @param readMissesBWrite B writes its result to the address being read, on the edge of that read
     * @param noForward the mutant: the command directly ahead's result is not forwarded into U
     */
    static UInt build(
            RmwStage a,
            RmwStage r,
            RmwStage u,
            UInt inAddr,
            Bool clear,
            Bool accept,
            Bool aMoves,
            Bool rMoves,
            Bool produces,
            UInt result,
            Bool readMissesBWrite,
            UInt bUpdated,
            UInt rdata,
            Bool readCollided,
            boolean noForward) {
        RmwSnoop snoop = new RmwSnoop(u, produces);
        int width = rdata.getWidth();
        Bool clearedSinceAccept = RegInit(B(false)).named("cleared_since_accept");
        clearedSinceAccept.connect(Mux(accept, clear, clearedSinceAccept.or(clear)));
        Bool aAfterClear = Reg(Bool()).named("a_after_clear");
        Bool rAfterClear = Reg(Bool()).named("r_after_clear");
        // A clear between the producer in U and the command in A, or the one being accepted.
        Bool clearBehindR = r.valid.and(rAfterClear).or(a.valid.and(aAfterClear));
        Bool clearBehindA = clearBehindR.or(clearedSinceAccept);
        when(accept, () -> aAfterClear.connect(clearedSinceAccept));
        when(aMoves, () -> rAfterClear.connect(aAfterClear));

        // A stage keeps the newest result it took as a flag and its word register, but a result taken in the clock it
        // is produced is read a clock later from B, where it then is ("pending"): so the update's result feeds only
        // B and U's register, and the loop's fan-out stays small.
        Bool aSnooped = Reg(Bool()).named("a_snooped");
        Bool aSnoopPending = Reg(Bool()).named("a_snoop_pending");
        UInt aSnoopedWord = Reg(UInt(width)).named("a_snooped_word");
        Bool acceptCatches = snoop.catches(inAddr, clearBehindA).named("accept_catches");
        Bool acceptLate = readMissesBWrite.named("accept_late");
        Bool aCatches = snoop.catches(a.addr, clearBehindR).named("a_catches");
        aSnoopPending.connect(Mux(accept, acceptCatches, aCatches));
        when(accept, () -> aSnooped.connect(acceptCatches.or(acceptLate)))
                .elsewhen(aCatches, () -> aSnooped.connect(B(true)));
        // B's word: the result written on the edge of the read, or the one caught in the last clock.
        when(accept.or(aSnoopPending), () -> aSnoopedWord.connect(bUpdated));
        UInt aSnoopedNewest = Mux(aSnoopPending, bUpdated, aSnoopedWord).named("a_snooped_newest");

        Bool rSnooped = Reg(Bool()).named("r_snooped");
        Bool rSnoopPending = Reg(Bool()).named("r_snoop_pending");
        UInt rSnoopedWord = Reg(UInt(width)).named("r_snooped_word");
        UInt rData = Reg(UInt(width)).named("r_data");
        // Whether R's command and U's share a word, as a flip-flop: it selects U's input, on every bit of the loop.
        Bool rSameWordAsU = Reg(Bool()).named("r_same_word_as_u");
        when(aMoves, () -> rSameWordAsU.connect(Mux(rMoves, a.addr.eq(r.addr), a.addr.eq(u.addr))));
        Bool rTakesU = rSameWordAsU.and(rAfterClear.not());
        Bool rCatches = produces.and(rTakesU).named("r_catches");
        rSnoopPending.connect(Mux(aMoves, aCatches, rCatches));
        when(aMoves, () -> {
                    // The RAM word goes into R untouched (a register with an enable and nothing else).
                    rData.connect(rdata);
                    rSnooped.connect(aSnooped.or(aCatches));
                    r.addr.connect(a.addr);
                    r.cmd.connect(a.cmd);
                    r.stale.connect(a.stale.or(clear));
                })
                .elsewhen(rCatches, () -> rSnooped.connect(B(true)));
        when(aMoves.or(rSnoopPending), () -> rSnoopedWord.connect(Mux(aMoves, aSnoopedNewest, bUpdated)));
        // No write lands on a read's edge unseen: the one that does is B's, caught at acceptance.
        RmwMemory.checkWordUsable(aMoves.and(aSnooped.or(aCatches).not()), readCollided);

        UInt uWord = Reg(UInt(width)).named("u_word");
        // R moves into an occupied U only as U's command leaves, producing its result.
        Bool forward = noForward ? B(false) : u.valid.and(rTakesU).named("u_forward");
        // The choice between the older words is made from registers; the result joins it last.
        UInt older =
                Mux(rSnoopPending, bUpdated, Mux(rSnooped, rSnoopedWord, rData)).named("u_word_older");
        when(rMoves, () -> {
            uWord.connect(Mux(forward, result, older));
            u.addr.connect(r.addr);
            u.cmd.connect(r.cmd);
            u.stale.connect(r.stale.or(clear));
        });
        when(clear, () -> {
            r.stale.connect(B(true));
            u.stale.connect(B(true));
        });
        return uWord;
    }

    /** A command on {@code addr} takes the result produced in this clock, unless a clear came between the two. */
    private Bool catches(UInt addr, Bool clearBetween) {
        return produces.and(producer.addr.eq(addr)).and(clearBetween.not());
    }
}
