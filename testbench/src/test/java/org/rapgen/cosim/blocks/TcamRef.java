package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Reference for {@code Tcam(entries, keyBits, payloadBits)}, written from SPEC §5 stage 1 and interfaces.md #1: entry
 * i matches when it is valid and {@code (key | mask) == (value | mask)} (mask bit 1 = don't care); a search is answered
 * through one register stage with the table as it was when the search was accepted (a write on that same edge is
 * not seen); reset clears the valid bits and the output stage. Keys up to 64 bits.
 */
final class TcamRef implements SearchRef {
    /** What the result port carries for one accepted search. */
    record Result(long key, long payload, BigInteger match) {
    }

    /** One table write: entry {@code index} gets value/mask/valid ({@code len} is for tables that keep one). */
    record Write(int index, long value, long mask, boolean valid, int len) {
        Write(int index, long value, long mask, boolean valid) {
            this(index, value, mask, valid, 0);
        }
    }

    /** One search: key and payload. */
    record Search(long key, long payload) {
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

    @Override
    public boolean outputValid() {
        return out() != null;
    }

    @Override
    public boolean searchReady(boolean resultReady) {
        return pipe.inReady(resultReady);
    }

    /**
     * A clock edge; {@code w} and {@code s} are null when their valid is low. The search is matched before the write
     * takes effect.
     */
    void clock(boolean reset, Write w, Search s, boolean resultReady) {
        pipe.clock(reset, s == null ? null : new Result(s.key(), s.payload(), match(s.key())), resultReady);
        if (reset) {
            Arrays.fill(valid, false);
        } else if (w != null && w.index() < entries) {  // an index past the last entry writes nothing
            value[w.index()] = w.value();
            mask[w.index()] = w.mask();
            valid[w.index()] = w.valid();
        }
    }
}
