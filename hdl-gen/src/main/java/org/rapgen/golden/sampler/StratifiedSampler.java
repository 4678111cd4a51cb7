package org.rapgen.golden.sampler;

/**
 * {@code R_r}, {@code P_r}, {@code CR_r} and their stratified forms {@code H[X_r]_n}
 * (n = 1 means no hash splitter). Bit-exact semantics, per event (pc, w):
 * <pre>
 * s = (n == 1) ? 0 : index(pc, w, log2 n)                 // SamplerHash
 * P:  c[s] += 1;  if c[s] == r:  emit(pc, w, r);  c[s] = 0
 * R:  if lfsr.event(thr):  emit(pc, w, r)                  // one shared LFSR, stepped every event
 * CR: c[s] += 1;  if lfsr.event(thr) or c[s] == 2^cbits - 1:  emit(pc, w, c[s]);  c[s] = 0
 * </pre>
 * so the P counter of each stratum counts 0..r-1 and samples the r-th, 2r-th, ... event of its
 * stratum; a CR message carries the number of events of its stratum since that stratum's last
 * message, this one included. The R/CR LFSR is shared by all strata (the paper's R_r is
 * stateless, so per-stratum LFSRs would add nothing), and is stepped for every event.
 * A CR counter that reaches its maximum forces a message (so it never wraps or saturates).
 */
public final class StratifiedSampler implements Sampler {
    public enum Kind {
        R,
        P,
        CR
    }

    private final Kind kind;
    private final int r;
    private final int n;
    private final int indexBits;
    private final SamplerHash hash;
    private final LfsrModel lfsr;
    private final int thr;
    private final long cmax;
    private final long[] c;
    private final MessageSink out;
    private final String spec;

    public StratifiedSampler(Kind kind, int r, int n, SamplerConfig cfg, MessageSink out) {
        if (r < 1) throw new IllegalArgumentException("sampling rate must be >= 1, got " + r);
        if (n < 1 || Integer.bitCount(n) != 1)
            throw new IllegalArgumentException("strata must be a power of two, got " + n);
        this.kind = kind;
        this.r = r;
        this.n = n;
        this.indexBits = Integer.numberOfTrailingZeros(n);
        if (indexBits > cfg.keyBits())
            throw new IllegalArgumentException("2^" + indexBits + " strata exceed key bits " + cfg.keyBits());
        this.hash = new SamplerHash(cfg.keyBits(), cfg.hashSeed());
        this.lfsr = kind == Kind.P ? null : new LfsrModel(cfg.lfsrSeed());
        this.thr = kind == Kind.P ? 0 : LfsrModel.threshold(r);
        this.cmax = cfg.counterBits() >= 63 ? Long.MAX_VALUE : (1L << cfg.counterBits()) - 1;
        this.c = kind == Kind.R ? null : new long[n];
        this.out = out;
        String base = kind.name() + r;
        this.spec = n == 1 ? base : "H[" + base + "]" + n;
    }

    /** Stratum of a tuple. */
    public int stratum(long pc, long w) {
        return n == 1 ? 0 : (int) hash.index(pc, w, indexBits);
    }

    @Override
    public void push(long pc, long w) {
        int s = stratum(pc, w);
        switch (kind) {
            case P:
                if (++c[s] == r) {
                    out.message(pc, w, r);
                    c[s] = 0;
                }
                break;
            case R:
                if (lfsr.event(thr)) out.message(pc, w, r);
                break;
            case CR: {
                long v = ++c[s];
                if (lfsr.event(thr) || v == cmax) {
                    out.message(pc, w, v);
                    c[s] = 0;
                }
                break;
            }
            default:
                throw new AssertionError(kind);
        }
    }

    @Override
    public void finish() {
        // counters hold no tuple, so the hardware has nothing to report
    }

    @Override
    public long pending() {
        if (c == null) return 0;
        long p = 0;
        for (long v : c) p += v;
        return p;
    }

    /** Counter of stratum s (0 for R). */
    public long counter(int s) {
        return c == null ? 0 : c[s];
    }

    public Kind kind() {
        return kind;
    }

    public int rate() {
        return r;
    }

    public int strata() {
        return n;
    }

    @Override
    public String spec() {
        return spec;
    }
}
