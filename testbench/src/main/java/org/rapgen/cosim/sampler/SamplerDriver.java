package org.rapgen.cosim.sampler;

import java.util.List;
import org.rapgen.cosim.Sim;

/** Runs lanes (one per engine in the model) in lockstep until all are done. */
public final class SamplerDriver {
    private SamplerDriver() {}

    /** Resets the model, then clocks it until every lane is done; fails after {@code maxCycles}. Returns the cycles run. */
    public static long run(Sim sim, List<SamplerLane> lanes, long maxCycles) {
        sim.reset(2);
        long start = sim.cycle();
        while (true) {
            for (SamplerLane l : lanes) l.drive();
            boolean all = true;
            for (SamplerLane l : lanes) {
                l.sample();
                all &= l.done();
            }
            if (all) {
                for (SamplerLane l : lanes) l.captureStatus();
                return sim.cycle() - start;
            }
            if (sim.cycle() - start >= maxCycles) {
                StringBuilder b = new StringBuilder("sampler cosim did not finish in " + maxCycles + " cycles:");
                for (SamplerLane l : lanes)
                    b.append(' ')
                            .append(l.name())
                            .append(" accepted ")
                            .append(l.accepted())
                            .append(l.done() ? " (done)" : "");
                throw new AssertionError(b.toString());
            }
            sim.step();
        }
    }
}
