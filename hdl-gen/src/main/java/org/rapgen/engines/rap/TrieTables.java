package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * The trie controller's own view of the tree, in block RAM, and the one write port that keeps every copy of it equal:
 * <ul>
 *   <li>{@code ctl_words}: each slot's child word ({@link ChildWord}), the same as the walk's level RAMs hold; the root's
 *       is also the register {@link #rootWord} that stage 0 of the walk reads;</li>
 *   <li>{@code slot_info}: whether the slot holds a node, its depth and its prefix (for a split's children and the
 *       node readout).</li>
 * </ul>
 * Each RAM has one read port and one write port, used by one unit at a time (the FSM's states exclude each other), and
 * a read never meets a write of the same clock. Built in the caller's module; the units drive the port wires.
 */
final class TrieTables {
    final ChildWord words;
    private final int depthBits;
    private final int keyBits;

    // --- child words: read (a clock later in wordRead), and write (every copy at once)
    final UInt wordReadSlot;
    final Bool wordReads = WireDefault(Bool(), B(false)).named("word_read");
    final UInt wordRead;
    final Bool wordWrites = WireDefault(Bool(), B(false)).named("word_write");
    final UInt wordWriteSlot;
    final UInt wordWriteValue;
    final UInt rootWord;

    // --- slot info
    final UInt infoReadSlot;
    final Bool infoReads = WireDefault(Bool(), B(false)).named("info_read");
    private final UInt infoRead;
    final Bool infoWrites = WireDefault(Bool(), B(false)).named("info_write");
    final UInt infoWriteSlot;
    final UInt infoWriteValue;

    TrieTables(RapConfig c) {
        words = new ChildWord(c);
        depthBits = c.depthBits();
        keyBits = c.keyBits();
        int slotBits = c.slotBits();
        int ww = words.width();
        wordReadSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("word_read_slot");
        wordWriteSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("word_write_slot");
        wordWriteValue = WireDefault(UInt(ww), U(0, ww)).named("word_write_value");
        infoReadSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("info_read_slot");
        infoWriteSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("info_write_slot");
        int iw = 1 + depthBits + keyBits;
        infoWriteValue = WireDefault(UInt(iw), U(0, iw)).named("info_write_value");

        SyncReadMem<UInt> ctlWords = SyncReadMem(c.nodes(), UInt(ww)).named("ctl_words").attribute("no_rw_check");
        wordRead = ctlWords.read(wordReadSlot, wordReads);
        rootWord = RegInit(U(0, ww)).named("root_word");
        when(wordWrites, () -> {
            ctlWords.write(wordWriteSlot, wordWriteValue);
            when(wordWriteSlot.eq(0), () -> rootWord.connect(wordWriteValue));
        });
        SyncReadMem<UInt> info = SyncReadMem(c.nodes(), UInt(iw)).named("slot_info").attribute("no_rw_check");
        infoRead = info.read(infoReadSlot, infoReads);
        when(infoWrites, () -> info.write(infoWriteSlot, infoWriteValue));
        Assert(wordReads.and(wordWrites).not(), "ctl_words read and written on one clock");
        Assert(infoReads.and(infoWrites).not(), "slot_info read and written on one clock");
    }

    /** On this clock edge slot's child word becomes {@code word} in every copy. */
    void writeWord(UInt slot, UInt word) {
        wordWrites.connect(B(true));
        wordWriteSlot.connect(slot);
        wordWriteValue.connect(word);
    }

    /** Reads slot's child word into {@link #wordRead} on the next clock. */
    void readWord(UInt slot) {
        wordReads.connect(B(true));
        wordReadSlot.connect(slot);
    }

    /** On this clock edge slot holds a node of this depth and prefix. */
    void place(UInt slot, UInt depth, UInt prefix) {
        infoWrites.connect(B(true));
        infoWriteSlot.connect(slot);
        infoWriteValue.connect(Cat(B(true), depth, prefix));
    }

    /** On this clock edge slot holds no node. */
    void free(UInt slot) {
        infoWrites.connect(B(true));
        infoWriteSlot.connect(slot);
        infoWriteValue.connect(U(0, 1 + depthBits + keyBits));
    }

    /** Reads slot's info into {@link #infoValid}, {@link #infoDepth} and {@link #infoPrefix} on the next clock. */
    void readInfo(UInt slot) {
        infoReads.connect(B(true));
        infoReadSlot.connect(slot);
    }

    Bool infoValid() {
        return infoRead.bit(depthBits + keyBits);
    }

    UInt infoDepth() {
        return infoRead.bits(depthBits + keyBits - 1, keyBits);
    }

    UInt infoPrefix() {
        return infoRead.bits(keyBits - 1, 0);
    }
}
