package org.rapgen.hdl.lib;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * A read-modify-write update given as operators that compose, so that {@link RmwMemory} can pass a command's effect
 * to the next command on the same word by composing the two operators instead of feeding the first result back into
 * the update logic: the only clock-to-clock loop is then {@link #compose}, and {@link #apply} starts from registers.
 *
 * <p>A command {@code c} turns the word {@code x} into {@code apply(ignoresOld(c) ? 0 : x, op(c))}; a command that
 * {@link #keepsWord keeps the word} has the operator {@link #identity}. For every base {@code b}, operator {@code o}
 * and command {@code c} that neither keeps the word nor ignores it, the operators must satisfy
 * <pre>
 *   apply(b, compose(o, c)) = the update of apply(b, o) by c
 *   apply(b, identity())    = b
 *   compose(identity(), c)  = op(c)
 * </pre>
 * (values; the flag describes one command, see {@link Applied}). RmwMemory builds keeping as register enables and
 * resets, and starting over as composing onto the identity, so {@link #compose} needs no mux of its own and none
 * after it: an addition, for instance, then fits the carry chain's cells with nothing after it.
 */
public interface ComposableUpdate {
    /** Width of an operator. */
    int opBits();

    /** The operator of command {@code cmd} on its own (not called for a command that keeps the word). */
    UInt op(UInt cmd);

    /** The operator of {@code first} followed by command {@code cmd}. RmwMemory's loop: keep it to one adder. */
    UInt compose(UInt first, UInt cmd);

    /** The command leaves the word as it is (a read): its operator is {@link #identity}, and it composes to no change. */
    Bool keepsWord(UInt cmd);

    /** The operator that changes nothing. */
    UInt identity();

    /** The command's result does not depend on the word (a write): its base is 0. */
    Bool ignoresOld(UInt cmd);

    /** Width of {@link #decode}'s result. */
    int decodedBits();

    /**
     * What {@link #apply} needs to know of the command itself (for the flag), decoded as the command enters stage R
     * and registered there, so that it reaches the flag from a flip-flop rather than through the command's decoder.
     */
    UInt decode(UInt cmd);

    /** The updated word of base {@code base} under operator {@code op}; {@code decoded} is this command's {@link #decode}. */
    Applied apply(UInt base, UInt op, UInt decoded);

    /** The updated word, and a flag about this command presented beside it (e.g. CounterSram's "saturated"). */
    record Applied(UInt value, Bool flag) {}
}
