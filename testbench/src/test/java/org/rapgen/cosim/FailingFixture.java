package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Tests that fail on purpose. Not run by surefire (name does not match *Test); FailurePathTest
 * runs them through the JUnit Platform launcher and inspects the failures.
 */
@Cosim(Bringup.Counter.class)
@EnabledIfSystemProperty(named = FailingFixture.ENABLE, matches = "true")
@TestMethodOrder(MethodOrderer.MethodName.class)
class FailingFixture {
    static final String ENABLE = "rapgen.cosim.failingFixture";

    /** After reset the counter counts 2 (step) + 2 (batch, en=1,0,1) = 4; we claim 5. */
    @Test
    void a_wrongExpect(Sim sim) {
        sim.reset(1);
        sim.poke("io_en", 1);
        sim.step(2);
        sim.batch(3).drive("io_en", new long[] {1, 0, 1}).sample("io_count").run();
        sim.expectAll(java.util.Map.of("io_count", 5L, "io_wrap", 0L, "io_en", 1L));
    }

    /** A plain JUnit assertion on a peeked value must get a waveform too. */
    @Test
    void b_plainAssertion(Sim sim) {
        sim.poke("io_en", 1);
        sim.step(3);
        assertEquals(7, sim.peek("io_count"));
    }

    /** A wrong DUT (counts 6 -> 8) against the counter's reference behaviour: fails at the first bad count. */
    @Test
    @Cosim(Bringup.BuggyCounter.class)
    void c_wrongDut(Sim sim) {
        sim.reset(1);
        sim.poke("io_en", 1);
        for (long expected = 1; expected <= 20; expected++) {
            sim.step();
            sim.expect("io_count", expected);
        }
    }

    /** The DUT itself stops (the counter's Assert fails: $stop) in the middle of a batch. */
    @Test
    void d_stopInRtl(Sim sim) {
        sim.poke("io_en", 1);
        sim.step(4);
        sim.batch(3)
                .drive("io_load", new long[] {0, 1, 0})
                .drive("io_loadValue", new long[] {0, 0xDEADBEEFL, 0})
                .run();
    }

    /** Traced from the start: the live FST is flushed and reported. */
    @Test
    @Cosim(value = Bringup.Counter.class, waves = Waves.ALWAYS)
    void e_alwaysTraced(Sim sim) {
        sim.poke("io_en", 1);
        sim.step(10);
        sim.expect("io_count", 11);
    }
}
