package org.rapgen.golden.sampler;

/** One output message {@code <pc, w, count>}. Written as {@code <hex pc> <hex w> <decimal count>} (SPEC &sect;8). */
public record Message(long pc, long w, long count) {
    @Override
    public String toString() {
        return line(pc, w, count);
    }

    /** The SPEC &sect;8 line for a message, without the newline: the one format {@code sample} and {@code cosim} write. */
    public static String line(long pc, long w, long count) {
        return Long.toHexString(pc) + " " + Long.toHexString(w) + " " + Long.toUnsignedString(count);
    }
}
