package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * One pair of the trie walk's levels' own copies of what the controller sends every level ({@link TrieWalk}): the
 * write's slot and word, a clock after the controller's, and the split node and its new word for the fix. A single
 * register of each would drive every level's blocks, spread across the part, and its route to the farthest would set
 * the clock; a copy a pair reaches only the pair's RAM and the pair's stages. Each has the pair's number as its reset
 * value, but Yosys merges bit by bit: a bit whose reset value agrees folds into the first pair's (placed, 11 of the 12
 * write_slot bits do), so the copies need bits that differ to stay apart. Built in the walk's module.
 */
final class PairCopies {
    final UInt writeSlot;
    final UInt writeWord;
    /** The split node, from the clock before: the controller holds it steady from a clock before the fix. */
    final UInt fixSlot;

    final UInt fixWord;

    /**
     * @param first  the pair's first level (odd); the last pair may have one level
     * @param fixing the fix lasts on this clock
     */
    PairCopies(RapConfig c, TrieWalk.IO io, int first, int levels, Bool fixing) {
        String pair = first + 1 < levels ? "levels" + first + "_" + (first + 1) : "level" + first;
        int n = (first + 1) / 2;
        writeSlot = RegNext(io.write.bits.slot, distinct(n, c.slotBits())).named(pair + "_write_slot");
        writeWord = RegNext(io.write.bits.word, distinct(n, io.write.bits.word.getWidth()))
                .named(pair + "_write_word");
        fixSlot = RegNext(io.fix.slot, distinct(n, c.slotBits())).named(pair + "_fix_slot");
        fixWord = RegNext(io.fix.word, distinct(n, io.fix.word.getWidth())).named(pair + "_fix_word");
        when(fixing, () -> Assert(fixSlot.eq(io.fix.slot).and(fixWord.eq(io.fix.word)), "a pair's fix copy is stale"));
    }

    /** The pair's reset value: n in as many low bits as there are (only the bits where two differ stay apart). */
    private static UInt distinct(int n, int width) {
        return U(width >= 31 ? n : n & ((1 << width) - 1), width);
    }
}
