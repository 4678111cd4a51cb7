package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Reference for {@code Tcam(entries, keyBits, payloadBits)} and {@code BramTcam}, written from SPEC §5 stage 1,
 * interfaces.md #1 and docs/blocks.md: entry i matches when it is valid and {@code (key | mask) == (value | mask)}
 * (mask bit 1 = don't care); a search is answered through {@code latency} register stages (a global stall) with the
 * table as it was when the search was accepted (a write on that same edge is not seen); reset clears the valid bits
 * and the pipeline. Keys up to 64 bits.
 *
 * <p>Writes: the register {@code Tcam} takes one every clock. A {@code BramTcam} write with valid = 1 sweeps its RAMs
 * (blocks.md): accepted in cycle t, the sweep starts in the first cycle s > t in which the first pipeline stage is empty
 * or advancing, and write.ready and search.ready are low from t + 1 through s + {@code sweepClocks}. A write with
 * valid = 0 takes one clock. The table itself changes at acceptance in both (it decides entryValid; no search can see
 * a half-swept entry).
 */
final class TcamRef implements SearchRef {
    /** What the result port carries for one accepted search. */
    record Result(long key, long payload, BigInteger match) {}

    /** One table write: entry {@code index} gets value/mask/valid ({@code len} is for tables that keep one). */
    record Write(int index, long value, long mask, boolean valid, int len) {
        Write(int index, long value, long mask, boolean valid) {
            this(index, value, mask, valid, 0);
        }
    }

    /** One search: key and payload. */
    record Search(long key, long payload) {}

    final int entries;
    private final long[] value;
    private final long[] mask;
    private final boolean[] valid;
    private final StallPipeRef<Result> pipe;
    private final int sweepClocks;
    private boolean sweepWaiting; // a valid write was accepted, its sweep has not started
    private int sweepLeft; // busy cycles left after this one

    /** The register {@code Tcam}. */
    TcamRef(int entries) {
        this(entries, 1, 0);
    }

    /** @param sweepClocks the RAM sweep of a valid write (0: writes take one clock, as in the register Tcam) */
    TcamRef(int entries, int latency, int sweepClocks) {
        this.entries = entries;
        this.sweepClocks = sweepClocks;
        pipe = new StallPipeRef<>(latency);
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

    /** A write sweep holds the block (write.ready and search.ready low). */
    boolean busy() {
        return sweepWaiting || sweepLeft > 0;
    }

    @Override
    public boolean writeReady() {
        return !busy();
    }

    @Override
    public boolean searchReady(boolean resultReady) {
        return pipe.inReady(resultReady) && !busy();
    }

    /** An accepted write's sweep cannot start this cycle: the first stage holds a search that does not move on. */
    boolean sweepHeld(boolean resultReady) {
        return sweepWaiting && !pipe.firstEmpty() && !pipe.inReady(resultReady);
    }

    /** Searches in flight (accepted, result not yet taken). */
    boolean searching() {
        return !pipe.empty();
    }

    /**
     * A clock edge; {@code w} and {@code s} are null when their valid is low (they are taken only when ready). The
     * search is matched before the write takes effect.
     */
    void clock(boolean reset, Write w, Search s, boolean resultReady) {
        boolean write = w != null && writeReady();
        boolean search = s != null && searchReady(resultReady);
        if (sweepWaiting && (pipe.firstEmpty() || pipe.inReady(resultReady))) {
            sweepWaiting = false;
            sweepLeft = sweepClocks;
        } else if (sweepLeft > 0) {
            sweepLeft--;
        }
        pipe.clock(reset, search ? new Result(s.key(), s.payload(), match(s.key())) : null, resultReady);
        if (reset) {
            Arrays.fill(valid, false);
            sweepWaiting = false;
            sweepLeft = 0;
            return;
        }
        if (write && w.valid() && sweepClocks > 0) sweepWaiting = true; // a valid write sweeps even past the last entry
        if (write && w.index() < entries) { // an index past the last entry writes nothing
            value[w.index()] = w.value();
            mask[w.index()] = w.mask();
            valid[w.index()] = w.valid();
        }
    }
}
