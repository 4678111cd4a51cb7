package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The {@link AssocStage} table write committed in the clock a message moved on, which the match registered for it
 * could not see: {@code capture} registers it as the message moves, {@code correct} applies it to that match.
 */
record MissedWrite(Bool own, UInt slot, UInt evicted) {
    static MissedWrite capture(
            String stage, Bool moves, Bool commits, Bool sameKey, UInt wroteSlot, Bool wroteNew, int k) {
        Bool write = RegEnable(commits, B(false), moves).named(stage + "_missed_write");
        Bool same = RegEnable(sameKey, moves).named(stage + "_missed_same_key");
        UInt slot = RegEnable(wroteSlot, moves).named(stage + "_missed_slot");
        Bool isNew = RegEnable(wroteNew, moves).named(stage + "_missed_new");
        Bool own = write.and(same).named(stage + "_missed_own");
        return new MissedWrite(own, slot, Mux(write.and(isNew), slot, U(0, k)));
    }

    /**
     * Same key: the entry just written, with its new count. Otherwise an entry filled anew no longer matches; a count
     * update elsewhere changes nothing the message reads.
     */
    UInt correct(UInt match) {
        return Mux(own, slot, match.and(evicted.not()));
    }
}
