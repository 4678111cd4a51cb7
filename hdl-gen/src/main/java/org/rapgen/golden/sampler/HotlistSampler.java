package org.rapgen.golden.sampler;

/**
 * Burrows et al.'s value hotlist ({@code V[n]rows}, docs/hotlist.md): per pc, at most n values with counts and a
 * sampling probability {@code p = 2^-level}, after Gibbons and Matias' concise samples with {@code f = 2}.
 *
 * <p>Row {@code index(pc, 0, log2 rows)} ({@link SamplerHash}) holds a valid bit, the whole pc as its tag, the level,
 * and n slots (value, count); a count of 0 marks a free slot. For each tuple (pc, w):
 * <ol>
 *   <li>A valid row with another pc is flushed: a message {@code <tag, value, count, level>} for each slot with a
 *       non-zero count, in slot order; the row then starts anew for pc, at level 0 with every slot free.
 *   <li>The LFSR advances one event ({@link LfsrModel#event}); the tuple is added iff it is sampled at rate
 *       {@code 2^level}, that is with probability p.
 *   <li>An added w increments its slot, or takes the lowest free slot with count 1. If it finds no free slot, or its
 *       count is already {@code 2^counterBits - 1}, the row is thinned with the new unit in it: the LFSR advances 32
 *       steps, and every count c becomes {@code c >> 1} plus, when c is odd, bit i of the LFSR state (bit n for the
 *       new unit); the level rises by one. A unit that survives takes a slot freed by the thinning; while it survives
 *       and finds none, the row is thinned again.
 *   <li>At level {@value #MAX_LEVEL} p cannot halve: a row that needs thinning there is flushed instead (with its
 *       counts as they were before the tuple), and the new unit takes slot 0 at the same level.
 * </ol>
 * Each thinning halves every count in expectation and halves p exactly, so {@code count / p} stays an unbiased
 * estimate of the tuples (pc, w) since the row started; a flushed row's messages report it. End of stream
 * ({@link #finish()}) flushes every valid row, in row order.
 */
public final class HotlistSampler implements Sampler {
    /** The highest level: the add decision compares 16 fresh LFSR bits, so p is at least 2^-16. */
    public static final int MAX_LEVEL = 16;
    /** The LFSR steps of a thinning pass: a whole fresh 32-bit state, one bit for each count and the new unit. */
    public static final int THIN_STEPS = 32;

    private final int n;
    private final int rowBits;
    private final long countMax;
    private final SamplerHash hash;
    private final LfsrModel lfsr;
    private final boolean[] valid;
    private final long[] tag;
    private final int[] level;
    private final long[][] value;
    private final long[][] count;
    private final MessageSink out;

    public HotlistSampler(int n, int rows, SamplerConfig cfg, MessageSink out) {
        if (n < 1 || n > THIN_STEPS - 1) throw new IllegalArgumentException("values per row must be 1..31, got " + n);
        if (rows < 1 || Integer.bitCount(rows) != 1) throw new IllegalArgumentException("rows must be a power of two");
        this.n = n;
        this.rowBits = Integer.numberOfTrailingZeros(rows);
        this.countMax = (1L << cfg.counterBits()) - 1;
        this.hash = new SamplerHash(cfg.keyBits(), cfg.hashSeed());
        this.lfsr = new LfsrModel(cfg.lfsrSeed());
        this.valid = new boolean[rows];
        this.tag = new long[rows];
        this.level = new int[rows];
        this.value = new long[rows][n];
        this.count = new long[rows][n];
        this.out = out;
    }

    /** The row a pc maps to. */
    public int row(long pc) {
        return (int) hash.index(pc, 0, rowBits);
    }

    @Override
    public void push(long pc, long w) {
        int r = row(pc);
        if (valid[r] && tag[r] != pc) flush(r);
        if (!valid[r]) {
            valid[r] = true;
            tag[r] = pc;
            level[r] = 0;
        }
        if (lfsr.event(LfsrModel.threshold(1 << level[r]))) add(r, w);
    }

    private void add(int r, long w) {
        long[] c = count[r];
        long[] v = value[r];
        int slot = -1;
        int free = -1;
        for (int i = n - 1; i >= 0; i--) {
            if (c[i] == 0) free = i;
            else if (v[i] == w) slot = i;
        }
        boolean overflow = slot >= 0 && c[slot] == countMax;
        if (slot >= 0 && !overflow) {
            c[slot]++;
            return;
        }
        if (slot < 0 && free >= 0) {
            v[free] = w;
            c[free] = 1;
            return;
        }
        long unit = 1;
        if (overflow) {
            c[slot]++;
            unit = 0;
        }
        if (level[r] == MAX_LEVEL) {
            if (overflow) c[slot]--;
            restartWith(r, w);
            return;
        }
        do {
            for (int i = 0; i < THIN_STEPS; i++) lfsr.step();
            int coins = lfsr.state();
            for (int i = 0; i < n; i++) c[i] = (c[i] >> 1) + (c[i] & 1 & (coins >>> i));
            unit &= coins >>> n;
            level[r]++;
            for (int i = 0; i < n && unit == 1; i++) {
                if (c[i] == 0) {
                    v[i] = w;
                    c[i] = 1;
                    unit = 0;
                }
            }
        } while (unit == 1 && level[r] < MAX_LEVEL);
        if (unit == 1) restartWith(r, w);
    }

    /** Flushes the row's counts and keeps the new unit alone, in slot 0, at the row's level. */
    private void restartWith(int r, long w) {
        emitAndClear(r);
        value[r][0] = w;
        count[r][0] = 1;
    }

    private void flush(int r) {
        emitAndClear(r);
        valid[r] = false;
    }

    /** A message for each slot with a count, in slot order; then every slot is free. */
    private void emitAndClear(int r) {
        for (int i = 0; i < n; i++) {
            if (count[r][i] != 0) out.message(tag[r], value[r][i], count[r][i], level[r]);
        }
        java.util.Arrays.fill(count[r], 0);
    }

    @Override
    public void finish() {
        for (int r = 0; r < valid.length; r++) {
            if (valid[r]) flush(r);
        }
    }

    /** The tuples the rows' counts stand for ({@code count << level}), not yet sent. */
    @Override
    public long pending() {
        long sum = 0;
        for (int r = 0; r < valid.length; r++) {
            for (long c : count[r]) sum += c << level[r];
        }
        return sum;
    }

    public boolean valid(int r) {
        return valid[r];
    }

    public int level(int r) {
        return level[r];
    }

    public long count(int r, int slot) {
        return count[r][slot];
    }

    public long value(int r, int slot) {
        return value[r][slot];
    }

    @Override
    public String spec() {
        return "V[" + n + "]" + valid.length;
    }
}
