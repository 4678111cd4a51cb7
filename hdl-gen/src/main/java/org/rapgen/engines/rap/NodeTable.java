package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * The shape of the tree, one entry per node slot, in registers so that the controller can ask questions of every
 * slot at once: which slots are free, which nodes of a level have children, which leaf children a node has. Built in
 * the controller's module.
 *
 * <p>Per slot: {@code valid}; {@code depth} (the length / k, a bit narrower than a length when k > 1);
 * {@code parent} (the parent's slot; a node never moves, so it is fixed from creation to removal);
 * {@code digit} (which of the parent's b children it is); {@code childCount} (0 = leaf).
 * Slot 0 is the root, always valid, depth 0. Prefixes and counts are not here: the TCAM and the counter SRAM hold them.
 */
final class NodeTable {
    private Vec<UInt> depths;
    private final RapConfig c;
    /** Bit i: slot i holds a node. */
    final UInt valid;

    final Vec<UInt> depth;
    final Vec<UInt> parent;
    final Vec<UInt> digit;
    final Vec<UInt> childCount;
    /** The one write port of {@link #childCount}: per slot an address compare and an enable, not a mux per writer. */
    private final Bool childCountWrite;

    private final UInt childCountSlot;
    private final UInt childCountValue;
    /** A child count asked for on the last clock lands on this one, in {@link #pendingSlot()}. */
    final Bool writeQ;

    private final UInt slotQ;

    NodeTable(RapConfig c) {
        this.c = c;
        valid = RegInit(U(1, c.nodes())).named("slot_valid");
        depth = Reg(Vec(c.nodes(), UInt(c.depthBits()))).named("slot_depth");
        parent = Reg(Vec(c.nodes(), UInt(c.slotBits()))).named("slot_parent");
        digit = Reg(Vec(c.nodes(), UInt(c.bitsPerLevel()))).named("slot_digit");
        childCount = RegInitAll(Vec(c.nodes(), UInt(c.childCountBits())), 0).named("slot_children");
        childCountWrite = WireDefault(Bool(), B(false)).named("children_write");
        childCountSlot = WireDefault(UInt(c.slotBits()), U(0, c.slotBits())).named("children_write_slot");
        childCountValue =
                WireDefault(UInt(c.childCountBits()), U(0, c.childCountBits())).named("children_write_value");
        // The write lands a clock after it is asked for, from registers: the 3 x N enables (the widest fan-out of the
        // controller) then start at flip-flops instead of at the end of a split or a merge verdict. Nothing reads a
        // count in the clock between: after a split's last child the walk starts at a deeper level or events replay
        // much later, and a merge walk moves to the next level two clocks after the last verdict at the earliest.
        writeQ = RegNext(childCountWrite, B(false)).named("children_write_q");
        slotQ = RegNext(childCountSlot).named("children_write_q_slot");
        UInt childrenWriteQValue = RegNext(childCountValue).named("children_write_q_value");
        when(writeQ, () -> childCount.write(slotQ, childrenWriteQValue));
    }

    /** While {@link #writeQ}: the slot whose child count is still the old one. */
    UInt pendingSlot() {
        return slotQ;
    }

    /** Sets the child count of {@code slot} on the clock edge after this one (at most one caller per clock). */
    void setChildCount(UInt slot, UInt count) {
        childCountWrite.connect(B(true));
        childCountSlot.connect(slot);
        childCountValue.connect(count);
    }

    /**
     * On this clock edge the slot that {@code slotOneHot} selects takes a new node's depth, parent and digit. One-hot,
     * not an index: the walker registers its pick both ways, and each slot's write enable is then one AND, not an
     * index compare behind the allocation decision.
     */
    void place(UInt slotOneHot, UInt nodeDepth, UInt parentSlot, UInt nodeDigit) {
        for (int i = 0; i < c.nodes(); i++) {
            int slot = i;
            when(slotOneHot.bit(i), () -> {
                depth.get(slot).connect(nodeDepth);
                parent.get(slot).connect(parentSlot);
                digit.get(slot).connect(nodeDigit);
            });
        }
    }

    /** Valid slots other than the root whose parent is {@code p}; only leaves while {@code leavesOnly}. */
    UInt childrenOf(UInt p, Bool leavesOnly) {
        return nonRootSlots(i -> valid.bit(i)
                .and(parent.get(i).eq(p))
                .and(leavesOnly.not().or(childCount.get(i).eq(0))));
    }

    /**
     * Leaves of depth {@code depth} (at least 1, so never the root): each has a parent one level up, and every node
     * with leaf children at that level is the parent of one of them. The merge walk goes through these.
     */
    UInt leavesAt(UInt depth) {
        return nonRootSlots(i -> valid.bit(i)
                .and(this.depth.get(i).eq(depth))
                .and(childCount.get(i).eq(0)));
    }

    /** Slots (other than the root) whose depth register exceeds {@code bound}; only valid slots hold nodes. */
    UInt deeperThan(UInt bound) {
        return nonRootSlots(i -> depth.get(i).gt(bound));
    }

    /** A slot vector with {@code test} for every slot but the root, whose bit is 0: the root is no one's child. */
    private UInt nonRootSlots(IntFunction<Bool> test) {
        List<Bool> bits = new ArrayList<>();
        bits.add(B(false));
        for (int i = 1; i < c.nodes(); i++) bits.add(test.apply(i));
        return CatLsbFirst(bits);
    }

    /** Depth of the node in {@code slot} (the root's is 0 by construction, whatever its register holds). */
    UInt depthOf(UInt slot) {
        return Mux(slot.eq(0), U(0, c.depthBits()), depth.read(slot));
    }

    /** Depths as the longest-prefix selector wants them, the root's forced to 0 (one wire, built on first use). */
    Vec<UInt> depths() {
        if (depths == null) {
            depths = Wire(Vec(c.nodes(), UInt(c.depthBits()))).named("slot_depths");
            depths.get(0).connect(U(0, c.depthBits()));
            for (int i = 1; i < c.nodes(); i++) depths.get(i).connect(depth.get(i));
        }
        return depths;
    }

    /** On this clock edge the table holds the root alone (a soft reset). */
    void clear() {
        valid.connect(U(1, c.nodes()));
        for (UInt cc : childCount.elements()) cc.connect(U(0, c.childCountBits()));
    }
}
