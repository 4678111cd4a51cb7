package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.AxiLite;

/**
 * Builds the AXI4-Lite register file of {@link RapRegisters} inside the current module: RW storage, write pulses,
 * and a registered read multiplexer whose RO fields the caller supplies with {@link #ro}. {@link #finish()} refuses to
 * build a map with a field left unconnected, so the hardware always implements the whole description.
 *
 * <p>Snapshot registers ({@link RapRegisters.Register#snapshot()}) live in a block RAM, one 32-bit word each, in
 * offset order. Their RO sources are the live values; while the caller holds {@link #snapshot}'s {@code frozen} high
 * (the live values do not change), the file copies them into the RAM one word per clock through a multiplexer of its
 * own, waiting at a word whose source is not ready yet ({@link #ro64(String, UInt, Bool)}). So the snapshot costs
 * RAM bits instead of a flip-flop copy, and the read multiplexer covers only the registers outside the RAM.
 *
 * <p>Protocol: a write is taken when AW and W are both valid and no write is in progress (awready = wready in that
 * cycle). Its address, data and strobes go into registers, and it is applied on the next clock, honouring WSTRB byte
 * lanes: the RW fields' enables and the pulses then start at flip-flops, not at the handshake and the address decode.
 * The response is OKAY when the write has taken effect, two cycles after it was taken. A read address is taken
 * whenever the one-entry address stage is empty, decoded into it; the read is made from there when no read data is
 * pending and no snapshot copy runs, and the data follows one cycle later (two after the address at the earliest), from
 * the read register or, for a snapshot register, straight from the RAM's read port (read only when a read is made, so
 * the word holds while rvalid waits for rready). Holding reads off during a copy keeps the RAM's read and write apart,
 * so Yosys maps it onto a block RAM without read-first emulation logic. Unmapped addresses read 0 and ignore writes
 * (response OKAY).
 */
final class CsrFile {
    private final AxiLite axi;
    private final Map<String, UInt> rwValues = new HashMap<>();
    private final Map<String, Long> rwResets = new HashMap<>();
    private final Map<String, Bool> pulses = new HashMap<>();
    private final Map<String, UInt> roSources = new HashMap<>();
    private final Map<String, Bool> writeHits = new HashMap<>();
    /** Snapshot registers whose source becomes valid later than the others, by name. */
    private final Map<String, Bool> readyOf = new HashMap<>();
    /** Snapshot registers read from the status counter bank: the bank's half index, by name. */
    private final Map<String, Integer> bankHalf = new HashMap<>();

    private StatusCounterBank.IO bank;
    private Bool frozen;
    private Bool copied;
    private final Bool writing;
    private final UInt writeData;
    private final UInt writeStrobes;

    /** @param resets reset values of the RW fields marked as generator-dependent in the description, by "REG.field" */
    CsrFile(AxiLite axi, Map<String, Long> resets) {
        this.axi = axi;
        Bool bvalid = RegInit(B(false)).named("csr_bvalid");
        writing = RegInit(B(false)).named("csr_writing");
        Bool csrWrite =
                axi.awvalid.and(axi.wvalid).and(bvalid.not()).and(writing.not()).named("csr_write");
        axi.awready.connect(csrWrite);
        axi.wready.connect(csrWrite);
        // The write stage: datapath registers, loaded only when a write is taken.
        writeData = Reg(UInt(32)).named("csr_write_data");
        writeStrobes = Reg(UInt(4)).named("csr_write_strobes");
        writing.connect(csrWrite);
        when(csrWrite, () -> {
            writeData.connect(axi.wdata);
            writeStrobes.connect(axi.wstrb);
        });
        when(writing, () -> bvalid.connect(B(true))).elsewhen(axi.bready, () -> bvalid.connect(B(false)));
        axi.bvalid.connect(bvalid);
        axi.bresp.connect(U(0, 2));

        UInt takenIndex = axi.awaddr.bits(RapRegisters.ADDR_BITS - 1, 2);
        for (RapRegisters.Register r : RapRegisters.all()) {
            // Decoded as the write is taken, one flip-flop per register: its fields' enables are then two flip-flops
            // and a byte lane, not a compare of the registered index first.
            Bool hit = writing.and(selectOnTake("csr_write_sel_", r, csrWrite, takenIndex));
            writeHits.put(r.name(), hit);
            for (RapRegisters.Field f : r.fields()) {
                String key = r.name() + "." + f.name();
                Bool laneOn = lane(f);
                switch (f.kind()) {
                    case RW -> {
                        long reset = f.reset() >= 0 ? f.reset() : required(resets, key, "needs a reset value");
                        UInt value = RegInit(U(reset, f.width()))
                                .named("csr_" + r.name().toLowerCase() + "_" + f.name());
                        when(hit.and(laneOn), () -> value.connect(fieldData(f)));
                        rwValues.put(key, value);
                        rwResets.put(key, reset);
                    }
                    case PULSE ->
                        pulses.put(
                                key,
                                hit.and(laneOn)
                                        .and(writeData.bit(f.lsb()))
                                        .named("csr_" + r.name().toLowerCase() + "_" + f.name()));
                    case RO -> {}
                }
            }
        }
    }

