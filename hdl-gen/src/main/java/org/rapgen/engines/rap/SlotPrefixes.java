package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * The TCAM lookup's node prefixes, a block RAM word per slot. One read port (one block RAM copy) serves the node
 * readout and the split, which reads the parent's prefix in SPLIT for SPLIT_ALLOC; the readout latches its word, so a
 * later split cannot change it. One write port too, as a block RAM has: INIT writes the root's prefix, a split each
 * child's. It is written once, from wires, because synthesis cannot prove two ports' enables exclusive when they are
 * two one-hot state flip-flops. Read and written in different states, which synthesis cannot see through the one-hot
 * state either: without {@code no_rw_check} it builds read-during-write forwarding (an assertion checks). Built in
 * the caller's module.
 */
final class SlotPrefixes {
    /** The word read on the clock before. */
    final UInt read;
    /** The write strobe, with its slot and value: wires, default off. */
    final Bool write = WireDefault(Bool(), B(false)).named("prefix_write");

    final UInt writeSlot;
    final UInt writeValue;

    /**
     * @param readParent read {@code parent}'s prefix (SPLIT) on this clock
     * @param readout    read {@code readoutSlot}'s prefix (READ_ISSUE) on this clock
     */
    SlotPrefixes(RapConfig c, Bool readParent, UInt parent, Bool readout, UInt readoutSlot) {
        SyncReadMem<UInt> slotPrefix =
                SyncReadMem(c.nodes(), UInt(c.keyBits())).named("slot_prefix").attribute("no_rw_check");
        Bool readEnable = readParent.or(readout);
        read = slotPrefix.read(Mux(readParent, parent, readoutSlot), readEnable);
        writeSlot = Wire(UInt(c.slotBits())).named("prefix_write_slot");
        writeValue = Wire(UInt(c.keyBits())).named("prefix_write_value");
        when(write, () -> {
            slotPrefix.write(writeSlot, writeValue);
            Assert(readEnable.not(), "slot_prefix read and written in one clock");
        });
    }
}
