package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * A split's marks in {@code sub_min} ({@link TrieTables}): the split node now has leaf children and its parent lost
 * one, so their merge sums fell, and the node and every ancestor get the bound 0. The root's is a register and is
 * zeroed at once; the others are written one a clock in the background, while the controller goes on. A read of a
 * mark's slot info lands two clocks later with two more ancestors (the parent and the grandparent), so the chain keeps
 * pace: on odd clocks the slot whose parent is known, on even clocks the slot whose info lands then, while its
 * grandparent's info is read. The split node and its parent start it, known from the split's own read.
 *
 * <p>A parent whose bound is already 0 ends the chain at the split node: a bound is never above an ancestor's (a batch
 * writes each node's as the least of its own S and its interior children's bounds, and marks go up to the root), so
 * every ancestor is 0 too. Splits close together in one region, as a program's first events make them, then mark one
 * slot each instead of their whole path. Built in the caller's module: the registers at construction, the background
 * step where {@link #run} is called.
 */
final class SplitMarks {
    /** Marks are still being written: whatever reads the bounds or slot info waits. */
    final Bool marking = RegInit(B(false)).named("marking");

    private final TrieTables tables;
    private final UInt markSlot;
    private final Bool markOdd = RegInit(B(false)).named("mark_odd");
    private final Bool markOnlyNode = Reg(Bool()).named("mark_only_node");
    private final UInt markNext;

    SplitMarks(RapConfig c, TrieTables tables) {
        this.tables = tables;
        markSlot = Reg(UInt(c.slotBits())).named("mark_slot");
        markNext = Reg(UInt(c.slotBits())).named("mark_next");
    }

    /**
     * On this clock edge the split of {@code node}, whose parent is {@code parent}, starts its marks; {@code
     * parentMarked}: the parent's bound is 0.
     */
    void start(UInt node, UInt parent, Bool parentMarked) {
        markOnlyNode.connect(parentMarked);
        tables.readInfo(parent);
        tables.zeroRootMin();
        markSlot.connect(node);
        markNext.connect(parent);
        marking.connect(B(true));
        markOdd.connect(B(true));
    }

    /** The background step: one mark a clock, until the root's. {@code allowed}: the states that may run beside it. */
    void run(Bool allowed, Bool splitRead) {
        when(marking, () -> {
            tables.writeMin(markSlot, U(0, tables.minWriteValue.getWidth()));
            when(markSlot.eq(0).or(markOnlyNode), () -> marking.connect(B(false)))
                    .elsewhen(markOdd, () -> {
                        markSlot.connect(markNext);
                        markOdd.connect(B(false));
                    })
                    .otherwise(() -> {
                        tables.readInfo(tables.infoGrandparent());
                        markSlot.connect(tables.infoParent());
                        markNext.connect(tables.infoGrandparent());
                        markOdd.connect(B(true));
                    });
        });
        Assert(marking.not().or(allowed), "a split's marks still going on in state %b", splitRead);
    }
}
