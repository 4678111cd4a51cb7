package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The tagged compressor of paper &sect;4 as a counter-table rule: one table word is one set,
 * {@code {lru, way[ways-1], ..., way[0]}} (no LRU bit when direct-mapped), each way {@code {state, tag, h, m}} with
 * {@code m} in the least significant bits. Exactly one transition fires per tuple (docs/golden-sampler.md, table
 * "Tagged compressor"):
 * <pre>
 * hit  (not EMPTY, tag equal; way 0 first)  VALID: h' = h+1;  h' &gt;= R        ? E2 emit h', EMPTY h=0 m=0 : E3 h=h'
 *                                            EVICT: h' = h+1;  h' &gt;= min(E,R) ? E6 emit h', EMPTY h=m m=0 : E6a h=h'
 * miss, target = lowest EMPTY way, else an EVICT way (the LRU one if both), else the LRU way:
 *        EMPTY  E1  tag=t m=0, allocate(h+1)
 *        VALID  E4  EVICT, m=1
 *        EVICT  m+1 &gt;= M ? E5 tag=t m=0, allocate(h+m+1) : E5a m=m+1
 * allocate(x) = x &gt;= R ? emit x, EMPTY h=0 : VALID h=x
 * </pre>
 * The LRU bit becomes the other way after every transition except E4 and E5a. Widths: h holds up to R+M-1
 * ({@code ceil(log2(R+M))} bits), m up to M.
 */
final class TaggedRule implements CounterRule {
    static final int EMPTY = 0, VALID = 1, EVICT = 2;

    private final int ways;
    private final int tagBits;
    private final int r;
    private final int evict;
    private final int replace;
    private final int tw;
    private final int hb;
    private final int mb;

    TaggedRule(int ways, int tagBits, int r, int evict, int replace) {
        this.ways = ways;
        this.tagBits = tagBits;
        this.r = r;
        this.evict = evict;
        this.replace = replace;
        this.tw = Math.max(tagBits, 1);
        this.hb = bitsFor((long) r + replace - 1);
        this.mb = bitsFor(replace);
    }

    private static int bitsFor(long max) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(max));
    }

    private int wayBits() {
        return 2 + tw + hb + mb;
    }

    @Override
    public String flavor() {
        return "t" + tagBits + "w" + ways + "r" + r + "e" + evict + "m" + replace;
    }

    @Override
    public int dataBits() {
        return ways * wayBits() + (ways == 2 ? 1 : 0);
    }

    @Override
    public int countBits() {
        return hb;
    }

    /** One way's fields, unpacked from or to be packed into a word. */
    private record Way(UInt st, UInt tag, UInt h, UInt m) {
        UInt pack() {
            return Cat(st, tag, h, m);
        }
    }

    private Way way(UInt word, int i) {
        int lo = i * wayBits();
        return new Way(
                word.bits(lo + wayBits() - 1, lo + tw + hb + mb),
                word.bits(lo + tw + hb + mb - 1, lo + hb + mb),
                word.bits(lo + hb + mb - 1, lo + mb),
                word.bits(lo + mb - 1, lo));
    }

    private static <T extends org.rapgen.hdl.Bits> T pick(Bool second, T a, T b) {
        return Mux(second, b, a);
    }

    @Override
    public Outcome apply(UInt old, Bool sample, UInt tag) {
        Way w0 = way(old, 0);
        Way w1 = ways == 2 ? way(old, 1) : null;
        Bool lru = ways == 2 ? old.bit(dataBits() - 1) : B(false);
        Bool match0 = w0.st.ne(U(EMPTY, 2)).and(w0.tag.eq(tag));
        Bool match1 = ways == 2 ? w1.st.ne(U(EMPTY, 2)).and(w1.tag.eq(tag)) : B(false);
        Bool hit = match0.or(match1);
        // sel: the way this tuple acts on (true = way 1)
        Bool sel;
        if (ways == 1) {
            sel = B(false);
        } else {
            Bool empty0 = w0.st.eq(U(EMPTY, 2)), empty1 = w1.st.eq(U(EMPTY, 2));
            Bool evict0 = w0.st.eq(U(EVICT, 2)), evict1 = w1.st.eq(U(EVICT, 2));
            Bool missWay = Mux(
                    empty0,
                    B(false),
                    Mux(
                            empty1,
                            B(true),
                            Mux(evict0.and(evict1), lru, Mux(evict0, B(false), Mux(evict1, B(true), lru)))));
            sel = Mux(hit, match0.not(), missWay);
        }
        // Each way's transition is computed as if it were the one acted on, and the way is chosen at the end: the
        // tag compares that choose it and the count's carry chain then run side by side, not one after the other
        // (both are on the loop of the counter table's read-modify-write, back-to-back tuples of one set).
        Transition t0 = transition(w0, hit, tag);
        if (ways == 1) return new Outcome(t0.way(), t0.emit(), t0.count());
        Transition t1 = transition(w1, hit, tag);
        Bool emit = pick(sel, t0.emit(), t1.emit());
        UInt count = pick(sel, t0.count(), t1.count());
        // every transition but E4 (miss on VALID) and E5a (miss on EVICT, not yet replaced) touches the way
        Bool touched = hit.or(pick(sel, t0.allocate(), t1.allocate()));
        Bool nLru = Mux(touched, sel.not(), lru);
        UInt updated = Cat(nLru, Mux(sel, t1.way(), w1.pack()), Mux(sel, w0.pack(), t0.way()));
        return new Outcome(updated, emit, count);
    }

    /** A way after the tuple's transition on it, and what the transition says. */
    private record Transition(UInt way, Bool emit, UInt count, Bool allocate) {}

    /** The transition the tuple makes if it acts on way {@code e} ({@code hit}: some way holds its tag). */
    private Transition transition(Way e, Bool hit, UInt tag) {
        Bool isValid = e.st.eq(U(VALID, 2));
        Bool isEvict = e.st.eq(U(EVICT, 2));
        Bool isEmpty = e.st.eq(U(EMPTY, 2));

        UInt h1 = e.h.add(1);
        UInt m1 = e.m.add(1);
        Bool replaceNow = isEvict.and(m1.ge(replace)); // E5 (else E5a)
        // allocation (E1, E5): the count the new tuple starts with
        UInt hAlloc = Mux(isEmpty, h1, e.h.add(m1));
        Bool allocEmit = hAlloc.ge(r);

        Bool hitEmit = Mux(isValid, h1.ge(r), h1.ge(Math.min(evict, r)));
        Bool allocate = hit.not().and(isEmpty.or(replaceNow));
        Bool emit = Mux(hit, hitEmit, allocate.and(allocEmit));
        UInt count = Mux(hit, h1, hAlloc);

        UInt zeroH = U(0, hb);
        UInt zeroM = U(0, mb);
        UInt stEmpty = U(EMPTY, 2);
        UInt nSt =
                Mux(hit, Mux(hitEmit, stEmpty, e.st), Mux(allocate, Mux(allocEmit, stEmpty, U(VALID, 2)), U(EVICT, 2)));
        UInt nTag = Mux(allocate, tag, e.tag);
        UInt nH = Mux(
                hit,
                Mux(hitEmit, Mux(isEvict, e.m.pad(hb), zeroH), h1),
                Mux(allocate, Mux(allocEmit, zeroH, hAlloc), e.h));
        UInt nM = Mux(hit, Mux(hitEmit, zeroM, e.m), Mux(allocate, zeroM, Mux(isValid, U(1, mb), m1)));
        return new Transition(new Way(nSt, nTag, nH, nM).pack(), emit, count, allocate);
    }
}
