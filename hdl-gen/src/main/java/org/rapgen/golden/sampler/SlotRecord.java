package org.rapgen.golden.sampler;

/**
 * One slot of Zilles and Sohi's slot table as the table reports it at an interrupt (docs/slot-table.md): a message
 * {@code <pc, active value, count>} whose count packs the slot's counters and the interrupt's cause.
 * <pre>
 * count bits:  34..33 cause   32 off   31..16 total   15..8 misses   7..0 hits
 * </pre>
 *
 * @param hits   samples equal to the active value since it was selected
 * @param misses samples of other values since then
 * @param total  samples of the pc since the slot took it, including those before a reselection
 * @param off    the slot was turned off (saturated, or its value changed after it had {@code keep} hits): it kept its
 *               counts and matched nothing since
 * @param cause  why the table was read out
 */
public record SlotRecord(long pc, long value, int hits, int misses, int total, boolean off, Cause cause) {
    /** Why the table interrupted: the encoding is the cause field's value. */
    public enum Cause {
        /** The end of a frame (TLAST) or of the stream. */
        END,
        /** The failed-replacement counter reached {@code fail}. */
        FAILED,
        /** {@code thrash} replacements since the last clean slate. */
        THRASH
    }

    /** Bits of the packed count. */
    public static final int COUNT_BITS = 35;

    public static long pack(int hits, int misses, int total, boolean off, Cause cause) {
        return (long) cause.ordinal() << 33 | (off ? 1L << 32 : 0) | (long) total << 16 | (long) misses << 8 | hits;
    }

    public static SlotRecord of(long pc, long value, long count) {
        return new SlotRecord(
                pc,
                value,
                (int) (count & 0xff),
                (int) (count >>> 8 & 0xff),
                (int) (count >>> 16 & 0xffff),
                (count >>> 32 & 1) != 0,
                Cause.values()[(int) (count >>> 33 & 3)]);
    }
}
