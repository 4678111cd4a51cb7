package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The tagged compressor of paper &sect;4 as a counter-table rule: one table word is one set,
 * {@code {lru, way[ways-1], ..., way[0]}} (no LRU bit when direct-mapped), each way a {@link TaggedWay}. Exactly one
 * transition fires per tuple (docs/golden-sampler.md, table "Tagged compressor"):
 * <pre>
 * hit  (not EMPTY, tag equal; way 0 first)  VALID: h' = h+1;  h' &gt;= R        ? E2 emit h', EMPTY h=0 m=0 : E3 h=h'
 *                                            EVICT: h' = h+1;  h' &gt;= min(E,R) ? E6 emit h', EMPTY h=m m=0 : E6a h=h'
 * miss, target = lowest EMPTY way, else an EVICT way (the LRU one if both), else the LRU way:
 *        EMPTY  E1  tag=t m=0, allocate(h+1)
 *        VALID  E4  EVICT, m=1
 *        EVICT  m+1 &gt;= M ? E5 tag=t m=0, allocate(h+m+1) : E5a m=m+1
 * allocate(x) = x &gt;= R ? emit x, EMPTY h=0 : VALID h=x
 * </pre>
 * The LRU bit becomes the other way after every transition except E4 and E5a. Widths: h and s hold up to R+M-1
 * ({@code ceil(log2(R+M))} bits), m up to M.
 *
 * <p>The rule is the counter table's read-modify-write loop (back-to-back tuples of one set), so it is built for
 * depth: every threshold decision is a flag stored in the word, each way's result after a hit and after a miss is
 * computed from that way alone, and the tag compares only choose among them and the unchanged ways, last.
 */
final class TaggedRule implements CounterRule {
    private final int ways;
    private final int tagBits;
    private final int r;
    private final int evict;
    private final int replace;
    private final TaggedWay.Shape shape;

    TaggedRule(int ways, int tagBits, int r, int evict, int replace) {
        this.ways = ways;
        this.tagBits = tagBits;
        this.r = r;
        this.evict = evict;
        this.replace = replace;
        int countBits = bitsFor((long) r + replace - 1);
        this.shape =
                new TaggedWay.Shape(r, Math.min(evict, r), replace, Math.max(tagBits, 1), countBits, bitsFor(replace));
    }

    private static int bitsFor(long max) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(max));
    }

    @Override
    public String flavor() {
        return "t" + tagBits + "w" + ways + "r" + r + "e" + evict + "m" + replace;
    }

    @Override
    public int dataBits() {
        return ways * shape.bits() + (ways == 2 ? 1 : 0);
    }

    @Override
    public int countBits() {
        return shape.countBits();
    }

    @Override
    public Outcome apply(UInt old, Bool sample, UInt tag) {
        TaggedWay w0 = shape.unpack(old, 0);
        TaggedWay hit0 = shape.hit(w0);
        TaggedWay miss0 = shape.miss(w0, tag);
        Bool match0 = w0.matches(tag);
        if (ways == 1) {
            UInt updated = shape.pack(choose(match0, hit0, miss0));
            return new Outcome(updated, emits(match0, w0), count(match0, w0));
        }
        TaggedWay w1 = shape.unpack(old, 1);
        TaggedWay hit1 = shape.hit(w1);
        TaggedWay miss1 = shape.miss(w1, tag);
        Bool match1 = w1.matches(tag);
        Bool lru = old.bit(dataBits() - 1);
        // The way a miss targets (true = way 1) depends on the states and the LRU bit alone, not on the tag.
        Bool missTargets1 = Mux(
                w0.isEmpty(),
                B(false),
                Mux(
                        w1.isEmpty(),
                        B(true),
                        Mux(
                                w0.isEvict().and(w1.isEvict()),
                                lru,
                                Mux(w0.isEvict(), B(false), Mux(w1.isEvict(), B(true), lru)))));
        // Way 0 first: a match there wins; otherwise a match in way 1; otherwise the miss on its target.
        TaggedWay new0 = choose(match0, hit0, choose(match1.or(missTargets1), w0, miss0));
        TaggedWay new1 = choose(match0, w1, choose(match1, hit1, choose(missTargets1, miss1, w1)));
        // Every transition but E4 and E5a (a miss that does not allocate) makes the other way least recent.
        Bool missAllocates = Mux(missTargets1, w1.allocates(), w0.allocates());
        Bool newLru = match0.or(match1.not().and(Mux(missAllocates, missTargets1.not(), lru)));
        UInt updated = Cat(newLru, shape.pack(new1), shape.pack(new0));

        Bool acts1 = Mux(match0.or(match1), match0.not(), missTargets1);
        // The message (off the loop, on the table's output): each way's, then the way acted on, so the counts'
        // adders run beside the tag compares.
        Bool hit = match0.or(match1);
        return new Outcome(
                updated, Mux(acts1, emits(hit, w1), emits(hit, w0)), Mux(acts1, count(hit, w1), count(hit, w0)));
    }

    /** The tuple emits if it acts on way {@code e}: a hit reaching its threshold, or an allocation reaching R. */
    private static Bool emits(Bool hit, TaggedWay e) {
        return Mux(hit, e.hitEmits(), e.allocates().and(e.allocEmits()));
    }

    /** The message's count if the tuple acts on way {@code e}: h+1 on a hit (E2, E6), s+1 = h+m+1 on an allocation. */
    private static UInt count(Bool hit, TaggedWay e) {
        return Mux(hit, e.h().add(1), e.s().add(1));
    }

    @Override
    public void checkWord(UInt word) {
        for (int i = 0; i < ways; i++) shape.check(shape.unpack(word, i), i);
    }

    /** {@code cond ? a : b}, field by field. */
    private static TaggedWay choose(Bool cond, TaggedWay a, TaggedWay b) {
        return new TaggedWay(
                Mux(cond, a.st(), b.st()),
                Mux(cond, a.tag(), b.tag()),
                Mux(cond, a.h(), b.h()),
                Mux(cond, a.m(), b.m()),
                Mux(cond, a.s(), b.s()),
                Mux(cond, a.hitEmits(), b.hitEmits()),
                Mux(cond, a.allocEmits(), b.allocEmits()),
                Mux(cond, a.replaces(), b.replaces()));
    }
}
