package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rapgen.engines.rap.RapConfig;

class RapSmokeTest {
    @Test
    void deep() {
        long t0 = System.nanoTime();
        RapCosim.model(RapConfigs.DEEP);
        System.out.println("build " + (System.nanoTime() - t0) / 1e9);
        t0 = System.nanoTime();
        RapStimulus s = RapStreams.of(RapStreams.zipf(32, 500, 1), 20000, 1, 1);
        RapCosimReport r = RapCosim.run(RapConfigs.DEEP, s, RapCosim.Options.fullSpeed());
        r.print(System.out);
        System.out.println("run " + (System.nanoTime() - t0) / 1e9);
        assertTrue(r.ok(), String.join("\n", r.mismatches()));
    }
}
