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
 *   <li>{@code slot_info}: whether the slot holds a node, its depth, its prefix (for a split's children and the node
 *       readout), its parent's slot and its parent's parent's (for a split's marks, below: two ancestors a read, so
 *       the marks go one a clock although a read takes two);</li>
 *   <li>{@code sub_min}: a lower bound of the merge sums S in the node's subtree (count + its leaf children's counts,
 *       over the nodes with leaf children; all ones for none), which lets a merge batch pass over every subtree where
 *       no S is below T ({@link TrieMergeWalk}). The root's is also the register {@link #rootMin}.</li>
 * </ul>
 * Why the bound holds: a batch writes it exactly for every node it visits (bottom-up, as the minimum of the node's own
 * S and its children's bounds); between batches counts only grow, so S only grows, except at a split, which marks the
 * split node and its ancestors with 0 (the split node's parent lost a leaf child, so its S fell).
 * Each RAM has one read port and one write port, each used by one unit at a time (the FSM's states exclude each other;
 * in a merge batch the walk reads while its verdict unit writes), and a read never meets a write of the same slot on
 * the same clock. A write lands a clock after a unit asks for it, from registers of the port's own ({@code
 * word_write_q} and so on), so the units' choice of slot and value, and whether they write, never route straight to the
 * blocks; the root's registers take it at once. So a slot written on one clock reads the new value from the clock
 * after next, which no unit asks for sooner (asserted). A read port's address, where no unit reads, is the
 * operation's slot ({@link #pointReads}), so its multiplexer needs no term for the units that read that slot. Every
 * read lands in a plain register, whatever reads it next: {@link
 * #READ_LATENCY} clocks from the read to its data, so that no logic follows a block RAM's slow read in the same clock
 * (on the ECP5 the register becomes the RAM's own output register). The data then holds until the next read's lands.
 * Built in the caller's module; the units drive the port wires.
 */
final class TrieTables {
    /** Clocks from a read to its data in {@link #wordData}, {@link #minData} or the slot info. */
    static final int READ_LATENCY = 2;

    final ChildWord words;
    private final int depthBits;
    private final int keyBits;

    // --- child words: read (a clock later in wordRead), and write (every copy at once)
    final UInt wordReadSlot;
    final Bool wordRead = WireDefault(Bool(), B(false)).named("word_read");
    final UInt wordData;
    final Bool wordWrite = WireDefault(Bool(), B(false)).named("word_write");
    final UInt wordWriteSlot;
    final UInt wordWriteValue;
    final UInt rootWord;

    // --- slot info
    final UInt infoReadSlot;
    final Bool infoRead = WireDefault(Bool(), B(false)).named("info_read");
    private final UInt infoData;
    final Bool infoWrite = WireDefault(Bool(), B(false)).named("info_write");
    final UInt infoWriteSlot;
    final UInt infoWriteValue;

    // --- sub_min
    final UInt minReadSlot;
    final Bool minRead = WireDefault(Bool(), B(false)).named("min_read");
    final UInt minData;
    final Bool minWrite = WireDefault(Bool(), B(false)).named("min_write");
    final UInt minWriteSlot;
    final UInt minWriteValue;
    final UInt rootMin;
    private final int slotBits;

    TrieTables(RapConfig c) {
        words = new ChildWord(c);
        depthBits = c.depthBits();
        keyBits = c.keyBits();
        slotBits = c.slotBits();
        int ww = words.width();
        wordReadSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("word_read_slot");
        wordWriteSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("word_write_slot");
        wordWriteValue = WireDefault(UInt(ww), U(0, ww)).named("word_write_value");
        infoReadSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("info_read_slot");
        infoWriteSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("info_write_slot");
        int iw = infoWidth();
        infoWriteValue = WireDefault(UInt(iw), U(0, iw)).named("info_write_value");

        SyncReadMem<UInt> ctlWords =
                SyncReadMem(c.nodes(), UInt(ww)).named("ctl_words").attribute("no_rw_check");
        wordData = RegNext(ctlWords.read(wordReadSlot, wordRead)).named("word_data");
        rootWord = RegInit(U(0, ww)).named("root_word");
        when(wordWrite.and(wordWriteSlot.eq(0)), () -> rootWord.connect(wordWriteValue));
        writeLate(ctlWords, "ctl_words", "word", wordWrite, wordWriteSlot, wordWriteValue, wordRead, wordReadSlot);
        SyncReadMem<UInt> info =
                SyncReadMem(c.nodes(), UInt(iw)).named("slot_info").attribute("no_rw_check");
        infoData = RegNext(info.read(infoReadSlot, infoRead)).named("info_data");
        writeLate(info, "slot_info", "info", infoWrite, infoWriteSlot, infoWriteValue, infoRead, infoReadSlot);
        int mw = c.mergeSumBits();
        minReadSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("min_read_slot");
        minWriteSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("min_write_slot");
        minWriteValue = WireDefault(UInt(mw), U(0, mw)).named("min_write_value");
        SyncReadMem<UInt> subMin =
                SyncReadMem(c.nodes(), UInt(mw)).named("sub_min").attribute("no_rw_check");
        minData = RegNext(subMin.read(minReadSlot, minRead)).named("min_data");
        rootMin = RegInit(Fill(mw, B(true))).named("root_min");
        when(minWrite.and(minWriteSlot.eq(0)), () -> rootMin.connect(minWriteValue));
        writeLate(subMin, "sub_min", "min", minWrite, minWriteSlot, minWriteValue, minRead, minReadSlot);
    }

    /**
     * A table's write, landed a clock after a unit asks for it from registers of the port's own ({@code <port>_write_q},
     * {@code <port>_write_slot_q}, {@code <port>_write_value_q}). A read beside a write of another slot is the RAM's two
     * ports; of the same slot it would be undefined (no_rw_check), and a unit's read on the clock after its write of the
     * slot would meet it so: asserted.
     */
    private static void writeLate(
            SyncReadMem<UInt> ram,
            String ramName,
            String port,
            Bool write,
            UInt slot,
            UInt value,
            Bool read,
            UInt readSlot) {
        // Verilog name: the port's name and what the register holds, a clock late.
        Bool writeQ = RegNext(write, B(false)).named(port + "_write_q");
        // Verilog name: as above.
        UInt slotQ = RegNext(slot).named(port + "_write_slot_q");
        // Verilog name: as above.
        UInt valueQ = RegNext(value).named(port + "_write_value_q");
        when(writeQ, () -> ram.write(slotQ, valueQ));
        Assert(read.and(writeQ).and(readSlot.eq(slotQ)).not(), ramName + " read on the clock its slot's write lands");
    }

    /**
     * Every read port's address where no unit reads (call before the units): {@code slot}, the operation's, which most
     * reads of the split want, so the ports' multiplexers need no term for them.
     */
    void pointReads(UInt slot) {
        pointWordAndMin(slot);
        infoReadSlot.connect(slot);
    }

    /**
     * The child-word and bound ports' address is {@code slot} on this clock, whether or not they read: a unit that
     * reads them on some clocks of a state points them on all, so that the address waits on the state alone.
     */
    void pointWordAndMin(UInt slot) {
        wordReadSlot.connect(slot);
        minReadSlot.connect(slot);
    }

    /** On this clock edge slot's child word becomes {@code word} in every copy. */
    void writeWord(UInt slot, UInt word) {
        wordWrite.connect(B(true));
        wordWriteSlot.connect(slot);
        wordWriteValue.connect(word);
    }

    /** Reads slot's child word into {@link #wordData}, {@link #READ_LATENCY} clocks from now. */
    void readWord(UInt slot) {
        wordRead.connect(B(true));
        wordReadSlot.connect(slot);
    }

    /** On this clock edge slot holds a node of this depth, prefix, parent and grandparent. */
    void place(UInt slot, UInt depth, UInt prefix, UInt parent, UInt grandparent) {
        infoWrite.connect(B(true));
        infoWriteSlot.connect(slot);
        infoWriteValue.connect(Cat(B(true), depth, prefix, parent, grandparent));
    }

    private int infoWidth() {
        return 1 + depthBits + keyBits + 2 * slotBits;
    }

    /** On this clock edge the root's bound becomes 0 (a split below it; the other marks follow, a clock each). */
    void zeroRootMin() {
        rootMin.connect(U(0, rootMin.getWidth()));
    }

    /** Reads slot's merge-sum bound into {@link #minData}, {@link #READ_LATENCY} clocks from now. */
    void readMin(UInt slot) {
        minRead.connect(B(true));
        minReadSlot.connect(slot);
    }

    /** On this clock edge slot's merge-sum bound becomes {@code value}. */
    void writeMin(UInt slot, UInt value) {
        minWrite.connect(B(true));
        minWriteSlot.connect(slot);
        minWriteValue.connect(value);
    }

    /** On this clock edge slot holds no node. */
    void free(UInt slot) {
        infoWrite.connect(B(true));
        infoWriteSlot.connect(slot);
        infoWriteValue.connect(U(0, infoWidth()));
    }

    /** Reads slot's info into {@link #infoValid}, {@link #infoDepth} and {@link #infoPrefix}, {@link #READ_LATENCY} clocks from now. */
    void readInfo(UInt slot) {
        infoRead.connect(B(true));
        infoReadSlot.connect(slot);
    }

    Bool infoValid() {
        return infoData.bit(infoWidth() - 1);
    }

    UInt infoDepth() {
        return infoData.bits(depthBits + keyBits + 2 * slotBits - 1, keyBits + 2 * slotBits);
    }

    UInt infoPrefix() {
        return infoData.bits(keyBits + 2 * slotBits - 1, 2 * slotBits);
    }

    UInt infoParent() {
        return infoData.bits(2 * slotBits - 1, slotBits);
    }

    UInt infoGrandparent() {
        return infoData.bits(slotBits - 1, 0);
    }
}
