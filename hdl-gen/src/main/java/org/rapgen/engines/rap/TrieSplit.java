package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;

/**
 * A split of the trie engine ({@link TrieController}'s SPLIT_CHECK, SPLIT_ALLOC and SPLIT_LINK), from v's child word,
 * prefix and parent as they land from the reads the controller sends: whether v's missing children fit the free
 * slots; each missing child in digit order, one a clock, with an empty child word in every copy, its slot info, a
 * bound of "none" and a count SET to 0; then v's new word, and the marks of its bound up the tree. Built in the
 * caller's module; the caller puts {@link #check}, {@link #allocate} and {@link #link} in its FSM.
 */
final class TrieSplit {
    /** The missing children fit the free slots, as SPLIT_CHECK found (for SPLIT_FIT). */
    final Bool fits = Reg(Bool()).named("split_fits");
    /** A child is created on this clock (SPLIT_ALLOC with one missing and a free slot ready). */
    final Bool allocating;

    private final TrieTables tables;
    private final ChildWord cw;
    private final FreeSlots free;
    private final StatusRegs st;
    private final SplitRoom room;
    private final UInt node;
    private final UInt word;
    private final UInt prefix;
    private final UInt parent;
    private final UInt present;
    private final UInt presentAfter;
    private final FirstSet missing;
    private final SplitChild child;
    private final int counterBits;

    /**
     * @param node  v's slot, steady while the split lasts
     * @param depth v's depth, steady too
     * @param word  v's child word as the split builds it (the caller's register: the redo and the walk's fix read it)
     */
    TrieSplit(
            RapConfig c,
            TrieTables tables,
            FreeSlots free,
            StatusRegs st,
            SplitRoom room,
            UInt node,
            UInt depth,
            UInt word) {
        this.tables = tables;
        this.cw = tables.words;
        this.free = free;
        this.st = st;
        this.room = room;
        this.node = node;
        this.word = word;
        counterBits = c.counterBits();
        int b = c.branching();
        prefix = Reg(UInt(c.keyBits())).named("split_prefix");
        parent = Reg(UInt(c.slotBits())).named("split_parent");
        present = Reg(UInt(b)).named("split_present");
        missing = new FirstSet(present.not(), c.bitsPerLevel());
        presentAfter = present.or(U(1, b).shl(missing.index).bits(b - 1, 0)).named("split_present_after");
        child = new SplitChild(c, depth, prefix, missing.index);
        allocating = missing.found.and(free.ready).named("split_allocating");
    }

    /**
     * SPLIT_CHECK: v's word, prefix and parent have landed. They go into registers only (no state or read waits on a
     * test of them), with whether the missing children fit, which a split in place ({@code inPlace}) knew already; the
     * parent's bound is read for the marks ({@link SplitMarks}), and holds in {@code min_data} until the link.
     */
    void check(Bool inPlace) {
        word.connect(tables.wordData);
        prefix.connect(tables.infoPrefix());
        parent.connect(tables.infoParent());
        tables.readMin(tables.infoParent());
        present.connect(cw.present(tables.wordData));
        Bool fitsLanded = room.fits(cw.count(tables.wordData)).named("split_fits_landed");
        fits.connect(fitsLanded);
        Assert(
                fitsLanded.eq(room.fitsExactly(cw.count(tables.wordData))),
                "split_fits_landed is not free slots >= missing children");
        Assert(fitsLanded.or(inPlace.not()), "a split in place found too few free slots");
    }

    /**
     * SPLIT_ALLOC: one missing child, if a free slot is ready; {@code toLink} on the clock of the last one, or when none
     * is missing.
     */
    void allocate(CounterPort cmd, Runnable toLink) {
        when(missing.found.not(), toLink).elsewhen(free.ready, () -> {
            when(presentAfter.andR(), toLink);
            free.take();
            tables.writeWord(free.next, U(0, cw.width()));
            tables.place(free.next, child.depth, child.prefix, node, parent);
            tables.writeMin(free.next, Fill(tables.minWriteValue.getWidth(), B(true)));
            cmd.set(free.next, U(0, counterBits));
            st.allocated.connect(B(true));
            word.connect(cw.with(word, missing.index, free.next));
            present.connect(presentAfter);
        });
    }

    /**
     * SPLIT_LINK: v's new word into every copy. v now has leaf children and its parent lost one: v and its ancestors
     * get the bound 0, the root at once, the others one a clock from here on ({@link SplitMarks}).
     */
    void link(SplitMarks marks) {
        tables.writeWord(node, word);
        marks.start(node, parent, tables.minData.eq(0));
        st.split.connect(B(true));
    }
}