    /** A flip-flop named {@code prefix + r}, loaded when {@code take} with "word {@code index} is register r". */
    private static Bool selectOnTake(String prefix, RapRegisters.Register r, Bool take, UInt index) {
        Bool select = Reg(Bool()).named(prefix + r.name().toLowerCase());
        when(take, () -> select.connect(index.eq(U(r.offset() >> 2, RapRegisters.ADDR_BITS - 2))));
        return select;
    }

    /** All byte lanes that hold part of the field are strobed (a field is written whole or not at all). */
    private Bool lane(RapRegisters.Field f) {
        Bool on = B(true);
        for (int b = f.lsb() / 8; b <= (f.lsb() + f.width() - 1) / 8; b++) on = on.and(writeStrobes.bit(b));
        return on;
    }

    /** Field {@code f}'s bits of the write being applied. */
    private UInt fieldData(RapRegisters.Field f) {
        return writeData.bits(f.lsb() + f.width() - 1, f.lsb());
    }

    UInt rw(String reg, String field) {
        return required(rwValues, reg + "." + field, "is not of the requested kind");
    }

    Bool pulse(String reg, String field) {
        return required(pulses, reg + "." + field, "is not of the requested kind");
    }

    /**
     * A flip-flop that is high while RW field {@code reg.field} holds 0: taken from the write data as the field is
     * written, so a reader's "is it zero" is one flip-flop, not a LUT tree over the field.
     */
    Bool rwIsZero(String reg, String field) {
        UInt value = rw(reg, field);
        RapRegisters.Field f = RapRegisters.get(reg).field(field);
        Bool zero = RegInit(B(rwResets.get(reg + "." + field) == 0))
                .named("csr_" + reg.toLowerCase() + "_" + field + "_zero");
        when(written(reg).and(lane(f)), () -> zero.connect(fieldData(f).eq(0)));
        Assert(zero.eq(value.eq(0)), "CSR " + reg + "." + field + ": the zero flag disagrees with the field");
        return zero;
    }

    /** High in the cycle a write to {@code reg} is applied (its RW fields change on that clock edge). */
    Bool written(String reg) {
        Bool hit = writeHits.get(reg);
        if (hit == null) throw new HdlException(SourceLoc.callerOf(CsrFile.class), "no register " + reg);
        return hit;
    }

    /** Connects a read-only field; the value may be narrower than the field (zero-extended). */
    void ro(String reg, String field, UInt value) {
        RapRegisters.Field f = RapRegisters.get(reg).field(field);
        if (f.kind() != RapRegisters.Kind.RO)
            throw new HdlException(SourceLoc.callerOf(CsrFile.class), "CSR " + reg + "." + field + " is not read-only");
        if (value.getWidth() > f.width()) {
            throw new HdlException(
                    SourceLoc.callerOf(CsrFile.class),
                    "CSR " + reg + "." + field + " is " + f.width() + " bits, value has " + value.getWidth());
        }
        if (roSources.put(reg + "." + field, value) != null)
            throw new HdlException(SourceLoc.callerOf(CsrFile.class), "CSR " + reg + "." + field + " connected twice");
    }

