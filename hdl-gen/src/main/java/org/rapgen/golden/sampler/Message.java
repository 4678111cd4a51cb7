package org.rapgen.golden.sampler;

/**
 * One output message {@code <pc, w, count>}, written as {@code <hex pc> <hex w> <decimal count>} (SPEC &sect;8). A
 * value hotlist's message also carries its row's level: its count was kept with probability {@code p = 2^-level}, so
 * it stands for {@link #estimate()} tuples, and the line has a fourth field, {@code <decimal level>}.
 *
 * @param level the row's level, or -1 for a message that stands for exactly its count
 */
public record Message(long pc, long w, long count, int level) {
    public Message(long pc, long w, long count) {
        this(pc, w, count, -1);
    }

    /** The tuples this message stands for: the count, scaled by 1/p for a hotlist message. */
    public long estimate() {
        return estimate(count, level);
    }

    /** The tuples a count stands for at a level ({@code count << level}), or the count itself for level -1. */
    public static long estimate(long count, int level) {
        return level < 0 ? count : count << level;
    }

    @Override
    public String toString() {
        return line(pc, w, count, level);
    }

    /** The SPEC &sect;8 line for a message, without the newline: the one format {@code sample} and {@code cosim} write. */
    public static String line(long pc, long w, long count) {
        return Long.toHexString(pc) + " " + Long.toHexString(w) + " " + Long.toUnsignedString(count);
    }

    /** The line with the level as a fourth field when there is one ({@code level >= 0}). */
    public static String line(long pc, long w, long count, int level) {
        return level < 0 ? line(pc, w, count) : line(pc, w, count) + " " + level;
    }
}
