package org.rapgen.cosim.blocks;

import java.math.BigInteger;

/**
 * Reference for {@code Tcam(entries, keyBits, payloadBits)}, written from SPEC §5 stage 1 and interfaces.md #1: entry
 * i matches when it is valid and {@code (key | mask) == (value | mask)} (mask bit 1 = don't care); a search is answered
 * through one register stage with the table as it was when the search was accepted (a write on that same edge is
 * not seen); reset clears the valid bits and the output stage. Keys up to 64 bits.
 */
final class TcamRef {
    /** What the result port carries for one accepted search. */
    record Result(long key, long payload, BigInteger match) {
    }

    final int entries;
    private final long[] value;
    private final long[] mask;
    private final boolean[] valid;
    private final StallPipeRef<Result> pipe = new StallPipeRef<>(1);

    TcamRef(int entries) {
        this.entries = entries;
        value = new long[entries];
        mask = new long[entries];
        valid = new boolean[entries];
    }

    static boolean matches(long key, long value, long mask) {
        return (key | mask) == (value | mask);
    }

    /** The match vector of {@code key} against the table as it is now (bit i = entry i). */
    BigInteger match(long key) {
        BigInteger m = BigInteger.ZERO;
        for (int i = 0; i < entries; i++) if (valid[i] && matches(key, value[i], mask[i])) m = m.setBit(i);
        return m;
    }

    BigInteger entryValid() {
        BigInteger v = BigInteger.ZERO;
        for (int i = 0; i < entries; i++) if (valid[i]) v = v.setBit(i);
        return v;
    }

    Result out() {
        return pipe.out();
    }

    boolean searchReady(boolean resultReady) {
        return pipe.inReady(resultReady);
    }

    /** A clock edge with these inputs. The search (if valid) is matched before the write takes effect. */
    void clock(boolean reset, TcamIn in) {
        Result r = in.searchValid() ? new Result(in.key(), in.payload(), match(in.key())) : null;
        pipe.clock(reset, r, in.resultReady());
        if (reset) {
            java.util.Arrays.fill(valid, false);
        } else if (in.writeValid() && in.index() < entries) {  // an index past the last entry writes nothing
            value[in.index()] = in.value();
            mask[in.index()] = in.mask();
            valid[in.index()] = in.valid();
        }
    }

    /** One cycle's inputs of the Tcam. */
    record TcamIn(boolean writeValid, int index, long value, long mask, boolean valid,
                  boolean searchValid, long key, long payload, boolean resultReady) {
    }
}
