package org.rapgen.engines.rap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The RAP engine's AXI4-Lite register map, described once. The hardware ({@link CsrFile}) is built by walking this
 * list, {@code docs/rap-registers.md} is rendered from it ({@link RegisterDoc}), and the co-simulation driver finds
 * addresses and bit positions here by name, so the three cannot drift apart.
 *
 * <p>All registers are 32 bits wide at word-aligned byte offsets. A 64-bit value occupies two registers, {@code _LO}
 * at the lower offset. Status values are read from a snapshot: writing CTRL.snapshot copies every status value as it
 * was at one clock (where no split or merge is half done), so a multi-word read is consistent.
 */
public final class RapRegisters {
    /** How software sees a field. */
    public enum Kind {
        /** read-only, driven by the engine */
        RO,
        /** read/write storage */
        RW,
        /** write 1 to trigger an action; reads 0 */
        PULSE
    }

    /** A bit field of a register. {@code reset} is the reset value of an RW field (config-dependent ones are noted in doc). */
    public record Field(String name, int lsb, int width, Kind kind, long reset, String doc) {
        public long mask() {
            return width == 64 ? -1L : ((1L << width) - 1) << lsb;
        }

        /** This field's value in a word read from its register. */
        public long valueIn(long word) {
            return (word & mask()) >>> lsb;
        }
    }

    /**
     * A 32-bit register. {@code snapshot}: its value is the copy CTRL.snapshot takes, not a live one; the hardware
     * keeps these in block RAM ({@link CsrFile}), so they must sit at consecutive offsets.
     */
    public record Register(String name, int offset, String doc, List<Field> fields, boolean snapshot) {
        Register inSnapshot() {
            return new Register(name, offset, doc, fields, true);
        }

        public Field field(String fieldName) {
            for (Field f : fields) if (f.name.equals(fieldName)) return f;
            throw new IllegalArgumentException("register " + name + " has no field " + fieldName);
        }
    }

    /** Address bits decoded (4 KiB window). */
    public static final int ADDR_BITS = 12;
    /** ID register value: ASCII "RAP" and the register-map version 1. */
    public static final long ID_VALUE = 0x5241_5001L;

    private static final List<Register> ALL;
    private static final Map<String, Register> BY_NAME = new LinkedHashMap<>();

