package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rapgen.golden.sampler.TaggedCompressor.Transition;

/**
 * One test per transition of the tagged compressor's entry FSM. A table with one set
 * (n = ways) makes every tuple hit the same set; with w = 0 and 2-bit tags, tag(pc, 0) = xorfold(pc, 2),
 * so pc 1, 2, 3 have tags 1, 2, 3.
 */
class TaggedCompressorTest {
    static final long A = 1, B = 2, C = 3;
    MessageList out = new MessageList();

    TaggedCompressor t(int ways, int r, int evict, int replace) {
        return new TaggedCompressor(ways, ways, 2, r, evict, replace, SamplerConfig.of(32), out);
    }

    Transition push(TaggedCompressor t, long pc) {
        t.push(pc, 0);
        return t.lastTransition();
    }

    @Test
    void tagsAreAsAssumed() {
        TaggedCompressor t = t(1, 8, 3, 3);
        assertEquals(1, t.tagOf(A, 0));
        assertEquals(2, t.tagOf(B, 0));
        assertEquals(3, t.tagOf(C, 0));
        assertEquals(1, t.tagOf(4, 0)); // 0b0100 folds to 00 ^ 01: aliases A
    }

    @Test
    void e1AllocatesAnEmptyEntry() {
        TaggedCompressor t = t(1, 8, 3, 3);
        assertEquals(Transition.E1, push(t, A));
        assertEquals(TaggedCompressor.VALID, t.state(0));
        assertEquals(1, t.tag(0));
        assertEquals(1, t.hits(0));
        assertEquals(0, t.misses(0));
        assertEquals(0, out.size());
    }

    @Test
    void e3CountsHits() {
        TaggedCompressor t = t(1, 8, 3, 3);
        push(t, A);
        assertEquals(Transition.E3, push(t, A));
        assertEquals(Transition.E3, push(t, A));
        assertEquals(3, t.hits(0));
        assertEquals(TaggedCompressor.VALID, t.state(0));
        assertEquals(0, out.size());
    }

    @Test
    void e2EmitsWhenTheHitCounterSaturates() {
        TaggedCompressor t = t(1, 4, 3, 3);
        for (int i = 0; i < 3; i++) push(t, A);
        assertEquals(Transition.E2, push(t, A));
        assertEquals(1, out.size());
        assertEquals(new Message(A, 0, 4), out.get(0));
        assertEquals(TaggedCompressor.EMPTY, t.state(0));
        assertEquals(0, t.hits(0));
        assertEquals(0, t.pending());
    }

    @Test
    void e4MissOnValidStartsEviction() {
        TaggedCompressor t = t(1, 8, 3, 3);
        push(t, A);
        push(t, A);
        assertEquals(Transition.E4, push(t, B));
        assertEquals(TaggedCompressor.EVICT, t.state(0));
        assertEquals(1, t.tag(0)); // still A's entry
        assertEquals(2, t.hits(0));
        assertEquals(1, t.misses(0));
        assertEquals(0, out.size());
    }

    @Test
    void e5aMissesAccumulateInEvict() {
        TaggedCompressor t = t(1, 8, 3, 3);
        push(t, A);
        push(t, B); // E4, m = 1
        assertEquals(Transition.E5A, push(t, C)); // m = 2 < 3
        assertEquals(TaggedCompressor.EVICT, t.state(0));
        assertEquals(2, t.misses(0));
        assertEquals(1, t.hits(0));
    }

    @Test
    void e5ReplacesAfterTooManyMissesKeepingTheCounts() {
        TaggedCompressor t = t(1, 8, 3, 3);
        push(t, A);
        push(t, A); // h = 2
        push(t, B); // E4  m = 1
        push(t, C); // E5a m = 2
        assertEquals(Transition.E5, push(t, B)); // m' = 3 -> replace by B
        assertEquals(TaggedCompressor.VALID, t.state(0));
        assertEquals(2, t.tag(0));
        assertEquals(5, t.hits(0)); // 2 hits + 3 misses carried to the new tuple
        assertEquals(0, t.misses(0));
        assertEquals(0, out.size());
        assertEquals(5, t.pending());
    }

