package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.UInt;

/**
 * The trie lookup's word for one node: its b child slots, bit-interleaved, and above them a present flag a digit. Bit i
 * of digit d's slot is word bit i*b + d, and digit d's flag is bit S*b + d. Slot 0 is the root, which is nobody's
 * child, so an absent child's slot is 0. A leaf's word is all zeros. Built in the caller's module.
 *
 * <p>Why this layout: a walk level's table is built as RAMs of whole b-bit slices of the word ({@link LevelWords}),
 * one {@code 4096x4} block a slice on the ECP5 at N = 4096, b = 4. Interleaved, one block holds bit i of every child,
 * so the walk's choice of bit i by the key's digit reads one block; and the flags' block alone tells whether the digit
 * has a child and how many children the node has. No choice gathers bits from blocks across the part ({@link
 * TrieWalk}).
 */
final class ChildWord {
    private final int branching;
    private final int slotBits;

    ChildWord(RapConfig c) {
        branching = c.branching();
        slotBits = c.slotBits();
    }

    int width() {
        return branching * slotBits + branching;
    }

    /** The word's slices of b bits: bit i of every child slot for i below S, and the flags last. */
    int slices() {
        return slotBits + 1;
    }

    /** A slice's name: {@code bit<i>}, or {@code present} for the flags. */
    String sliceName(int slice) {
        return slice < slotBits ? "bit" + slice : "present";
    }

    /** The child slot of digit {@code d} (a constant digit). */
    UInt entry(UInt word, int d) {
        List<UInt> bits = new ArrayList<>();
        for (int i = 0; i < slotBits; i++) bits.add(word.bit(i * branching + d).asUInt());
        return CatLsbFirst(bits);
    }

    /** The child slot of digit {@code d}: bit i is a b:1 multiplexer on bit i's slice, which one block holds. */
    UInt entry(UInt word, UInt d) {
        List<UInt> bits = new ArrayList<>();
        for (int i = 0; i < slotBits; i++)
            bits.add(word.bits((i + 1) * branching - 1, i * branching).bit(d).asUInt());
        return CatLsbFirst(bits);
    }

    /** Bit d: digit d has a child. */
    UInt present(UInt word) {
        return word.bits(width() - 1, branching * slotBits);
    }

    /** The number of children, 0..b. */
    UInt count(UInt word) {
        return ones(present(word));
    }

    /** The number of set bits of a b-bit vector, 0..b. */
    UInt ones(UInt v) {
        int w = log2Up(branching + 1);
        UInt sum = U(0, w);
        for (int d = 0; d < branching; d++) sum = sum.add(v.bit(d).asUInt().pad(w));
        return sum;
    }

    /** {@code word} with digit {@code d}'s child set to {@code slot}, which is not 0. */
    UInt with(UInt word, UInt d, UInt slot) {
        List<UInt> entries = new ArrayList<>();
        List<UInt> flags = new ArrayList<>();
        for (int i = 0; i < branching; i++) {
            UInt digit = U(i, d.getWidth());
            entries.add(Mux(d.eq(digit), slot, entry(word, i)));
            flags.add(d.eq(digit).or(present(word).bit(i)).asUInt());
        }
        return pack(entries, flags);
    }

    /** {@code word} without the children whose bit is set in {@code removed}. */
    UInt without(UInt word, UInt removed) {
        List<UInt> entries = new ArrayList<>();
        List<UInt> flags = new ArrayList<>();
        for (int i = 0; i < branching; i++) {
            entries.add(Mux(removed.bit(i), U(0, slotBits), entry(word, i)));
            flags.add(removed.bit(i).not().and(present(word).bit(i)).asUInt());
        }
        return pack(entries, flags);
    }

    /** The word of these child slots (digit 0 first) and flags. */
    private UInt pack(List<UInt> entries, List<UInt> flags) {
        List<UInt> bits = new ArrayList<>();
        for (int i = 0; i < slotBits; i++)
            for (int d = 0; d < branching; d++) bits.add(entries.get(d).bit(i).asUInt());
        bits.addAll(flags);
        return CatLsbFirst(bits);
    }
}
