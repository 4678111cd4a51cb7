package org.rapgen.engines.sampler;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * What a first-level sampler does with one word of its counter table per tuple: a combinational function from the
 * word as it was (with forwarding, exactly as if tuples were applied one by one) and the tuple's per-event inputs to
 * the word written back and the message (if any) the tuple causes. The counter table applies {@link #apply} as its
 * read-modify-write update; the engine applies it again to the table's output to learn {@code emit} and
 * {@code count} (the same pure function of the same inputs, so the two agree).
 */
public interface CounterRule {
    /** Result of one tuple on one word. */
    record Outcome(UInt updated, Bool emit, UInt count) {}

    /** Names the update function in module names (different rules must give different names). */
    String flavor();

    /** Width of a table word. */
    int dataBits();

    /** Width of a message count this rule produces. */
    int countBits();

    /**
     * @param old    the word before this tuple
     * @param sample the LFSR's decision for this tuple (false when the rule does not sample randomly)
     * @param tag    the tuple's partial tag ({@code max(tagBits, 1)} bits; zero when the rule has no tags)
     */
    Outcome apply(UInt old, Bool sample, UInt tag);

    /**
     * Simulation assertions that a word as the table holds it is consistent: what the rule stores beside its counts
     * to keep compares out of the read-modify-write loop is what it stands for. Nothing to check by default.
     */
    default void checkWord(UInt word) {}
}
