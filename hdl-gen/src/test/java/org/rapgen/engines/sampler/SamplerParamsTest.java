package org.rapgen.engines.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.config.ConfigException;
import org.rapgen.config.ConfigReader;
import org.rapgen.designs.SamplerDesign;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;

/** Impossible sampler parameters are refused at elaboration, or at their configuration line, with a clear message. */
class SamplerParamsTest {

    private static String problem(SamplerParams p) {
        return assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new SamplerEngine(p)))
                .getMessage();
    }

    @Test
    void elaborationNamesTheBadParameter() {
        assertTrue(problem(SamplerParams.of("H[P256]2048", 12))
                .contains("key bits K must be a multiple of 8 in 8..64, got 12"));
        assertTrue(problem(SamplerParams.of("P8", 32).withQueues(2, 16, false))
                .contains("input queue depth must be a power of two in 4..65536, got 2"));
        assertTrue(problem(SamplerParams.of("P8", 32).withQueues(16, 24, false)).contains("output queue depth"));
        assertTrue(problem(SamplerParams.of("H[P8]64A300", 32)).contains("A_k of 300 entries"));
        assertTrue(problem(SamplerParams.of("T[ways=2]2", 32)).contains("at least 2 sets"));
        assertTrue(problem(SamplerParams.of("T[tag=20]64", 16)).contains("tag bits 20 exceed K = 16"));
        assertTrue(problem(SamplerParams.of("H[P8]65536", 8)).contains("2^16 strata need more index bits than K = 8"));
        assertTrue(
                problem(SamplerParams.of("CR8", 32).withCounters(0, 32)).contains("counter bits must be 1..63, got 0"));
        assertTrue(problem(SamplerParams.of("R8", 32).withSeeds(1, 0)).contains("LFSR seed must be nonzero"));
        // the message starts with the Java location (SPEC §3)
        assertTrue(problem(SamplerParams.of("P8", 32).withQueues(2, 16, false)).matches("(?s)\\w+\\.java:\\d+: .*"));
    }

    @Test
    void aBadSpecIsReportedAtItsConfigLine(@TempDir Path dir) throws IOException {
        Path cfg = dir.resolve("s.yaml");
        Files.writeString(cfg, "design: sampler\nparams:\n  key_bits: 32\n  spec: \"H[P256]2000\"\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigReader.read(cfg));
        assertTrue(
                e.getMessage().startsWith(cfg + ":4: parameter 'spec': bad sampler spec 'H[P256]2000' at column 8"),
                e.getMessage());
        Files.writeString(cfg, "design: sampler\nparams:\n  spec: P8\n  hash_seed: 0x1FFFFFFFF\n");
        e = assertThrows(ConfigException.class, () -> ConfigReader.read(cfg));
        assertTrue(
                e.getMessage().startsWith(cfg + ":4: parameter 'hash_seed': must be in 1..0xFFFFFFFF"), e.getMessage());
    }

    @Test
    void configSeedsAreUnsigned32BitValues(@TempDir Path dir) throws IOException {
        Path cfg = dir.resolve("s.yaml");
        Files.writeString(
                cfg,
                "design: sampler\nparams:\n  spec: \"H[CR8]64\"\n  hash_seed: 0x9E3779B9\n  lfsr_seed: 4294967295\n");
        SamplerParams p = SamplerDesign.params(ConfigReader.read(cfg).params());
        assertEquals(0x9E3779B9, p.hashSeed());
        assertEquals(-1, p.lfsrSeed());
        assertEquals("sampler_h_cr8_64", ConfigReader.read(cfg).name());
    }
}
