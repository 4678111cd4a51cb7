package org.rapgen.golden.rap;

/**
 * Immutable, validated algorithm parameters of a RAP tree (SPEC §4).
 *
 * <ul>
 *   <li>{@code keyBits} K: key width, 32 or 64.</li>
 *   <li>{@code bitsPerLevel} k: 1, 2 or 4, so the branching factor is b = 2^k (2, 4 or 16).</li>
 *   <li>L = K / k levels; always a power of two (8..64), which lets the threshold divide by L
 *       with a shift.</li>
 *   <li>{@code epsFx}: eps as unsigned Q0.16, {@code floor(eps * 65536)}, 1..65535. The hardware
 *       only ever sees this integer, so the golden model only keeps this integer too.</li>
 *   <li>{@code m0}, {@code q}: merge batches run when n first reaches m0, m0*q, m0*q^2, ...
 *       (defaults 1024 and 2); m0 &gt;= 1, q &gt;= 2.</li>
 * </ul>
 *
 * <h2>Fixed-point forms (the hardware mirrors these bit for bit)</h2>
 * <pre>
 *   T(n)     = (n * epsFx) &gt;&gt; (16 + log2(L))     split/merge threshold
 *   bound(n) = (n * epsFx) &gt;&gt; 16                  the CSR "error bound eps*n"
 * </pre>
 * n is an unsigned 64-bit value, the product is formed exactly in 128 bits, and the shift
 * truncates. Truncation and {@code epsFx <= eps*65536} both only make T smaller than
 * eps*n/L, as SPEC §4 requires.
 */
public record RapParams(int keyBits, int bitsPerLevel, int epsFx, long m0, long q) {

    public static final long DEFAULT_M0 = 1024;
    public static final long DEFAULT_Q = 2;
    /** One in Q0.16. */
    public static final int EPS_ONE = 1 << 16;

    public RapParams {
        if (keyBits != 32 && keyBits != 64) {
            throw new IllegalArgumentException("key_bits must be 32 or 64, got " + keyBits);
        }
        if (bitsPerLevel != 1 && bitsPerLevel != 2 && bitsPerLevel != 4) {
            throw new IllegalArgumentException(
                    "bits per level k must be 1, 2 or 4 (branching 2, 4 or 16), got " + bitsPerLevel);
        }
        if (epsFx < 1 || epsFx >= EPS_ONE) {
            throw new IllegalArgumentException(
                    "epsFx must be 1..65535 (eps in UQ0.16, i.e. 1/65536 <= eps < 1), got " + epsFx);
        }
        if (m0 < 1) {
            throw new IllegalArgumentException("M0 must be >= 1, got " + m0);
        }
        if (q < 2) {
            throw new IllegalArgumentException("q must be an integer >= 2, got " + q);
        }
    }

    /** Parameters with the default merge schedule (M0 = 1024, q = 2). */
    public static RapParams of(int keyBits, int bitsPerLevel, int epsFx) {
        return new RapParams(keyBits, bitsPerLevel, epsFx, DEFAULT_M0, DEFAULT_Q);
    }

    /** Parameters from a real eps; {@code epsFx = floor(eps * 65536)}. */
    public static RapParams ofEps(int keyBits, int bitsPerLevel, double eps) {
        return of(keyBits, bitsPerLevel, epsToFx(eps));
    }

    /** Same parameters with another merge schedule. */
    public RapParams withMerge(long newM0, long newQ) {
        return new RapParams(keyBits, bitsPerLevel, epsFx, newM0, newQ);
    }

    /**
     * {@code floor(eps * 65536)}. Multiplying a double by a power of two is exact, so this
     * equals the floor of the exact product for every double eps.
     */
    public static int epsToFx(double eps) {
        if (!(eps > 0.0 && eps < 1.0)) {
            throw new IllegalArgumentException("eps must be in (0, 1), got " + eps);
        }
        long fx = (long) Math.floor(eps * EPS_ONE);
        if (fx < 1) {
            throw new IllegalArgumentException("eps=" + eps + " rounds to epsFx=0 in UQ0.16; eps must be >= 1/65536");
        }
        return (int) fx;
    }

    /** Branching factor b = 2^k. */
    public int branching() {
        return 1 << bitsPerLevel;
    }

    /** L = K / k. */
    public int levels() {
        return keyBits / bitsPerLevel;
    }

    /**
     * log2(L); exact because L is a power of two for every legal (K, k). Computed as
     * log2 K - log2 k rather than through the division in {@link #levels()}, because the threshold
     * needs it on every event.
     */
    public int log2Levels() {
        return Integer.numberOfTrailingZeros(keyBits) - Integer.numberOfTrailingZeros(bitsPerLevel);
    }

    /** The eps the hardware actually uses: epsFx / 65536 (exact as a double). */
    public double eps() {
        return epsFx / (double) EPS_ONE;
    }

    /** T(n) = (n * epsFx) >> (16 + log2 L); n and the result are unsigned 64-bit. */
    public long threshold(long n) {
        return FixedPoint.mulShiftRight(n, epsFx, 16 + log2Levels());
    }

    /** The error-bound CSR: (n * epsFx) >> 16, i.e. eps*n truncated; unsigned 64-bit. */
    public long errorBound(long n) {
        return FixedPoint.mulShiftRight(n, epsFx, 16);
    }

    /** Rejects keys wider than K bits (only possible for K = 32). */
    public void checkKey(long key) {
        if (keyBits < 64 && (key >>> keyBits) != 0) {
            throw new IllegalArgumentException(
                    "key 0x" + Long.toHexString(key) + " does not fit in key_bits=" + keyBits);
        }
    }
}
