package org.rapgen.engines.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.config.ConfigException;
import org.rapgen.config.ConfigReader;
import org.rapgen.designs.RapDesign;
import org.rapgen.hdl.Elaborator;

/** A rap configuration's gates: read, checked at their config line, and carried into the engine's name. */
class RapGatesTest {
    private static Path config(Path dir, String params) throws Exception {
        Path f = dir.resolve("rap.yaml");
        Files.writeString(f, "design: rap\nparams:\n  nodes: 32\n" + params);
        return f;
    }

    private static void rejects(Path dir, String params, int line, String expected) throws Exception {
        Path f = config(dir, params);
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigReader.read(f));
        assertTrue(e.getMessage().startsWith(f + ":" + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void badGatesAndSeedsAreReportedAtTheirLine(@TempDir Path dir) throws Exception {
        rejects(dir, "  gate: \"B[100,10]X\"\n", 4, "bad gate spec 'B[100,10]X' at column 10");
        rejects(dir, "  gate: \"H[P256]2048\"\n", 4, "expected a gate B[s,b], F[mask,match] or PH[...]");
        rejects(dir, "  gate: \"B[10,20]\"\n", 4, "burst length b must be 1..s");
        rejects(dir, "  gate: \"PH[]PH[]\"\n", 4, "at most one phase gate");
        rejects(dir, "  gate: \"F[0x1ffffffff,0x1]\"\n", 4, "wider than key_bits 32");
        rejects(dir, "  gate: \"F[0x3,0x1]\"\n  hash_seed: 0\n", 5, "parameter 'hash_seed': must be in 1..0xFFFFFFFF");
        rejects(dir, "  lfsr_seed: xyz\n", 4, "parameter 'lfsr_seed': must be a number");
    }

    @Test
    void gatesReachTheEngineAndItsName(@TempDir Path dir) throws Exception {
        Path f = config(dir, "  lookup: trie\n  gate: \"F[0x3,0x1]PH[len=64]\"\n  lfsr_seed: 0x1234\n");
        RapConfig c = RapDesign.config(ConfigReader.read(f).params());
        assertEquals(2, c.gates().specs().size());
        assertTrue(c.trie());
        assertEquals(0x1234, c.gates().lfsrSeed());
        String name = Elaborator.elaborate(() -> new RapEngine(c)).top().name;
        assertTrue(name.contains("_gf3m1ph64b32t10s32p20k3_seed9e3779b9_lseed1234"), name);
        RapConfig plain = RapDesign.config(ConfigReader.read(config(dir, "")).params());
        assertFalse(plain.gates().any());
        assertFalse(
                Elaborator.elaborate(() -> new RapEngine(plain)).top().name.contains("_g"), "no gates, no gate name");
    }
}
