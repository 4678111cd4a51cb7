package org.rapgen.cosim.sampler;

/** Packing fields into and out of a port value held as 64-bit words, least significant word first. */
final class Bitfields {
    private Bitfields() {}

    static void put(long[] words, int pos, int width, long value) {
        for (int i = 0; i < width; i++) {
            int b = pos + i;
            long bit = (value >>> i) & 1;
            words[b >>> 6] = (words[b >>> 6] & ~(1L << (b & 63))) | (bit << (b & 63));
        }
    }

    static long get(long[] words, int pos, int width) {
        long v = 0;
        for (int i = 0; i < width; i++) {
            int b = pos + i;
            v |= ((words[b >>> 6] >>> (b & 63)) & 1) << i;
        }
        return v;
    }
}
