package org.rapgen.golden.sampler;

/**
 * {@code A_k}: the lossless second-level compressor of paper &sect;3.4, a fully associative table
 * of k entries {valid, pc, w, count}. For each incoming message (pc, w, c), with
 * {@code MAX = 2^countBits - 1}:
 * <pre>
 * if c &gt; MAX:                         emit(pc, w, c)                    // cannot be held; passes through
 * else if some valid entry e has (pc, w):                               // hit
 *     if e.count + c &gt; MAX:  emit(pc, w, e.count);  e.count = c
 *     else                   e.count += c
 * else if some entry is invalid:    the lowest-numbered invalid entry := (pc, w, c)
 * else:                                                                 // miss, table full: FIFO
 *     e = entry[victim];  emit(e.pc, e.w, e.count);  entry[victim] := (pc, w, c)
 *     victim = (victim + 1) mod k
 * </pre>
 * {@code victim} starts at 0. Because entries fill in index order, this is first-in-first-out
 * replacement. {@link #finish()} emits every valid entry in index order 0..k-1, then empties
 * the table and resets {@code victim} to 0.
 */
public final class AssociativeTable implements MessageSink {
    private final int k;
    private final long max;
    private final boolean[] valid;
    private final long[] pc;
    private final long[] w;
    private final long[] cnt;
    private int victim;
    private final MessageSink out;

    public AssociativeTable(int k, int countBits, MessageSink out) {
        if (k < 1) throw new IllegalArgumentException("A_k needs k >= 1, got " + k);
        this.k = k;
        this.max = (1L << countBits) - 1;
        this.valid = new boolean[k];
        this.pc = new long[k];
        this.w = new long[k];
        this.cnt = new long[k];
        this.out = out;
    }

    @Override
    public void message(long p, long x, long c) {
        if (c > max) {
            out.message(p, x, c);
            return;
        }
        int free = -1;
        for (int i = 0; i < k; i++) {
            if (valid[i]) {
                if (pc[i] == p && w[i] == x) {
                    if (cnt[i] + c > max) {
                        out.message(p, x, cnt[i]);
                        cnt[i] = c;
                    } else {
                        cnt[i] += c;
                    }
                    return;
                }
            } else if (free < 0) {
                free = i;
            }
        }
        int e = free;
        if (e < 0) {
            e = victim;
            out.message(pc[e], w[e], cnt[e]);
            victim = (victim + 1) % k;
        }
        valid[e] = true;
        pc[e] = p;
        w[e] = x;
        cnt[e] = c;
    }

    /** Drains all valid entries in index order. */
    public void finish() {
        for (int i = 0; i < k; i++) {
            if (valid[i]) {
                out.message(pc[i], w[i], cnt[i]);
                valid[i] = false;
                cnt[i] = 0;
            }
        }
        victim = 0;
    }

    /** Sum of the counts held. */
    public long pending() {
        long s = 0;
        for (int i = 0; i < k; i++) if (valid[i]) s += cnt[i];
        return s;
    }

    public int size() {
        return k;
    }

    /** Number of valid entries. */
    public int occupancy() {
        int n = 0;
        for (boolean v : valid) if (v) n++;
        return n;
    }
}
