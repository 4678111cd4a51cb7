package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rapgen.engines.rap.RapConfig;

class RapSmokeTest {
    @Test
    void smallZipf() {
        RapConfig c = RapConfig.of(32, 16).withSchedule(655 * 8, 64, 2);
        RapStimulus s = RapStreams.of(RapStreams.zipf(32, 50, 1), 3000, 1, 1);
        RapCosimReport r = RapCosim.run(c, s, RapCosim.Options.fullSpeed());
        r.print(System.out);
        assertTrue(r.ok(), String.join("\n", r.mismatches()));
    }
}