    static {
        List<Register> r = new ArrayList<>();
        r.add(reg(
                "ID",
                0x000,
                "Identifies the engine and the register-map version.",
                ro("id", 0, 32, "0x52415001: \"RAP\", map version 1")));
        r.add(reg(
                "CONFIG0",
                0x004,
                "Generator parameters (read-only).",
                ro("key_bits", 0, 8, "K"),
                ro("bits_per_level", 8, 4, "k (branching b = 2^k)"),
                ro("counter_bits", 16, 8, "C"),
                ro("weight_bits", 24, 8, "W")));
        r.add(reg(
                "CONFIG1",
                0x008,
                "Generator parameters (read-only).",
                ro("nodes", 0, 16, "N node slots (0 for 65536)"),
                ro("log2_queue_depth", 16, 5, "log2 of the event-queue depth"),
                ro("combine", 24, 1, "the event queue combines identical events"),
                ro("weight_field", 25, 1, "tdata carries a W-bit weight above the key")));
        r.add(reg(
                "CTRL",
                0x00C,
                "Control.",
                rw(
                        "enable",
                        0,
                        1,
                        1,
                        "1: events flow from the queue into the pipeline; 0: they wait in the queue "
                                + "(tready drops when it is full). Events already in the pipeline finish."),
                pulse("flush", 1, "release the combining queue's pending event (as tlast does)"),
                pulse(
                        "soft_reset",
                        2,
                        "stop accepting events, finish every event already accepted (as if the last "
                                + "one had tlast), then clear the tree, the counters and the status, and load EPS, M0 and Q"),
                pulse("snapshot", 3, "copy all status values (N .. ZERO_WEIGHT) into the readable snapshot")));
        r.add(reg(
                "STATUS",
                0x010,
                "Live state (not part of the snapshot).",
                ro(
                        "idle",
                        0,
                        1,
                        "queue, pipeline and controller are empty; every accepted event is in the tree "
                                + "except a pending combined event"),
                ro("busy", 1, 1, "a split or merge is in progress"),
                ro("overflow", 2, 1, "sticky: some split was deferred for lack of node slots"),
                ro("saturated", 3, 1, "sticky: some counter write clipped at 2^C-1"),
                ro("snapshot_busy", 4, 1, "a snapshot is being taken; wait for 0 before reading it"),
                ro("flush_busy", 5, 1, "a flush is waiting to reach the queue"),
                ro("resetting", 6, 1, "reset or soft reset in progress; tready is low"),
                ro("readout_busy", 7, 1, "a node readout is in progress; wait for 0 before reading NODE_*"),
                ro("zero_weight", 8, 1, "sticky: some beat had weight 0 (dropped and counted in ZERO_WEIGHT)")));
        r.add(reg(
                "EPS",
                0x014,
                "eps in UQ0.16 (floor(eps * 65536)), loaded into the engine by reset or soft_reset.",
                rw("eps_fx", 0, 16, -1, "1..65535; reset value: the eps_fx generator parameter")));
        r.add(reg(
                "M0_LO",
                0x018,
                "First merge point M0, bits 31:0; loaded by reset or soft_reset.",
                rw("value", 0, 32, -1, "reset value: the m0 generator parameter")));
        r.add(reg(
                "M0_HI",
                0x01C,
                "First merge point M0, bits 63:32.",
                rw("value", 0, 32, -1, "reset value: the m0 generator parameter")));
        r.add(reg(
                "Q",
                0x020,
                "Merge schedule factor q (>= 2); loaded by reset or soft_reset.",
                rw("value", 0, 32, -1, "reset value: the q generator parameter")));
        r.add(reg(
                "SLOT",
                0x024,
                "Node readout: writing a slot index latches that slot into NODE, NODE_PREFIX_* and "
                        + "NODE_COUNT_* (STATUS.readout_busy is high meanwhile). The pipeline pauses for a few cycles.",
                rw("index", 0, 16, 0, "slot 0..N-1 (slot 0 is always the root)")));
        r.add(reg(
                "NODE",
                0x028,
                "The latched slot.",
                ro("len", 0, 8, "prefix length in bits (0 for a free slot)"),
                ro("valid", 31, 1, "the slot holds a node")));
        r.addAll(wide("NODE_PREFIX", 0x02C, "Prefix of the latched slot (zero above K, and for a free slot)."));
        r.addAll(wide("NODE_COUNT", 0x034, "Counter of the latched slot."));
        List<Register> s = new ArrayList<>();
        s.addAll(wide("N", 0x040, "Snapshot: n, the total weight processed."));
        s.add(reg("NODES", 0x048, "Snapshot: nodes in the tree, root included.", ro("value", 0, 17, "current nodes")));
        s.add(reg(
                "HIGH_WATER",
                0x04C,
                "Snapshot: the most nodes ever held (sampled after each split).",
                ro("value", 0, 17, "high-water nodes")));
        s.addAll(wide("UPDATES", 0x050, "Snapshot: events processed (after the combining queue)."));
        s.addAll(wide("SPLITS", 0x058, "Snapshot: splits performed (one per split node)."));
        s.addAll(wide("MERGES", 0x060, "Snapshot: nodes removed by merge batches."));
        s.addAll(wide("MERGE_BATCHES", 0x068, "Snapshot: merge batches run, scheduled and early."));
        s.addAll(wide("DEFERRED_SPLITS", 0x070, "Snapshot: split attempts skipped for lack of slots."));
        s.addAll(wide("SATURATIONS", 0x078, "Snapshot: counter writes clipped at 2^C-1."));
        s.addAll(wide("ERROR_BOUND", 0x080, "Snapshot: (n * eps_fx) >> 16, the eps*n part of the SPEC §4 bound."));
        s.addAll(wide("ZERO_WEIGHT", 0x088, "Snapshot: beats dropped because their weight was 0."));
        s.add(reg(
                "SNAP_FLAGS",
                0x090,
                "Snapshot: the sticky flags as they were at the snapshot.",
                ro("overflow", 0, 1, "overflow at the snapshot"),
                ro("saturated", 1, 1, "saturated at the snapshot")));
        for (Register x : s) r.add(x.inSnapshot());
        ALL = List.copyOf(r);
        for (Register x : ALL) {
            if (BY_NAME.put(x.name, x) != null) throw new IllegalStateException("duplicate register " + x.name);
        }
    }

    private RapRegisters() {}

    public static List<Register> all() {
        return ALL;
    }

    public static Register get(String name) {
        Register r = BY_NAME.get(name);
        if (r == null) throw new IllegalArgumentException("no register " + name);
        return r;
    }

    public static int offset(String name) {
        return get(name).offset;
    }

    private static Register reg(String name, int offset, String doc, Field... fields) {
        return new Register(name, offset, doc, List.of(fields), false);
    }

    /** A 64-bit read-only value as NAME_LO / NAME_HI, each with one 32-bit field {@code value}. */
    private static List<Register> wide(String name, int offset, String doc) {
        return List.of(
                reg(name + "_LO", offset, doc + " Bits 31:0.", ro("value", 0, 32, "bits 31:0")),
                reg(name + "_HI", offset + 4, doc + " Bits 63:32.", ro("value", 0, 32, "bits 63:32")));
    }

    private static Field ro(String name, int lsb, int width, String doc) {
        return new Field(name, lsb, width, Kind.RO, 0, doc);
    }

    private static Field rw(String name, int lsb, int width, long reset, String doc) {
        return new Field(name, lsb, width, Kind.RW, reset, doc);
    }

    private static Field pulse(String name, int lsb, String doc) {
        return new Field(name, lsb, 1, Kind.PULSE, 0, doc);
    }
}
