package org.rapgen.cosim;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batched run: per-cycle values for some inputs, a set of outputs to sample, and one
 * native call that runs the whole clock loop in C++.
 *
 * <p>Timing of cycle c (c = 0 .. cycles-1): the inputs' values for c are applied with the
 * clock low and the model is evaluated; the sampled outputs are read now, i.e. after the
 * inputs of cycle c have settled and before the rising edge of cycle c; then the clock
 * rises. This is exactly {@code poke(inputs[c]); peek(outputs); step();} per cycle. Inputs
 * not driven keep their last value.
 */
public final class Batch {
    private final Sim sim;
    private final int cycles;
    private final Map<ModelPort, long[][]> drives = new LinkedHashMap<>(); // port -> [cycle][word]
    private final List<ModelPort> samples = new ArrayList<>();

    Batch(Sim sim, int cycles) {
        this.sim = sim;
        this.cycles = cycles;
    }

    /** One value per cycle (wide ports: the low 64 bits, zero-extended). */
    public Batch drive(String port, long[] values) {
        ModelPort p = sim.port(port);
        long[][] v = new long[check(values.length)][];
        for (int c = 0; c < cycles; c++) {
            v[c] = new long[p.words()];
            v[c][0] = values[c];
        }
        drives.put(p, v);
        return this;
    }

    public Batch drive(String port, BigInteger[] values) {
        ModelPort p = sim.port(port);
        long[][] v = new long[check(values.length)][];
        for (int c = 0; c < cycles; c++) v[c] = Words.of(values[c], p.words());
        drives.put(p, v);
        return this;
    }

    public Batch sample(String... ports) {
        for (String n : ports) samples.add(sim.port(n));
        return this;
    }

    public BatchResult run() {
        int[] inIds = drives.keySet().stream().mapToInt(ModelPort::id).toArray();
        int inStride = drives.keySet().stream().mapToInt(ModelPort::words).sum();
        int outStride = samples.stream().mapToInt(ModelPort::words).sum();
        long[] in = new long[cycles * inStride];
        int off = 0;
        for (Map.Entry<ModelPort, long[][]> e : drives.entrySet()) {
            long[][] v = e.getValue();
            int w = e.getKey().words();
            for (int c = 0; c < cycles; c++) System.arraycopy(v[c], 0, in, c * inStride + off, w);
            off += w;
        }
        long[] out = new long[cycles * outStride];
        long first = sim.cycle();
        sim.runBatch(cycles, inIds, in, samples.stream().mapToInt(ModelPort::id).toArray(), out);
        return new BatchResult(first, cycles, samples, out, outStride);
    }

    private int check(int n) {
        if (n != cycles) throw new IllegalArgumentException("expected " + cycles + " values, got " + n);
        return n;
    }
}
