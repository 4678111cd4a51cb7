package org.rapgen.golden.sampler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tagged compressor of paper &sect;4 ({@code T[tag=b,ways=a,r=R,evict=E,replace=M]n}).
 *
 * <p>A table of n entries in n/ways sets (ways = 1: direct-mapped, 2: two-way), n/ways a power
 * of two. A tuple (pc, w) selects set {@code index(pc, w, log2(n/ways))} and carries tag
 * {@code tag(pc, w, b)} (both from {@link SamplerHash}). Each entry has a state
 * (EMPTY/VALID/EVICT), a b-bit tag, a hit counter h and a miss counter m. Reset: every entry
 * EMPTY with h = m = 0; every set's LRU bit 0.
 *
 * <p>A tuple <em>matches</em> an entry if the entry is not EMPTY and the tags are equal.
 * Conditions: {@code ShouldEvict(h') = h' >= E}, {@code ShouldReplace(m') = m' >= M}. Exactly
 * one transition fires per tuple:
 * <pre>
 * matched entry, VALID:   h' = h+1
 *   E3   h' &lt; R                         h = h'
 *   E2   h' &gt;= R                        emit(pc, w, h'); EMPTY, h = 0, m = 0
 * matched entry, EVICT:   h' = h+1
 *   E6a  h' &lt; min(E, R)                h = h'
 *   E6   h' &gt;= min(E, R)               emit(pc, w, h'); EMPTY, h = m, m = 0   // carry
 * no match; choose the target entry of the set: the lowest-numbered EMPTY way, else an EVICT
 * way (the LRU one if both are), else the LRU way (all VALID):
 *   E1   target EMPTY                  VALID, tag = t, h' = h+1, m = 0;
 *                                      if h' &gt;= R: emit(pc, w, h'); EMPTY, h = 0  else h = h'
 *   E4   target VALID                  EVICT, m = 1
 *   E5a  target EVICT, m+1 &lt; M        m = m+1
 *   E5   target EVICT, m+1 &gt;= M       VALID, tag = t, h' = h + (m+1), m = 0;
 *                                      if h' &gt;= R: emit(pc, w, h'); EMPTY, h = 0  else h = h'
 * </pre>
 * LRU (two-way only): after E1, E2, E3, E5, E6 or E6a on way i, the set's LRU bit := 1-i
 * (the other way becomes least recently used); E4 and E5a leave it unchanged.
 *
 * <p>Counts are conserved: for every entry, h + m is the number of tuples that reached it since
 * its last message (the paper's "exact stream size is maintained"), so
 * {@code sum(emitted counts) + pending() == tuples pushed}. Messages carry counts in 1..R+M-1.
 * Hardware widths: h needs ceil(log2(R+M)) bits, m needs ceil(log2(M+1)) bits.
 * The table never holds complete tuples, so {@link #finish()} emits nothing.
 */
public final class TaggedCompressor implements Sampler {
    public static final int EMPTY = 0, VALID = 1, EVICT = 2;

    /** The transition that fired on the last push (for tests and debugging). */
    public enum Transition {
        E1,
        E2,
        E3,
        E4,
        E5,
        E5A,
        E6,
        E6A
    }

    private final int n;
    private final int ways;
    private final int tagBits;
    private final int r;
    private final int evict;
    private final int replace;
    private final int setBits;
    private final SamplerHash hash;
    private final int[] st;
    private final long[] tag;
    private final long[] h;
    private final long[] m;
    private final int[] lru;
    private final MessageSink out;
    private Transition last;
    private int lastEntry;

    public TaggedCompressor(
            int n, int ways, int tagBits, int r, int evict, int replace, SamplerConfig cfg, MessageSink out) {
        if (ways != 1 && ways != 2) throw new IllegalArgumentException("ways must be 1 or 2, got " + ways);
        if (n < ways || n % ways != 0 || Integer.bitCount(n / ways) != 1) {
            throw new IllegalArgumentException("entries/ways must be a power of two, got " + n + "/" + ways);
        }
        if (tagBits < 0 || tagBits > cfg.keyBits())
            throw new IllegalArgumentException("tag bits must be 0.." + cfg.keyBits());
        if (r < 1) throw new IllegalArgumentException("r must be >= 1");
        if (evict < 1) throw new IllegalArgumentException("evict must be >= 1");
        if (replace < 1) throw new IllegalArgumentException("replace must be >= 1");
        this.n = n;
        this.ways = ways;
        this.tagBits = tagBits;
        this.r = r;
        this.evict = evict;
        this.replace = replace;
        this.setBits = Integer.numberOfTrailingZeros(n / ways);
        this.hash = new SamplerHash(cfg.keyBits(), cfg.hashSeed());
        this.st = new int[n];
        this.tag = new long[n];
        this.h = new long[n];
        this.m = new long[n];
        this.lru = new int[n / ways];
        this.out = out;
    }

    public int set(long pc, long w) {
        return (int) hash.index(pc, w, setBits);
    }

    public long tagOf(long pc, long w) {
        return hash.tag(pc, w, tagBits);
    }

    @Override
    public void push(long pc, long w) {
        int set = set(pc, w);
        long t = tagOf(pc, w);
        int base = set * ways;
        int hit = -1;
        for (int i = 0; i < ways; i++) {
            int e = base + i;
            if (st[e] != EMPTY && tag[e] == t) {
                hit = i;
                break;
            }
        }
        if (hit >= 0) {
            int e = base + hit;
            lastEntry = e;
            long h1 = h[e] + 1;
            if (st[e] == VALID) {
                if (h1 >= r) {
                    out.message(pc, w, h1);
                    st[e] = EMPTY;
                    h[e] = 0;
                    m[e] = 0;
                    last = Transition.E2;
                } else {
                    h[e] = h1;
                    last = Transition.E3;
                }
            } else { // EVICT
                if (h1 >= Math.min(evict, r)) {
                    out.message(pc, w, h1);
                    st[e] = EMPTY;
                    h[e] = m[e];
                    m[e] = 0;
                    last = Transition.E6;
                } else {
                    h[e] = h1;
                    last = Transition.E6A;
                }
            }
            lru[set] = 1 - hit;
            return;
        }
        int way = -1;
        for (int i = 0; i < ways && way < 0; i++) if (st[base + i] == EMPTY) way = i;
        if (way < 0) {
            if (ways == 2 && st[base] == EVICT && st[base + 1] == EVICT) way = lru[set];
            else for (int i = 0; i < ways && way < 0; i++) if (st[base + i] == EVICT) way = i;
        }
        if (way < 0) way = ways == 2 ? lru[set] : 0;
        int e = base + way;
        lastEntry = e;
        switch (st[e]) {
            case EMPTY:
                tag[e] = t;
                m[e] = 0;
                allocate(e, pc, w, h[e] + 1);
                last = Transition.E1;
                lru[set] = 1 - way;
                break;
            case VALID:
                st[e] = EVICT;
                m[e] = 1;
                last = Transition.E4;
                break;
            default: { // EVICT
                long m1 = m[e] + 1;
                if (m1 >= replace) {
                    tag[e] = t;
                    long h1 = h[e] + m1;
                    m[e] = 0;
                    allocate(e, pc, w, h1);
                    last = Transition.E5;
                    lru[set] = 1 - way;
                } else {
                    m[e] = m1;
                    last = Transition.E5A;
                }
            }
        }
    }

    private void allocate(int e, long pc, long w, long h1) {
        if (h1 >= r) {
            out.message(pc, w, h1);
            st[e] = EMPTY;
            h[e] = 0;
        } else {
            st[e] = VALID;
            h[e] = h1;
        }
    }

    @Override
    public void finish() {
        // entries hold partial tags only: nothing can be reported
    }

    @Override
    public long pending() {
        long p = 0;
        for (int e = 0; e < n; e++) p += h[e] + m[e];
        return p;
    }

    public Transition lastTransition() {
        return last;
    }

    /** Entry index (set * ways + way) touched by the last push. */
    public int lastEntry() {
        return lastEntry;
    }

    public int state(int e) {
        return st[e];
    }

    public long hits(int e) {
        return h[e];
    }

    public long misses(int e) {
        return m[e];
    }

    public long tag(int e) {
        return tag[e];
    }

    public int lru(int set) {
        return lru[set];
    }

    @Override
    public String spec() {
        return "T[tag=" + tagBits + ",ways=" + ways + ",r=" + r + ",evict=" + evict + ",replace=" + replace + "]" + n;
    }

    /**
     * Parses {@code T[...]}'s parameter list at the parser's position (after '['), every parameter given: tag=2,
     * ways=2, r=256, evict=16, replace=7 by default.
     */
    static Map<String, Integer> params(SamplerSpec.P p) {
        Map<String, Long> m = p.params(
                "tagged compressor", List.of("tag", "ways", "r", "evict", "replace"), (name, v) -> switch (name) {
                    case "tag" -> v > 64 ? "tag must be 0..64 bits, got " + v : null;
                    case "ways" -> v != 1 && v != 2 ? "ways must be 1 or 2, got " + v : null;
                    default -> v < 1 ? name + " must be >= 1, got " + v : null;
                });
        Map<String, Integer> all = new LinkedHashMap<>();
        all.put("tag", m.getOrDefault("tag", 2L).intValue());
        all.put("ways", m.getOrDefault("ways", 2L).intValue());
        all.put("r", m.getOrDefault("r", 256L).intValue());
        all.put("evict", m.getOrDefault("evict", 16L).intValue());
        all.put("replace", m.getOrDefault("replace", 7L).intValue());
        return all;
    }
}
