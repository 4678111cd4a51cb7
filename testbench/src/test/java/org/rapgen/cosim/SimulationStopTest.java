package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** $stop / $finish in the DUT (the counter's Assert and Finish) must become Java outcomes, never a dead JVM. */
class SimulationStopTest {
    private static final long ILLEGAL = BringupCounter.ILLEGAL, FINISH = BringupCounter.FINISH;

    @Test
    void stopInRtlThrowsAndStaysStopped() {
        try (Sim sim = Bringup.model(new Bringup.Counter()).newSim()) {
            sim.poke("io_en", 1);
            sim.step(7);
            sim.poke("io_load", 1);
            sim.poke("io_loadValue", ILLEGAL);
            assertEquals(7, sim.peek("io_count")); // evaluating with the bad value is fine until the edge
            SimulationStopped e = assertThrows(SimulationStopped.class, sim::step);
            assertTrue(e.getMessage().startsWith("counter @ cycle 7: $stop"), e.getMessage());
            assertTrue(e.getMessage().contains("counter.v:"), e.getMessage());
            assertTrue(
                    e.getMessage().contains("Assertion failed at BringupCounter.java:"),
                    "the DSL Assert names its Java line: " + e.getMessage());
            assertTrue(e.getMessage().contains(": counter: illegal load value deadbeef"), e.getMessage());
            assertThrows(SimulationStopped.class, sim::step, "a stopped instance stays stopped");
            assertThrows(SimulationStopped.class, () -> sim.peek("io_count"));
        }
    }

    @Test
    void stopInsideABatchNamesTheCycle() {
        try (Sim sim = Bringup.model(new Bringup.Counter()).newSim()) {
            long[] load = new long[20], value = new long[20];
            load[12] = 1;
            value[12] = ILLEGAL;
            SimulationStopped e = assertThrows(
                    SimulationStopped.class,
                    () -> sim.batch(20)
                            .drive("io_load", load)
                            .drive("io_loadValue", value)
                            .sample("io_count")
                            .run());
            assertTrue(e.getMessage().startsWith("counter @ cycle 12: "), e.getMessage());
        }
    }

    @Test
    void finishIsReportedNotFatal() {
        try (Sim sim = Bringup.model(new Bringup.Counter()).newSim()) {
            sim.poke("io_load", 1);
            sim.poke("io_loadValue", FINISH);
            assertFalse(sim.finished());
            sim.step();
            assertTrue(sim.finished());
            sim.poke("io_load", 0);
            sim.poke("io_en", 1);
            sim.step(); // still usable: the test decides what $finish means
            assertEquals(FINISH + 1, sim.peek("io_count"));
        }
    }
}
