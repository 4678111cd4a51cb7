package org.rapgen.trace;

/**
 * Options for opening a trace.
 *
 * @param keyBits     width K of keys / tuple words (1..64); any key, pc or w with a bit set at
 *                    or above K is rejected with a {@link TraceFormatException}
 * @param lackeyMode  which events a valgrind lackey trace yields
 * @param packetField which IPv4 address(es) a packet capture yields
 */
public record TraceOptions(int keyBits, LackeyMode lackeyMode, PacketField packetField) {

    /** What to extract from {@code valgrind --tool=lackey --trace-mem=yes} output. */
    public enum LackeyMode {
        /** Events (instruction address, 1) for every {@code I} line. */
        INSTR,
        /** Events (data address, 1) for every {@code L}, {@code S} and {@code M} line (M counts once). */
        DATA,
        /** Tuples (pc, data address) for every L/S/M line; pc is the address of the most recent
         *  {@code I} line. Data lines before the first {@code I} line are skipped and counted. */
        TUPLES,
        /** As {@link #TUPLES}, for L and M lines only: (pc, address) of every load. */
        LOADS
    }

    /** What to extract from an IPv4 packet. */
    public enum PacketField {
        /** Events (source address, 1). */
        SRC,
        /** Events (destination address, 1). */
        DST,
        /** Tuples (source address, destination address). */
        SRC_DST
    }

    public TraceOptions {
        if (keyBits < 1 || keyBits > 64) throw new IllegalArgumentException("keyBits must be 1..64, got " + keyBits);
        if (lackeyMode == null) lackeyMode = LackeyMode.INSTR;
        if (packetField == null) packetField = PacketField.SRC;
    }

    /** Defaults: the given key width, lackey instruction addresses, IPv4 source addresses. */
    public static TraceOptions keyBits(int keyBits) {
        return new TraceOptions(keyBits, LackeyMode.INSTR, PacketField.SRC);
    }

    public TraceOptions withLackeyMode(LackeyMode m) {
        return new TraceOptions(keyBits, m, packetField);
    }

    public TraceOptions withPacketField(PacketField f) {
        return new TraceOptions(keyBits, lackeyMode, f);
    }

    /** True iff {@code v} fits in {@link #keyBits} bits (unsigned). */
    public boolean fits(long v) {
        return keyBits == 64 || (v >>> keyBits) == 0;
    }
}
