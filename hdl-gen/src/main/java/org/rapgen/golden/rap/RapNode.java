package org.rapgen.golden.rap;

import java.util.Comparator;

/**
 * One node of a RAP tree as seen from outside: the aligned range
 * {@code [prefix, prefix + 2^(K-len) - 1]} and its own count (not its subtree's).
 *
 * <p>{@code prefix} and {@code count} are unsigned 64-bit values; {@code prefix} has its low
 * {@code K - len} bits clear.
 */
public record RapNode(long prefix, int len, long count) {

    /** The dump and snapshot order: prefix as unsigned, then len (so a parent precedes its children). */
    public static final Comparator<RapNode> ORDER =
            Comparator.<RapNode>comparingLong(v -> v.prefix() ^ Long.MIN_VALUE).thenComparingInt(RapNode::len);

    /** Last key in the range, unsigned. */
    public long lastKey(int keyBits) {
        return prefix | rangeMask(keyBits, len);
    }

    /** Whether {@code key} lies in this node's range. */
    public boolean contains(long key, int keyBits) {
        return (key & ~rangeMask(keyBits, len)) == prefix;
    }

    /** Mask of the {@code keyBits - len} low bits a node of length {@code len} leaves free. */
    static long rangeMask(int keyBits, int len) {
        int free = keyBits - len;
        return free == 64 ? -1L : (1L << free) - 1;
    }
}
