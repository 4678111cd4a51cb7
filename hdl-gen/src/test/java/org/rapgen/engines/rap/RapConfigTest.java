package org.rapgen.engines.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rapgen.designs.DesignCatalog;
import org.rapgen.designs.ParamSpec;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.hdl.HdlException;

/** Impossible engine configurations are refused at elaboration, with a message naming the problem and the caller. */
class RapConfigTest {
    private static void rejects(String expected, Runnable r) {
        HdlException e = assertThrows(HdlException.class, r::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(
                e.getMessage().startsWith("RapConfigTest.java:"),
                "the error must name the caller's line: " + e.getMessage());
    }

    @Test
    void impossibleCombinationsAreRejected() {
        rejects(
                "key_bits must be 32 or 64, got 48",
                () -> new RapConfig(48, 2, 32, 32, 16, true, 1024, false, 655, 1024, 2, 2));
        rejects(
                "bits_per_level k must be 1, 2 or 4",
                () -> new RapConfig(32, 3, 32, 32, 16, true, 1024, false, 655, 1024, 2, 2));
        rejects("nodes N must be in 16..4096 with the tcam lookup, got 8", () -> RapConfig.of(32, 8));
        rejects("nodes N must be in 16..4096 with the tcam lookup, got 8192", () -> RapConfig.of(32, 8192));
        rejects(
                "nodes N must be in 16..65536 with the trie lookup, got 65537",
                () -> new RapConfig(
                        32,
                        2,
                        65537,
                        32,
                        16,
                        true,
                        1024,
                        false,
                        655,
                        1024,
                        2,
                        2,
                        0,
                        false,
                        RapConfig.Lookup.TRIE,
                        RapGates.NONE));
        rejects(
                "cannot hold the root and one split of 16 children",
                () -> RapConfig.of(32, 16).withBitsPerLevel(4));
        rejects(
                "counter_bits C must be in 1..64, got 0",
                () -> RapConfig.of(32, 32).withCounterBits(0));
        rejects("queue_depth must be a power of two", () -> RapConfig.of(32, 32).withQueue(1000, true));
        rejects(
                "weight_bits W must be in 1..32, got 40",
                () -> RapConfig.of(32, 32).withWeight(40, true));
        rejects(
                "eps_fx (eps in UQ0.16) must be in 1..65535, got 0",
                () -> RapConfig.of(32, 32).withSchedule(0, 1024, 2));
        rejects("q must be in 2..", () -> RapConfig.of(32, 32).withSchedule(655, 1024, 1));
        rejects("m0 must be >= 1", () -> RapConfig.of(32, 32).withSchedule(655, 0, 2));
    }

    @Test
    void everyWithKeepsTheGates() {
        RapGates g = RapGates.parse("B[7,3]", RapGates.DEFAULT_HASH_SEED, RapGates.DEFAULT_LFSR_SEED);
        RapConfig c = RapConfig.of(32, 64).withGates(g);
        for (RapConfig changed : java.util.List.of(
                c.withBitsPerLevel(1),
                c.withCounterBits(16),
                c.withQueue(64, true),
                c.withWeight(8, true),
                c.withSchedule(100, 64, 4),
                c.withImplementation(4, true),
                c.withLookup(RapConfig.Lookup.TRIE))) assertEquals(g, changed.gates());
    }

    @Test
    void theSmallestLegalEngineForEachBranchingIsAccepted() {
        assertEquals(16, RapConfig.of(32, 16).withBitsPerLevel(1).nodes());
        assertEquals(
                65536,
                new RapConfig(
                                32,
                                2,
                                65536,
                                32,
                                16,
                                true,
                                1024,
                                false,
                                655,
                                1024,
                                2,
                                2,
                                0,
                                false,
                                RapConfig.Lookup.TRIE,
                                RapGates.NONE)
                        .nodes());
        assertEquals(17, RapConfig.of(64, 17).withBitsPerLevel(4).nodes());
    }

    @Test
    void catalogEntryReportsAnImpossibleConfigurationAtElaboration() {
        DesignCatalog.Entry e = DesignCatalog.find("rap").orElseThrow();
        Map<String, Object> p = new HashMap<>();
        for (ParamSpec s : e.params()) p.put(s.name(), s.defaultValue());
        p.put("nodes", 16);
        p.put("branching", 16);
        HdlException x = assertThrows(HdlException.class, () -> e.top().apply(p).get());
        assertTrue(x.getMessage().contains("branching 16 needs N >= 17"), x.getMessage());
    }

    @Test
    void thresholdShiftAndWidthsFollowTheGoldenParameters() {
        for (int k : new int[] {1, 2, 4}) {
            for (int kb : new int[] {32, 64}) {
                RapConfig c = RapConfig.of(kb, 64).withBitsPerLevel(k);
                RapParams g = RapParams.of(kb, k, 655);
                assertEquals(16 + g.log2Levels(), c.thresholdShift());
                assertEquals(g.levels(), c.levels());
                // Every counter and every merge sum stays below the clipped threshold's maximum.
                assertTrue(c.thresholdBits() > c.counterBits() || c.thresholdBits() == 80 - c.thresholdShift());
            }
        }
    }
}
