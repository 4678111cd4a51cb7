package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.*;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AssociativeTableTest {
    @Test
    void hitsAccumulateMissesFillThenFifoEvict() {
        MessageList out = new MessageList();
        AssociativeTable a = new AssociativeTable(2, 32, out);
        a.message(1, 1, 5);
        a.message(2, 2, 5);
        a.message(1, 1, 5); // hit
        assertEquals(0, out.size());
        assertEquals(15, a.pending());
        a.message(3, 3, 5); // full: evict slot 0 (the oldest, (1,1))
        assertEquals(new Message(1, 1, 10), out.get(0));
        a.message(4, 4, 5); // evict slot 1 ((2,2))
        assertEquals(new Message(2, 2, 5), out.get(1));
        a.message(3, 3, 1); // hit in slot 0
        a.finish(); // slot order: (3,3) then (4,4)
        assertEquals(new Message(3, 3, 6), out.get(2));
        assertEquals(new Message(4, 4, 5), out.get(3));
        assertEquals(4, out.size());
        assertEquals(0, a.pending());
        assertEquals(0, a.occupancy());
    }

    @Test
    void countOverflowEmitsTheHeldCount() {
        MessageList out = new MessageList();
        AssociativeTable a = new AssociativeTable(4, 4, out); // MAX = 15
        a.message(9, 9, 8);
        a.message(9, 9, 7); // 15: fits
        assertEquals(0, out.size());
        a.message(9, 9, 8); // 23 > 15: emit 15, keep 8
        assertEquals(new Message(9, 9, 15), out.get(0));
        a.message(5, 5, 16); // larger than any entry can hold: passes through
        assertEquals(new Message(5, 5, 16), out.get(1));
        a.finish();
        assertEquals(new Message(9, 9, 8), out.get(2));
    }

    @Test
    void secondLevelIsLosslessAndCompresses() {
        SplittableRandom rnd = new SplittableRandom(5);
        Profile p1 = new Profile();
        Profile p2 = new Profile();
        MessageList m1 = new MessageList();
        MessageList m2 = new MessageList();
        Sampler s1 = SamplerSpec.build("H[P16]256", 32, (a, b, c) -> {
            p1.add(a, b, c);
            m1.message(a, b, c);
        });
        Sampler s2 = SamplerSpec.build("H[P16]256A16", 32, (a, b, c) -> {
            p2.add(a, b, c);
            m2.message(a, b, c);
        });
        for (int i = 0; i < 200_000; i++) {
            long pc = 0x2000 + 4L * rnd.nextInt(8);
            long w = rnd.nextInt(5) == 0 ? rnd.nextInt(1000) : pc >> 2;
            s1.push(pc, w);
            s2.push(pc, w);
        }
        s1.finish();
        s2.finish();
        assertEquals(p1.tuples().keySet(), p2.tuples().keySet());
        for (Profile.Tuple t : p1.tuples().keySet())
            assertEquals(p1.count(t.pc(), t.w()), p2.count(t.pc(), t.w()), t.toString());
        assertTrue(m2.size() * 1.15 < m1.size(), m1.size() + " -> " + m2.size());
    }

    @Test
    void bareAssociativeTableIsExact() {
        MessageList out = new MessageList();
        Sampler s = SamplerSpec.build("A4", 32, out);
        Profile ideal = new Profile();
        SplittableRandom rnd = new SplittableRandom(6);
        for (int i = 0; i < 10_000; i++) {
            long pc = rnd.nextInt(6);
            s.push(pc, 0);
            ideal.add(pc, 0, 1);
        }
        s.finish();
        Profile got = new Profile();
        for (Message m : out) got.add(m.pc(), m.w(), m.count());
        for (long pc = 0; pc < 6; pc++) assertEquals(ideal.count(pc, 0), got.count(pc, 0));
    }
}