    /** Connects a 64-bit value described as NAME_LO / NAME_HI. */
    void ro64(String name, UInt value) {
        // A named wire, not pad(): the emitter renders bits() of an inline pad as an illegal {..}[hi:lo] select.
        UInt v = Wire(UInt(64)).named("csr_" + name.toLowerCase());
        v.connect(value);
        ro(name + "_LO", "value", v.bits(31, 0));
        ro(name + "_HI", "value", v.bits(63, 32));
    }

    /** As {@link #ro64(String, UInt)}, for a snapshot value that may be copied only once {@code ready} is high. */
    void ro64(String name, UInt value, Bool ready) {
        ro64(name, value);
        for (String half : List.of(name + "_LO", name + "_HI")) {
            if (!RapRegisters.get(half).snapshot())
                throw new HdlException(
                        SourceLoc.callerOf(CsrFile.class), "CSR " + half + " is not a snapshot register");
            readyOf.put(half, ready);
        }
    }

    /** Takes NAME_LO / NAME_HI, snapshot registers, from counter {@code counter} of the bank ({@link #bank}). */
    void banked64(String name, int counter) {
        for (int half = 0; half < 2; half++) {
            String reg = name + (half == 0 ? "_LO" : "_HI");
            if (!RapRegisters.get(reg).snapshot())
                throw new HdlException(SourceLoc.callerOf(CsrFile.class), "CSR " + reg + " is not a snapshot register");
            if (bankHalf.put(reg, 2 * counter + half) != null)
                throw new HdlException(SourceLoc.callerOf(CsrFile.class), "CSR " + reg + " banked twice");
        }
    }

    /** The status counter bank that the {@link #banked64} registers are copied from, while it is idle. */
    void bank(StatusCounterBank.IO port) {
        if (bank != null) throw new HdlException(SourceLoc.callerOf(CsrFile.class), "bank() called twice");
        bank = port;
    }

    /**
     * The snapshot copy. {@code frozen}: the live values stand still, copy them; the returned pulse is high in the
     * clock the last word is written, and {@code frozen} must fall after it (a copy restarts from the first word).
     */
    Bool snapshot(Bool frozen) {
        if (this.frozen != null) throw new HdlException(SourceLoc.callerOf(CsrFile.class), "snapshot() called twice");
        this.frozen = frozen;
        copied = Wire(Bool()).named("csr_snapshot_copied");
        return copied;
    }

    /** Builds the read side and the snapshot copy; call after every RO field is connected. */
    void finish() {
        List<String> missing = new ArrayList<>();
        List<RapRegisters.Register> inRam = new ArrayList<>();
        List<UInt> ramWords = new ArrayList<>();
        UInt index = axi.araddr.bits(RapRegisters.ADDR_BITS - 1, 2).named("csr_read_index");
        // The read address stage: an address is taken into registers, already decoded (one select flip-flop per
        // register outside the RAM), and read on a later clock. The read data's multiplexer then starts at flip-flops
        // of its own, not at the bus's address and its compares.
        Bool arFull = RegInit(B(false)).named("csr_ar_full");
        Bool arTake = axi.arvalid.and(arFull.not()).named("csr_ar_take");
        axi.arready.connect(arFull.not());
        UInt data = U(0, 32);
        if (!bankHalf.isEmpty() && bank == null)
            throw new HdlException(SourceLoc.callerOf(CsrFile.class), "banked CSRs without bank()");
        for (RapRegisters.Register r : RapRegisters.all()) {
            UInt word = bankHalf.containsKey(r.name()) ? null : word(r, missing);
            if (r.snapshot()) {
                inRam.add(r);
                ramWords.add(word);
            } else {
                // AND-OR rather than a Mux chain: offsets are distinct, and the OR tree stays shallow.
                data = data.or(Mux(selectOnTake("csr_read_sel_", r, arTake, index), word, U(0, 32)));
            }
        }
        if (!missing.isEmpty())
            throw new HdlException(SourceLoc.callerOf(CsrFile.class), "CSR fields without a source: " + missing);

        Bool rvalid = RegInit(B(false)).named("csr_rvalid");
        UInt csrRdata = Reg(UInt(32)).named("csr_rdata");
        Bool readOpen =
                rvalid.not().and(frozen == null ? B(true) : frozen.not()).named("csr_read_open");
        Bool csrRead = arFull.and(readOpen).named("csr_read");
        UInt readData = data;
        when(csrRead, () -> {
                    rvalid.connect(B(true));
                    csrRdata.connect(readData);
                })
                .elsewhen(axi.rready, () -> rvalid.connect(B(false)));
        arFull.connect(arTake.or(arFull.and(csrRead.not())));
        axi.rvalid.connect(rvalid);
        axi.rdata.connect(inRam.isEmpty() ? csrRdata : csrSnapshot(inRam, ramWords, index, arTake, csrRead, csrRdata));
        axi.rresp.connect(U(0, 2));
    }

