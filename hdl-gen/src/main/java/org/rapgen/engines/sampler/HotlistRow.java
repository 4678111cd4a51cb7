package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.HotlistSampler;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * The hotlist row {@link HotlistStage} works on, in flip-flops, and its block-RAM word. The word is, from bit 0: for
 * each slot i its count (c bits) and value (K bits); then valid, the pc tag (K bits) and the level (5 bits). A count
 * of 0 marks a free slot. In the flip-flops a count has one bit more, for the increment that makes a full count
 * overflow and is halved at once.
 */
record HotlistRow(
        int n, int keyBits, int countBits, Bool valid, UInt tag, UInt level, Vec<UInt> values, Vec<UInt> counts) {
    static HotlistRow registers(int n, int keyBits, int countBits) {
        return new HotlistRow(
                n,
                keyBits,
                countBits,
                RegInit(B(false)).named("row_valid"),
                Reg(UInt(keyBits)).named("row_tag"),
                RegInit(U(0, HotlistStage.LEVEL_BITS)).named("row_level"),
                Reg(Vec(n, UInt(keyBits))).named("row_values"),
                RegInitAll(Vec(n, UInt(countBits + 1)), 0).named("row_counts"));
    }

    private int slotBits() {
        return keyBits + countBits;
    }

    int packedBits() {
        return n * slotBits() + 1 + keyBits + HotlistStage.LEVEL_BITS;
    }

    /** The slots' counts and values as a tuple leaves them. */
    record Slots(List<UInt> counts, List<UInt> values) {}

    /** The row as its block-RAM word. */
    UInt packed() {
        return packed(new Slots(counts.elements(), values.elements()));
    }

    /** The row with these slots as its block-RAM word. */
    UInt packed(Slots slots) {
        List<UInt> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            parts.add(slots.counts().get(i).bits(countBits - 1, 0));
            parts.add(slots.values().get(i));
        }
        parts.add(valid.asUInt());
        parts.add(tag);
        parts.add(level);
        return CatLsbFirst(parts);
    }

    /** The valid bit of a block-RAM word. */
    Bool validIn(UInt word) {
        return word.bit(n * slotBits());
    }

    /** The flip-flops := the row in a block-RAM word. */
    void load(UInt word) {
        for (int i = 0; i < n; i++) {
            int lo = i * slotBits();
            counts.get(i).connect(word.bits(lo + countBits - 1, lo).pad(countBits + 1));
            values.get(i).connect(word.bits(lo + slotBits() - 1, lo + countBits));
        }
        int at = n * slotBits();
        valid.connect(word.bit(at));
        tag.connect(word.bits(at + keyBits, at + 1));
        level.connect(word.bits(at + keyBits + HotlistStage.LEVEL_BITS, at + keyBits + 1));
    }

    /** The row starts anew for {@code pc}: level 0, every slot free. */
    void start(UInt pc) {
        valid.connect(B(true));
        tag.connect(pc);
        level.connect(U(0, HotlistStage.LEVEL_BITS));
        for (int i = 0; i < n; i++) counts.get(i).connect(U(0, countBits + 1));
    }

    /** The slots holding value w, one bit each (at most one is set). */
    UInt matches(UInt w) {
        return each(i -> counts.get(i).ne(0).and(values.get(i).eq(w)));
    }

    /** The slots whose count is full ({@code 2^c - 1}). */
    UInt saturated() {
        return each(i -> counts.get(i).eq((1L << countBits) - 1));
    }

    UInt free() {
        return each(i -> counts.get(i).eq(0));
    }

    UInt counted() {
        return each(i -> counts.get(i).ne(0));
    }

    private UInt each(java.util.function.IntFunction<Bool> f) {
        List<Bool> bits = new ArrayList<>();
        for (int i = 0; i < n; i++) bits.add(f.apply(i));
        return WireDefault(UInt(n), CatLsbFirst(bits));
    }

    /**
     * The slots after the simple outcomes of a tuple: the slot set in {@code inc} counts one more, the one set in
     * {@code place} becomes (w, 1) (at most one bit of the two is set).
     */
    Slots updated(UInt inc, UInt place, UInt w) {
        List<UInt> cs = new ArrayList<>();
        List<UInt> vs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            UInt cnt = counts.get(i);
            cs.add(Mux(place.bit(i), U(1, countBits + 1), Mux(inc.bit(i), cnt.add(1), cnt))
                    .named("next_count_" + i));
            vs.add(Mux(place.bit(i), w, values.get(i)).named("next_value_" + i));
        }
        return new Slots(cs, vs);
    }

    /** The slots' flip-flops := these. */
    void connect(Slots slots) {
        for (int i = 0; i < n; i++) {
            counts.get(i).connect(slots.counts().get(i));
            values.get(i).connect(slots.values().get(i));
        }
    }

    /** The slot set in {@code oneHot} counts one more. */
    void increment(UInt oneHot) {
        for (int i = 0; i < n; i++) {
            UInt cnt = counts.get(i);
            when(oneHot.bit(i), () -> cnt.connect(cnt.add(1)));
        }
    }

    /** Slot {@code at} := (w, 1). */
    void place(UInt at, UInt w) {
        for (int i = 0; i < n; i++) {
            int slot = i;
            when(at.eq(i), () -> {
                values.get(slot).connect(w);
                counts.get(slot).connect(U(1, countBits + 1));
            });
        }
    }

    /** Slot {@code at}'s count := 0, as its message leaves. */
    void clear(UInt at) {
        for (int i = 0; i < n; i++) {
            UInt cnt = counts.get(i);
            when(at.eq(i), () -> cnt.connect(U(0, countBits + 1)));
        }
    }

    /** Simulation checks on a row about to be written for {@code pc}. */
    void check(UInt pc) {
        Assert(valid.and(tag.eq(pc)), "hotlist: the row written is not the tuple's pc's");
        Assert(level.le(HotlistSampler.MAX_LEVEL), "hotlist: level %d above the top", level);
        for (int i = 0; i < n; i++) {
            Assert(counts.get(i).bit(countBits).not(), "hotlist: slot %d keeps an overflowed count", U(i, 8));
            for (int j = i + 1; j < n; j++) {
                Assert(
                        counts.get(i)
                                .eq(0)
                                .or(counts.get(j).eq(0))
                                .or(values.get(i).ne(values.get(j))),
                        "hotlist: slots %d and %d hold the same value",
                        U(i, 8),
                        U(j, 8));
            }
        }
    }
}
