package org.rapgen.golden.sampler;

/**
 * The stratified sampler's hash (Sastry et al. &sect;3.5, SPEC &sect;6), bit-exact with the hardware.
 *
 * <h2>Table</h2>
 * A 256-entry permutation of 0..255 built by Fisher&ndash;Yates from a 32-bit seed (nonzero):
 * <pre>
 * t[i] = i for i in 0..255;  x = seed
 * for i = 255 down to 1:
 *     x ^= (x &lt;&lt; 13) mod 2^32;  x ^= x &gt;&gt; 17;  x ^= (x &lt;&lt; 5) mod 2^32     // xorshift32
 *     j = x mod (i + 1)                                                  // x unsigned
 *     swap t[i], t[j]
 * </pre>
 * The default seed is {@link #DEFAULT_SEED} = {@code 0x9E3779B9}.
 *
 * <h2>Functions on K-bit words</h2> (K a multiple of 8, 8..64; byte 0 is bits 7..0)
 * <ul>
 *   <li>{@code randomize(x)}: byte i of the result is {@code t[byte i of x]}.</li>
 *   <li>{@code flip(x)}: byte i of the result is byte K/8-1-i of x.</li>
 *   <li>{@code xorfold(x, b)}: XOR of the b-bit chunks {@code x[b-1:0], x[2b-1:b], ...}; the last
 *       chunk, if K is not a multiple of b, is zero-extended (equivalently: x is zero-padded to a
 *       multiple of b bits). {@code xorfold(x, 0) = 0}; for b &ge; K it is x itself.</li>
 *   <li>{@code index(pc, w, b) = xorfold(flip(randomize(pc)) ^ randomize(w), b)} with b = log2(n).</li>
 *   <li>{@code tag(pc, w, b) = xorfold(pc ^ w, b)} (the tagged compressor's partial tag, paper &sect;4.1).</li>
 * </ul>
 */
public final class SamplerHash {
    public static final int DEFAULT_SEED = 0x9E3779B9;

    private final int keyBits;
    private final int[] table;

    public SamplerHash(int keyBits, int seed) {
        if (keyBits < 8 || keyBits > 64 || keyBits % 8 != 0) {
            throw new IllegalArgumentException("key bits must be a multiple of 8 in 8..64, got " + keyBits);
        }
        this.keyBits = keyBits;
        this.table = table(seed);
    }

    public SamplerHash(int keyBits) {
        this(keyBits, DEFAULT_SEED);
    }

    /** The 256-entry permutation for {@code seed} (see class comment). */
    public static int[] table(int seed) {
        if (seed == 0) throw new IllegalArgumentException("hash seed must be nonzero");
        int[] t = new int[256];
        for (int i = 0; i < 256; i++) t[i] = i;
        int x = seed;
        for (int i = 255; i >= 1; i--) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            int j = (int) Long.remainderUnsigned(x & 0xffffffffL, i + 1);
            int tmp = t[i];
            t[i] = t[j];
            t[j] = tmp;
        }
        return t;
    }

    public int keyBits() {
        return keyBits;
    }

    /** A copy of the table. */
    public int[] table() {
        return table.clone();
    }

    public long randomize(long x) {
        long r = 0;
        for (int i = 0; i < keyBits; i += 8) r |= (long) table[(int) (x >>> i) & 0xff] << i;
        return r;
    }

    public long flip(long x) {
        long r = 0;
        int bytes = keyBits / 8;
        for (int i = 0; i < bytes; i++) r |= ((x >>> (8 * i)) & 0xffL) << (8 * (bytes - 1 - i));
        return r;
    }

    public static long xorfold(long x, int keyBits, int b) {
        if (b == 0) return 0;
        if (b >= 64) return x;
        long mask = (1L << b) - 1;
        long r = 0;
        for (int s = 0; s < keyBits; s += b) r ^= (x >>> s) & mask;
        return r;
    }

    public long xorfold(long x, int b) {
        return xorfold(x, keyBits, b);
    }

    /** Stratum / set index of a tuple, {@code b} bits. */
    public long index(long pc, long w, int b) {
        return xorfold(flip(randomize(pc)) ^ randomize(w), b);
    }

    /** Partial tag of a tuple, {@code b} bits. */
    public long tag(long pc, long w, int b) {
        return xorfold(pc ^ w, b);
    }
}