    /** The RO/RW fields of {@code r} placed in a 32-bit word; unconnected fields are added to {@code missing}. */
    private UInt word(RapRegisters.Register r, List<String> missing) {
        UInt word = U(0, 32);
        for (RapRegisters.Field f : r.fields()) {
            String key = r.name() + "." + f.name();
            UInt v = switch (f.kind()) {
                case RW -> rwValues.get(key);
                case PULSE -> U(0, 1);
                case RO -> roSources.get(key);
            };
            if (v == null) {
                missing.add(key);
                continue;
            }
            UInt placed = f.lsb() == 0
                    ? v.pad(32)
                    : Cat(v.pad(f.width()), U(0, f.lsb())).pad(32);
            word = word.or(placed.bits(31, 0));
        }
        return word;
    }

    /**
     * The RAM of the snapshot registers (word i = {@code regs.get(i)}), its copy sweep, and the read data: the RAM's
     * read port for a snapshot register, {@code held} for the others.
     */
    private UInt csrSnapshot(
            List<RapRegisters.Register> regs, List<UInt> words, UInt index, Bool arTake, Bool csrRead, UInt csrRdata) {
        SourceLoc loc = SourceLoc.callerOf(CsrFile.class);
        if (frozen == null)
            throw new HdlException(loc, "the map has snapshot registers: call snapshot(frozen) before finish()");
        int base = regs.get(0).offset() >> 2;
        for (int i = 0; i < regs.size(); i++) {
            if (regs.get(i).offset() >> 2 != base + i)
                throw new HdlException(loc, "snapshot register " + regs.get(i).name() + " is not at the next offset");
        }
        int n = regs.size();
        int wb = log2Up(n);
        SyncReadMem<UInt> csrSnapshot = SyncReadMem(n, UInt(32)).named("csr_snapshot");

        // Copy: word by word in offset order; a multiplexer on the copy counter, so no flip-flop holds a second copy. A
        // banked word comes from the counter bank's read port, which the copy addresses while it stands on that word.
        UInt snapWord = RegInit(U(0, wb)).named("csr_snap_word");
        // "On the last word" and "on word i" for each word that waits for a ready are flags stepped with the word
        // counter, so the copy's write, its end and the freeze's release start at flip-flops and not at a decode of
        // the counter (a decode into snapshot_frozen's enable led iCE40 placements).
        Bool last = RegInit(B(n == 1)).named("csr_snap_last");
        Assert(last.eq(snapWord.eq(U(n - 1, wb))), "csr_snap_last disagrees with csr_snap_word %d", snapWord);
        UInt snapWordNext = Mux(last, U(0, wb), snapWord.add(1)).named("csr_snap_word_next");
        // Whether the copy stands on a banked word, and the bank's index for it: registered, and loaded with the next
        // word's as the copy moves on, so the bank's read index and its compare start at flip-flops, not at a decode of
        // the word counter (that decode into the bank led iCE40 placements).
        int ib = bank == null ? 1 : bank.readIndex.getWidth();
        Integer firstHalf = bankHalf.get(regs.get(0).name());
        Bool onBank = RegInit(B(firstHalf != null)).named("csr_snap_on_bank");
        UInt bankIndex = RegInit(U(firstHalf == null ? 0 : firstHalf, ib)).named("csr_snap_bank_index");
        Assert(
                onBank.eq(bankWord(regs, snapWord)).and(bankIndex.eq(bankIndexOf(regs, snapWord, ib))),
                "csr_snap_on_bank or csr_snap_bank_index does not describe csr_snap_word %d",
                snapWord);
        UInt copyData = U(0, 32);
        Bool wait = bank == null ? B(false) : onBank.and(bank.readValid.not());
        List<Runnable> stepFlags = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (bankHalf.containsKey(regs.get(i).name())) continue;
            Bool here = snapWord.eq(U(i, wb));
            copyData = copyData.or(Mux(here, words.get(i), U(0, 32)));
            Bool ready = readyOf.get(regs.get(i).name());
            if (ready == null) continue;
            int word = i;
            String flag = "csr_snap_on_" + regs.get(i).name().toLowerCase(Locale.ROOT);
            Bool on = RegInit(B(i == 0)).named(flag);
            Assert(on.eq(here), flag + " disagrees with csr_snap_word %d", snapWord);
            stepFlags.add(() -> on.connect(snapWordNext.eq(U(word, wb))));
            wait = wait.or(on.and(ready.not()));
        }
        if (bank != null) {
            Bool snapFromBank = frozen.and(onBank).named("csr_snap_from_bank");
            bank.readEnable.connect(snapFromBank);
            bank.readIndex.connect(bankIndex);
            copyData = copyData.or(Mux(snapFromBank, bank.readData, U(0, 32)));
        }
        Bool write = frozen.and(wait.not()).named("csr_snap_write");
        UInt data = copyData.named("csr_snap_data");
        when(write, () -> {
            csrSnapshot.write(snapWord, data);
            snapWord.connect(snapWordNext);
            last.connect(snapWordNext.eq(U(n - 1, wb)));
            stepFlags.forEach(Runnable::run);
            onBank.connect(bankWord(regs, snapWordNext));
            bankIndex.connect(bankIndexOf(regs, snapWordNext, ib));
        });
        copied.connect(write.and(last));

