package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** poke/peek/step on the counter against an independent Java model of it. */
@Cosim(Bringup.Counter.class)
class CounterTest {

    /** Reference model: what the Verilog should do, written from its comment, not from its code. */
    private static final class Ref {
        long count;

        void clock(boolean reset, boolean en, boolean load, long loadValue) {
            if (reset) count = 0;
            else if (load) count = loadValue & 0xffffffffL;
            else if (en) count = (count + 1) & 0xffffffffL;
        }
    }

    @Test
    void randomStimulusMatchesReference(Sim sim) {
        Ref ref = new Ref();
        sim.reset(2);
        ref.clock(true, false, false, 0);
        Random rnd = new Random(42);
        int en = sim.port("io_en").id(),
                load = sim.port("io_load").id(),
                lv = sim.port("io_loadValue").id();
        for (int c = 0; c < 2000; c++) {
            boolean e = rnd.nextInt(4) != 0, l = rnd.nextInt(50) == 0;
            long v = c == 100 ? 0xfffffffeL : rnd.nextInt() & 0xffffffffL; // force a wrap-around early
            sim.poke(en, e ? 1 : 0);
            sim.poke(load, l ? 1 : 0);
            sim.poke(lv, v);
            // Combinational output before the edge, from the state before the edge.
            sim.expect("io_wrap", (e && ref.count == 0xffffffffL) ? 1 : 0);
            sim.step();
            ref.clock(false, e, l, v);
            sim.expect("io_count", ref.count);
        }
        assertEquals(2002, sim.cycle());
    }

    @Test
    void instancesAreIndependent(Sim sim, VerilatorModel model) {
        try (Sim other = model.newSim()) {
            sim.poke("io_en", 1);
            sim.step(9);
            other.step(9);
            assertEquals(9, sim.peek("io_count"));
            assertEquals(0, other.peek("io_count"));
        }
    }

    @Test
    void resetClearsAndHolds(Sim sim) {
        sim.poke("io_en", 1);
        sim.step(5);
        assertEquals(5, sim.peek("io_count"));
        sim.reset(3);
        assertEquals(0, sim.peek("io_count"));
        sim.step();
        assertEquals(1, sim.peek("io_count"));
    }
}
