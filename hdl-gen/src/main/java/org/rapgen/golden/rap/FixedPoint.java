package org.rapgen.golden.rap;

/**
 * Unsigned 64x64-bit fixed-point helpers shared by the threshold, the error bound and the
 * merge schedule.
 *
 * <p>All {@code long} arguments and results here are <em>unsigned</em> 64-bit values, because
 * {@code n} and the node counts are unsigned 64-bit registers in the hardware. Java 17 has no
 * {@code Math.unsignedMultiplyHigh}, so we derive it from the signed {@link Math#multiplyHigh}.
 */
final class FixedPoint {
    private FixedPoint() {}

    /** High 64 bits of the unsigned 128-bit product {@code a * b}. */
    static long unsignedMultiplyHigh(long a, long b) {
        // Signed high product, corrected for operands whose top bit was read as a sign.
        long hi = Math.multiplyHigh(a, b);
        hi += (a >> 63) & b;
        hi += (b >> 63) & a;
        return hi;
    }

    /**
     * {@code floor(a * b / 2^shift)} for unsigned {@code a}, {@code b}, computed over the exact
     * 128-bit product so no intermediate bit is lost. The caller guarantees the result fits in
     * 64 bits (true for {@code b < 2^16} and {@code shift >= 16}).
     *
     * @param shift 1..63
     */
    static long mulShiftRight(long a, long b, int shift) {
        if (shift < 1 || shift > 63) {
            throw new IllegalArgumentException("shift must be 1..63, got " + shift);
        }
        long hi = unsignedMultiplyHigh(a, b);
        long lo = a * b;
        return (hi << (64 - shift)) | (lo >>> shift);
    }

    /** Whether the unsigned product {@code a * b} needs more than 64 bits. */
    static boolean multiplyOverflows(long a, long b) {
        return unsignedMultiplyHigh(a, b) != 0;
    }
}
