package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * The trie lookup's word for one node: its b child slots side by side, digit d in bits (d+1)*S-1 .. d*S. Slot 0 is the
 * root, which is nobody's child, so 0 means "no child". A leaf's word is all zeros. Built in the caller's module.
 */
final class ChildWord {
    private final int branching;
    private final int slotBits;

    ChildWord(RapConfig c) {
        branching = c.branching();
        slotBits = c.slotBits();
    }

    int width() {
        return branching * slotBits;
    }

    /** The child slot of digit {@code d} (a constant digit). */
    UInt entry(UInt word, int d) {
        return word.bits((d + 1) * slotBits - 1, d * slotBits);
    }

    /** The child slot of digit {@code d}, selected by a b:1 multiplexer. */
    UInt entry(UInt word, UInt d) {
        Vec<UInt> entries = Wire(Vec(branching, UInt(slotBits)));
        for (int i = 0; i < branching; i++) entries.get(i).connect(entry(word, i));
        return entries.read(d);
    }

    /** Bit d: digit d has a child. */
    UInt present(UInt word) {
        List<Bool> bits = new ArrayList<>();
        for (int d = 0; d < branching; d++) bits.add(entry(word, d).orR());
        return CatLsbFirst(bits);
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

    /** {@code word} with digit {@code d}'s entry replaced by {@code slot}. */
    UInt with(UInt word, UInt d, UInt slot) {
        List<UInt> entries = new ArrayList<>();
        for (int i = 0; i < branching; i++) entries.add(Mux(d.eq(U(i, d.getWidth())), slot, entry(word, i)));
        return CatLsbFirst(entries);
    }

    /** {@code word} without the entries whose bit is set in {@code removed}. */
    UInt without(UInt word, UInt removed) {
        List<UInt> entries = new ArrayList<>();
        for (int i = 0; i < branching; i++) entries.add(Mux(removed.bit(i), U(0, slotBits), entry(word, i)));
        return CatLsbFirst(entries);
    }
}
