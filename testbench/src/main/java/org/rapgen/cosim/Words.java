package org.rapgen.cosim;

import java.math.BigInteger;

/** Conversions between BigInteger and little-endian 64-bit word arrays (the native value format). */
final class Words {
    private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private Words() {}

    /** Two's complement for negatives, truncated to {@code n} words. */
    static long[] of(BigInteger v, int n) {
        long[] w = new long[n];
        for (int i = 0; i < n; i++) w[i] = v.shiftRight(64 * i).longValue();
        return w;
    }

    static BigInteger toBig(long[] w) {
        BigInteger v = BigInteger.ZERO;
        for (int i = w.length - 1; i >= 0; i--)
            v = v.shiftLeft(64).or(BigInteger.valueOf(w[i]).and(MASK64));
        return v;
    }

    /**
     * An expected value as a port's unsigned bit pattern: negatives wrap to {@code width} bits
     * (so -1 means all ones); too-large positives are kept so that they mismatch visibly.
     */
    static BigInteger unsigned(Number n, int width) {
        BigInteger v = n instanceof BigInteger b ? b : BigInteger.valueOf(n.longValue());
        return v.signum() >= 0 ? v : v.and(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE));
    }
}
