package org.rapgen.cosim.cpu;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * What the harness saw on the system's taps during one run: the console text, the exit, what retired, what each
 * engine took (the pc trace and the tuple trace, in the order taken) and the sampler's messages.
 */
public final class CpuTaps {
    final StringBuilder console = new StringBuilder();
    final LongList pcs = new LongList();
    final LongList tuplePcs = new LongList();
    final LongList tupleAddrs = new LongList();
    final List<BigInteger> messages = new ArrayList<>();
    long cycles;
    long retired;
    long stalled;
    long lastPc;
    long exitCycle = -1;
    long exitCode;
    boolean trapped;
    long firstBeat = -1;
    long lastBeat = -1;

    public String console() {
        return console.toString();
    }

    public long[] pcs() {
        return pcs.toArray();
    }

    public long[] tuplePcs() {
        return tuplePcs.toArray();
    }

    public long[] tupleAddrs() {
        return tupleAddrs.toArray();
    }

    public List<BigInteger> messages() {
        return messages;
    }

    /** Clocks from reset to the firmware's exit. */
    public long cycles() {
        return exitCycle;
    }

    public long retired() {
        return retired;
    }

    /** Clocks in which the processor waited for a full feed, as the harness counted them. */
    public long stalled() {
        return stalled;
    }

    public long exitCode() {
        return exitCode;
    }

    /** Clocks from the first event the RAP engine took to the last (the traced stretch). */
    public long tracedClocks() {
        return firstBeat < 0 ? 0 : lastBeat - firstBeat + 1;
    }

    /** A growable array of longs: a Dhrystone run is a few hundred thousand events. */
    static final class LongList {
        private long[] a = new long[1024];
        private int n;

        void add(long v) {
            if (n == a.length) a = java.util.Arrays.copyOf(a, 2 * n);
            a[n++] = v;
        }

        int size() {
            return n;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(a, n);
        }
    }
}
