package org.rapgen.hdl.lib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rapgen.bench.FlatArbiter;
import org.rapgen.bench.FlatPrefixSelector;
import org.rapgen.bench.LongestPrefixCam;
import org.rapgen.bench.NaiveTcam;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.cpu.AxiLiteBridge;
import org.rapgen.cpu.ProgramRam;
import org.rapgen.cpu.TraceFeed;
import org.rapgen.designs.DesignCatalog;
import org.rapgen.engines.sampler.SamplerEngine;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.testutil.RepoPaths;

/** Every module rapgen generates is named with keys from {@link NameKey}, and docs/blocks.md lists that table. */
class NameKeyTest {

    @Test
    void keysAreDistinct() {
        List<String> keys = Arrays.stream(NameKey.values()).map(NameKey::key).toList();
        assertEquals(keys.size(), new TreeSet<>(keys).size(), "two NameKeys share a key: " + keys);
    }

    @Test
    void everyGeneratedModuleUsesOnlyTableKeys() throws IOException {
        TreeSet<String> table =
                Arrays.stream(NameKey.values()).map(NameKey::key).collect(Collectors.toCollection(TreeSet::new));
        Map<String, Map<String, Object>> params = new TreeMap<>();
        for (Supplier<Module> top : tops()) {
            for (List<ModuleDef> defs : Elaborator.elaborate(top).elaborations().values())
                for (ModuleDef d : defs) params.put(d.name, d.params);
        }
        assertTrue(params.size() > 40, "too few modules elaborated: " + params.keySet());
        StringBuilder bad = new StringBuilder();
        params.forEach((module, p) -> {
            for (String key : p.keySet())
                if (!table.contains(key))
                    bad.append(module).append(": key '").append(key).append("'\n");
        });
        assertEquals("", bad.toString(), "module-name keys outside NameKey");
    }

    /** The table in docs/blocks.md, row for row: {@code | `key` | meaning |}. */
    @Test
    void docsListTheTable() throws IOException {
        String doc = Files.readString(RepoPaths.root().resolve("docs/blocks.md"));
        Matcher row = Pattern.compile("(?m)^\\| `([a-z]+)` \\| (.+?) \\|$").matcher(doc);
        Map<String, String> documented = new LinkedHashMap<>();
        while (row.find()) documented.put(row.group(1), row.group(2));
        Map<String, String> expected = new LinkedHashMap<>();
        for (NameKey k : NameKey.values()) expected.put(k.key(), k.meaning());
        assertEquals(expected, documented, "docs/blocks.md's module-name key table differs from NameKey");
    }

    private static List<Supplier<Module>> tops() throws IOException {
        Stream.Builder<Supplier<Module>> out = Stream.builder();
        try (Stream<Path> s = Files.list(RepoPaths.root().resolve("configs"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                DesignConfig cfg = ConfigReader.read(p);
                out.add(DesignCatalog.find(cfg.design()).orElseThrow().top().apply(cfg.params()));
            }
        }
        // Every option a sampler's name can carry: LFSR, CR counters, drop mode and non-default stage counts.
        for (String spec : List.of("R16", "CR8", "H[CR8]64", "T[tag=2,ways=2]2048", "H[P256]2048A16")) {
            SamplerParams p = SamplerParams.of(spec, 16).withCounters(6, 4).withQueues(16, 8, true);
            out.add(() -> new SamplerEngine(p));
            out.add(() ->
                    new SamplerEngine(p.withTableStages(2).withHashStages(1).withAssocStages(1)));
        }
        out.add(() -> new Lfsr(16, 4, 0xACE1));
        out.add(() -> new SerialMultiplier(16, 8, true));
        out.add(() -> new LongestMatchHarness(8, 8, 3, 1, Mutant.NONE));
        out.add(() -> new AxiLiteBridge(12));
        out.add(() -> new TraceFeed(32, 16));
        out.add(() -> new ProgramRam(16, List.of(BigInteger.ONE), "d1g"));
        out.add(() -> new FlatArbiter(4, 8));
        out.add(() -> new FlatPrefixSelector(4, 3, 2));
        out.add(() -> new LongestPrefixCam(4, 8, 4, 2, 1));
        out.add(() -> new NaiveTcam(4, 8));
        return out.build().toList();
    }
}
