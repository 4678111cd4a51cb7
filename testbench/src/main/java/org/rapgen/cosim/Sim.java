package org.rapgen.cosim;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One running instance of a {@link VerilatorModel}.
 *
 * <p>Clocking: {@link #step()} is one full cycle of the input {@code clock}: the model is
 * evaluated with the clock low (inputs poked since the last step take effect; this is the
 * sample point), then the clock rises and the model is evaluated again. The clock is then
 * lowered but that evaluation is deferred to the next peek or step. So after {@code step()}
 * a peek shows the values after the rising edge, and "poke inputs, peek outputs, step" is
 * exactly one row of {@link #runBatch}. {@link #cycle()} counts completed steps since
 * creation, reset cycles included. {@code $stop}/{@code $fatal}/assertion failures in the DUT
 * throw {@link SimulationStopped} instead of ending the JVM. Not thread-safe: use one Sim from one thread at a time.
 */
public final class Sim implements AutoCloseable {
    private static final byte NARROW_IN = 0, WIDE_IN = 1, OUTPUT = 2;

    private final VerilatorModel model;
    private final Path wave;
    private final byte[] kind; // per port id: lets the hot path check direction/width without a lookup
    private long h;
    private long cycle;
    private StimulusLog log;

    Sim(VerilatorModel model, long api, Path wave) {
        this.model = model;
        this.wave = wave;
        List<ModelPort> ports = model.ports();
        this.kind = new byte[ports.size()];
        for (ModelPort p : ports) kind[p.id()] = !p.isInput() ? OUTPUT : p.isWide() ? WIDE_IN : NARROW_IN;
        this.h = NativeSim.create(api, wave == null ? null : wave.toString());
    }

    public VerilatorModel model() {
        return model;
    }

    public ModelPort port(String name) {
        return model.port(name);
    }

    public long cycle() {
        return cycle;
    }
    /** The DUT has executed {@code $finish}; the model keeps running if stepped (the test decides). */
    public boolean finished() {
        return NativeSim.finished(handle());
    }
    /** The FST file this instance writes, if it was created with one. */
    public Optional<Path> wavePath() {
        return Optional.ofNullable(wave);
    }

    /** Record all stimulus so the run can be replayed (e.g. into a traced instance on failure). */
    public void record(boolean on) {
        log = on ? new StimulusLog() : null;
    }

    StimulusLog log() {
        return log;
    }

    // ---- poke -----------------------------------------------------------------------------

    public void poke(String port, long v) {
        poke(port(port).id(), v);
    }

    public void poke(ModelPort port, long v) {
        poke(port.id(), v);
    }

    /** Drives an input; the value is truncated to the port width (wide ports: zero-extended). */
    public void poke(int id, long v) {
        byte k = kind(id);
        if (k == NARROW_IN) {
            if (log != null) log.poke(id, new long[] {v});
            NativeSim.poke(handle(), id, v);
        } else if (k == WIDE_IN) {
            long[] w = new long[model.ports().get(id).words()];
            w[0] = v;
            pokeWords(id, w);
        } else {
            throw new IllegalArgumentException("port " + model.ports().get(id).name() + " is an output");
        }
    }

    public void poke(String port, BigInteger v) {
        pokeWords(port(port).id(), Words.of(v, port(port).words()));
    }

    /** Drives an input from 64-bit words, least significant first. */
    public void pokeWords(int id, long[] words) {
        if (kind(id) == OUTPUT)
            throw new IllegalArgumentException("port " + model.ports().get(id).name() + " is an output");
        ModelPort p = model.ports().get(id);
        if (words.length != p.words()) throw new IllegalArgumentException(p.name() + " takes " + p.words() + " words");
        if (log != null) log.poke(id, words);
        NativeSim.pokeWords(handle(), id, words);
    }

    // ---- peek -----------------------------------------------------------------------------

    public long peek(String port) {
        return peek(port(port).id());
    }

    public long peek(ModelPort port) {
        return peek(port.id());
    }

    /** Reads a port of at most 64 bits (zero-extended); wide ports need {@link #peekBig}. */
    public long peek(int id) {
        kind(id);
        if (model.ports().get(id).isWide()) {
            throw new IllegalArgumentException(
                    model.ports().get(id).name() + " is wider than 64 bits: use peekBig/peekWords");
        }
        return NativeSim.peek(handle(), id);
    }

    public long[] peekWords(int id) {
        kind(id);
        long[] w = new long[model.ports().get(id).words()];
        NativeSim.peekWords(handle(), id, w);
        return w;
    }

    public BigInteger peekBig(String port) {
        return peekBig(port(port).id());
    }

    public BigInteger peekBig(int id) {
        return Words.toBig(peekWords(id));
    }

    // ---- clock ----------------------------------------------------------------------------

    public void step() {
        step(1);
    }

    public void step(long n) {
        if (n < 0) throw new IllegalArgumentException("negative step count");
        if (log != null) log.step(n);
        NativeSim.step(handle(), n);
        cycle += n;
    }

    /** Holds the active-high synchronous {@code reset} for {@code cycles} steps, then releases it. */
    public void reset(int cycles) {
        int id = port("reset").id();
        poke(id, 1);
        step(cycles);
        poke(id, 0);
    }

    // ---- batched --------------------------------------------------------------------------

    /** Builder for a batched run: many cycles in one native call. */
    public Batch batch(int cycles) {
        return new Batch(this, cycles);
    }

    /**
     * Low-level batched run; see {@link Batch} for the timing. {@code in} is row-major: row c
     * holds, for each of {@code inIds} in order, that port's {@link ModelPort#words()} words for
     * cycle c. {@code out} has the same layout for {@code outIds}, filled with the values sampled
     * in cycle c. Arrays are used in place (no copies).
     */
    public void runBatch(int cycles, int[] inIds, long[] in, int[] outIds, long[] out) {
        int inStride = 0, outStride = 0;
        for (int id : inIds) {
            if (kind(id) == OUTPUT)
                throw new IllegalArgumentException(model.ports().get(id).name() + " is an output");
            inStride += model.ports().get(id).words();
        }
        for (int id : outIds) {
            kind(id);
            outStride += model.ports().get(id).words();
        }
        if (cycles < 0 || in.length != (long) cycles * inStride || out.length != (long) cycles * outStride) {
            throw new IllegalArgumentException("batch arrays do not match " + cycles + " cycles x " + inStride
                    + " input words / " + outStride + " output words");
        }
        if (log != null) log.batch(cycles, inIds, in, outIds, out.length);
        NativeSim.runBatch(handle(), cycles, inIds, in, outIds, out);
        cycle += cycles;
    }

    // ---- checks ---------------------------------------------------------------------------

    public void expect(String port, long expected) {
        expectAll(Map.of(port, expected));
    }

    public void expect(String port, BigInteger expected) {
        expectAll(Map.of(port, expected));
    }

    /**
     * Checks every listed port (values: Long, Integer or BigInteger) and reports all
     * mismatches together, with the cycle, in one {@link ExpectationError}.
     */
    public void expectAll(Map<String, ? extends Number> expected) {
        List<Mismatch> bad = new ArrayList<>();
        expected.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            ModelPort p = port(e.getKey());
            BigInteger want = Words.unsigned(e.getValue(), p.width());
            BigInteger got = peekBig(p.id());
            if (!want.equals(got)) bad.add(new Mismatch(p.name(), p.width(), want, got));
        });
        if (!bad.isEmpty()) throw new ExpectationError(model.top(), cycle, bad, wave);
    }

    @Override
    public void close() {
        if (h != 0) {
            NativeSim.destroy(h); // also closes (flushes) the FST file
            h = 0;
        }
    }

    private long handle() {
        if (h == 0) throw new IllegalStateException("simulator is closed");
        return h;
    }

    private byte kind(int id) {
        if (id < 0 || id >= kind.length) throw new IllegalArgumentException("no port id " + id);
        return kind[id];
    }
}
