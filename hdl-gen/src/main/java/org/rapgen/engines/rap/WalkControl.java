package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;

/**
 * When the trie walk moves and when it corrects its events after a split in place ({@link TrieWalk}), decided a clock
 * ahead. Each decision reaches every level's RAM enables and address multiplexers and every stage's registers, across
 * the whole part; the walk keeps it in flip-flops of its own, so nothing but a route lies between the flip-flop and
 * those loads. The next value of each control register the decision reads is its {@code AheadValue}. Built in the
 * caller's module.
 */
final class WalkControl {
    /** The walk moves on this clock: events enter it (issue) exactly on these clocks. */
    final Bool moves;

    /**
     * @param inRun      the controller's RUN state bit
     * @param commitStop a commit stopped the pipeline on the clock before
     * @param wroteWord  the walk's copy of a child word lands on this clock
     */
    WalkControl(TrieControllerIO io, Bool inRun, Bool commitStop, SplitRedo redo, Bool wroteWord) {
        // A record reaches the redo queue's head from the second clock after its push, so one queued now may be at
        // the head on the next clock: the walk holds for it a clock early (once per split in place), never late.
        Bool runAhead = AheadValue(inRun).named("run_ahead");
        Bool commitStopAhead = AheadValue(commitStop).named("commit_stop_ahead");
        Bool wroteWordAhead = AheadValue(wroteWord).named("wrote_word_ahead");
        Bool walkMovesAhead = runAhead.and(commitStopAhead.not())
                .and(redo.queued.not())
                .and(wroteWordAhead.not())
                .named("walk_moves_ahead");
        moves = RegNext(walkMovesAhead, B(false)).named("walk_moves");
        io.walkHoldNext.connect(walkMovesAhead.not());
        Assert(
                moves.not()
                        .or(inRun.and(commitStop.not()).and(redo.pending.not()).and(wroteWord.not())),
                "the walk moves outside RUN, on a stop, before a redo or as a word lands");
    }

    /**
     * The fix after a split in place: on the {@link TrieWalk#FIX_CLOCKS} clocks of RESUME that follow the clock on
     * which the walk's copy of the last write lands.
     *
     * @param resume       the controller's RESUME state bit
     * @param splitInPlace the split being resumed from was in place (a register)
     * @param fixing       RESUME held on the clock before (a register)
     */
    static void fix(TrieControllerIO io, Bool resume, Bool splitInPlace, Bool fixing) {
        Bool resumeAhead = AheadValue(resume).named("resume_ahead");
        Bool splitInPlaceAhead = AheadValue(splitInPlace).named("split_in_place_ahead");
        Bool fixingAhead = AheadValue(fixing).named("fixing_ahead");
        Bool walkFixNext = resumeAhead.and(splitInPlaceAhead).and(fixingAhead).named("walk_fix_next");
        io.walkFixNext.connect(walkFixNext);
        Assert(
                RegNext(walkFixNext, B(false)).eq(resume.and(splitInPlace).and(fixing)),
                "the walk's fix is not the clocks of RESUME after the last write");
    }
}