    @Test
    void e5ThatReachesRateEmitsAtOnce() {
        TaggedCompressor t = t(1, 4, 3, 2);
        push(t, A);
        push(t, A);
        push(t, A); // h = 3
        push(t, B); // E4 m = 1
        assertEquals(Transition.E5, push(t, C)); // h' = 3 + 2 = 5 >= 4
        assertEquals(new Message(C, 0, 5), out.get(0));
        assertEquals(TaggedCompressor.EMPTY, t.state(0));
        assertEquals(0, t.pending());
    }

    @Test
    void e6aHitsInEvictWaitForEnough() {
        TaggedCompressor t = t(1, 8, 3, 5);
        push(t, A); // h = 1
        push(t, B); // E4
        assertEquals(Transition.E6A, push(t, A)); // h = 2 < 3
        assertEquals(TaggedCompressor.EVICT, t.state(0));
        assertEquals(2, t.hits(0));
        assertEquals(1, t.misses(0));
        assertEquals(0, out.size());
    }

    @Test
    void e6EvictsWithTheTupleAndCarriesTheMissCount() {
        TaggedCompressor t = t(1, 8, 3, 5);
        push(t, A);
        push(t, B); // E4  m = 1
        push(t, C); // E5a m = 2
        push(t, A); // E6a h = 2
        assertEquals(Transition.E6, push(t, A)); // h = 3 >= evict
        assertEquals(new Message(A, 0, 3), out.get(0));
        assertEquals(TaggedCompressor.EMPTY, t.state(0));
        assertEquals(2, t.hits(0)); // the miss count, handed to the next tuple
        assertEquals(0, t.misses(0));
        assertEquals(Transition.E1, push(t, B)); // next allocation takes the carry
        assertEquals(3, t.hits(0));
        assertEquals(2, t.tag(0));
    }

    @Test
    void twoWayUsesEmptyThenLruAndPrefersEvictWays() {
        TaggedCompressor t = t(2, 8, 3, 3);
        assertEquals(Transition.E1, push(t, A)); // way 0
        assertEquals(0, t.lastEntry());
        assertEquals(Transition.E1, push(t, B)); // way 1 (lowest empty)
        assertEquals(1, t.lastEntry());
        assertEquals(Transition.E3, push(t, A)); // way 0 used -> LRU = 1
        assertEquals(1, t.lru(0));
        assertEquals(Transition.E4, push(t, C)); // victim: LRU way 1 (B)
        assertEquals(1, t.lastEntry());
        assertEquals(TaggedCompressor.EVICT, t.state(1));
        assertEquals(Transition.E3, push(t, A)); // A still valid in way 0; LRU stays 1
        assertEquals(Transition.E5A, push(t, C)); // the EVICT way takes the miss, not way 0
        assertEquals(1, t.lastEntry());
        assertEquals(TaggedCompressor.VALID, t.state(0));
    }

    @Test
    void countsAreConservedOnARandomStream() {
        SplittableRandom rnd = new SplittableRandom(9);
        for (String spec : new String[] {
            "T[tag=2,ways=2]2048",
            "T[tag=1,ways=1,r=16,evict=4,replace=3]64",
            "T[tag=0]16",
            "T[tag=8,ways=2,r=32,evict=1,replace=1]128"
        }) {
            MessageList o = new MessageList();
            Sampler s = SamplerSpec.build(spec, 32, o);
            int n = 100_000;
            for (int i = 0; i < n; i++) {
                long pc = 0x1000 + 4L * rnd.nextInt(300);
                s.push(pc, rnd.nextInt(4) == 0 ? rnd.nextInt(100000) : pc & 0x3f);
            }
            s.finish();
            assertEquals(n, o.totalCount() + s.pending(), spec);
            assertTrue(o.size() > 0, spec);
        }
    }
}
