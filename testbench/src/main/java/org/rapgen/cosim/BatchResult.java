package org.rapgen.cosim;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/** The outputs sampled by a {@link Batch}, one value per cycle and port. */
public final class BatchResult {
    private final long firstCycle;
    private final int cycles;
    private final List<ModelPort> ports;
    private final long[] out;
    private final int stride;

    BatchResult(long firstCycle, int cycles, List<ModelPort> ports, long[] out, int stride) {
        this.firstCycle = firstCycle;
        this.cycles = cycles;
        this.ports = ports;
        this.out = out;
        this.stride = stride;
    }

    /** {@link Sim#cycle()} of the batch's first row, for error messages. */
    public long firstCycle() {
        return firstCycle;
    }

    public int cycles() {
        return cycles;
    }

    /** Values of a port of at most 64 bits, indexed by cycle within the batch. */
    public long[] values(String port) {
        ModelPort p = find(port);
        if (p.isWide()) throw new IllegalArgumentException(port + " is wider than 64 bits: use bigValues");
        int off = offset(p);
        long[] v = new long[cycles];
        for (int c = 0; c < cycles; c++) v[c] = out[c * stride + off];
        return v;
    }

    public BigInteger[] bigValues(String port) {
        ModelPort p = find(port);
        int off = offset(p);
        BigInteger[] v = new BigInteger[cycles];
        for (int c = 0; c < cycles; c++)
            v[c] = Words.toBig(Arrays.copyOfRange(out, c * stride + off, c * stride + off + p.words()));
        return v;
    }

    private ModelPort find(String name) {
        for (ModelPort p : ports) if (p.name().equals(name)) return p;
        throw new IllegalArgumentException(name + " was not sampled in this batch");
    }

    private int offset(ModelPort p) {
        int off = 0;
        for (ModelPort q : ports) {
            if (q == p) return off;
            off += q.words();
        }
        throw new AssertionError();
    }
}
