package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * When the trie walk moves and when it corrects its events after a split in place ({@link TrieWalk}). Each decision
 * reaches every level's RAM enables and address multiplexers and every stage's registers, across the whole part, so
 * the walk keeps it in flip-flops of its own, and their inputs are a LUT of the controller's flip-flops, not its
 * next-state logic: the walk acts on the controller's state a clock late. On the clock a commit stops the pipeline the
 * walk still moves; the result it lets out then is issued and squashed with the younger events already in the counter
 * SRAM (undone, or redone after a split in place). It starts again a clock after RUN does. Built in the caller's
 * module.
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
        // A redo record reaches the queue's head from the second clock after its push, so the walk that waits while
        // one is queued never meets one at the head; it goes on the clock after the last record's issue (no push
        // comes in RUN after a split). Child words are written only outside RUN.
        Bool walkGoes = inRun.and(commitStop.not())
                .and(redo.queued.not().or(redo.lastIssued))
                .named("walk_goes");
        moves = RegNext(walkGoes, B(false)).named("walk_moves");
        io.walkHoldNext.connect(walkGoes.not());
        Assert(
                moves.not().or(redo.pending.not().and(wroteWord.not())),
                "the walk moves beside a redo or as a child word lands");
    }

    /**
     * The fix after a split in place: the {@link TrieWalk#FIX_CLOCKS} clocks after the walk's copy of the last write
     * landed, a clock after RESUME's: the walk holds then, as it starts a clock after RUN does.
     *
     * @param resume       the controller's RESUME state bit
     * @param splitInPlace the split being resumed from was in place (a register)
     * @param fixing       RESUME held on the clock before (a register)
     * @param node         the split node, steady while the fix lasts
     * @param word         its new child word
     */
    static void fix(TrieControllerIO io, Bool resume, Bool splitInPlace, Bool fixing, UInt node, UInt word) {
        io.walkFixNext.connect(resume.and(splitInPlace).and(fixing));
        io.walkFix.slot.connect(node);
        io.walkFix.word.connect(word);
    }
}