        // Read: index - base wraps below the RAM, so one compare tells a RAM word from the rest; both are taken with
        // the address.
        UInt rel = Reg(UInt(wb)).named("csr_snap_rel");
        Bool readRam = Reg(Bool()).named("csr_read_ram");
        UInt relNow = index.sub(U(base, RapRegisters.ADDR_BITS - 2));
        when(arTake, () -> {
            rel.connect(relNow.bits(wb - 1, 0));
            readRam.connect(relNow.lt(U(n, RapRegisters.ADDR_BITS - 2)));
        });
        UInt fromRam = csrSnapshot.read(rel, csrRead.and(readRam));
        Bool rdataRam = RegInit(B(false)).named("csr_rdata_ram");
        when(csrRead, () -> rdataRam.connect(readRam));
        return Mux(rdataRam, fromRam, csrRdata);
    }

    /** Whether snapshot word {@code word} of {@code regs} comes from the counter bank. */
    private Bool bankWord(List<RapRegisters.Register> regs, UInt word) {
        Bool on = B(false);
        for (int i = 0; i < regs.size(); i++) {
            if (bankHalf.containsKey(regs.get(i).name())) on = on.or(word.eq(U(i, word.getWidth())));
        }
        return on;
    }

    /** The counter bank's read index (counter and half) for snapshot word {@code word}, 0 for a word not banked. */
    private UInt bankIndexOf(List<RapRegisters.Register> regs, UInt word, int indexBits) {
        UInt index = U(0, indexBits);
        for (int i = 0; i < regs.size(); i++) {
            Integer half = bankHalf.get(regs.get(i).name());
            if (half != null)
                index = index.or(Mux(word.eq(U(i, word.getWidth())), U(half, indexBits), U(0, indexBits)));
        }
        return index;
    }

    /** {@code m}'s entry for "REG.field", or an error naming it. */
    private static <T> T required(Map<String, T> m, String key, String problem) {
        T v = m.get(key);
        if (v == null) throw new HdlException(SourceLoc.callerOf(CsrFile.class), "CSR " + key + " " + problem);
        return v;
    }
}
