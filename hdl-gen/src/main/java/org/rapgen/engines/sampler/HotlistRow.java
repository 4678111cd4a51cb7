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

    /** A row as the decision sees it, from the block RAM's word or from the flip-flops; counts c bits wide. */
    record View(Bool valid, UInt tag, UInt level, List<UInt> values, List<UInt> counts) {}

    /** The flip-flops as a {@link View}. */
    View view() {
        List<UInt> cs = new ArrayList<>();
        for (UInt cnt : counts.elements()) cs.add(cnt.bits(countBits - 1, 0));
        return new View(valid, tag, level, values.elements(), cs);
    }

    /** A block-RAM word as a {@link View}. */
    View view(UInt word) {
        List<UInt> cs = new ArrayList<>();
        List<UInt> vs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int lo = i * slotBits();
            cs.add(word.bits(lo + countBits - 1, lo));
            vs.add(word.bits(lo + slotBits() - 1, lo + countBits));
        }
        int at = n * slotBits();
        return new View(
                word.bit(at),
                word.bits(at + keyBits, at + 1),
                word.bits(at + keyBits + HotlistStage.LEVEL_BITS, at + keyBits + 1),
                vs,
                cs);
    }

    /**
     * The row with these slots as its block-RAM word, with {@code validBit} for its valid bit (false writes an empty
     * row: no tuple reads the slots of a row that is not valid).
     */
    UInt packed(Slots slots, Bool validBit) {
        List<UInt> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            parts.add(slots.counts().get(i).bits(countBits - 1, 0));
            parts.add(slots.values().get(i));
        }
        parts.add(validBit.asUInt());
        parts.add(tag);
        parts.add(level);
        return CatLsbFirst(parts);
    }

    /** The flip-flops := a row. */
    void load(View v) {
        for (int i = 0; i < n; i++) {
            counts.get(i).connect(v.counts().get(i).pad(countBits + 1));
            values.get(i).connect(v.values().get(i));
        }
        valid.connect(v.valid());
        tag.connect(v.tag());
        level.connect(v.level());
    }

    /** The row starts anew for {@code pc}: level 0, every slot free. */
    void start(UInt pc) {
        valid.connect(B(true));
        tag.connect(pc);
        level.connect(U(0, HotlistStage.LEVEL_BITS));
        for (int i = 0; i < n; i++) counts.get(i).connect(U(0, countBits + 1));
    }

    /** The slots with a count, one bit each (slot 0 in bit 0). */
    UInt counted() {
        List<Bool> bits = new ArrayList<>();
        for (int i = 0; i < n; i++) bits.add(counts.get(i).ne(0));
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
