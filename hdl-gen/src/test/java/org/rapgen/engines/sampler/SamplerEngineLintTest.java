package org.rapgen.engines.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rapgen.Version;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.testutil.Tools;

/** Every composition elaborates and its Verilog is clean under verilator -Wall and iverilog -Wall (no waivers). */
class SamplerEngineLintTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "R16",
                "P8",
                "CR8",
                "H[P256]2048",
                "H[R16]1024",
                "H[CR8]64",
                "T[tag=2,ways=2]2048",
                "T[tag=0,ways=1,r=16]64",
                "A16",
                "H[P256]2048A16",
                "T[tag=3,ways=2,r=16,evict=4,replace=3]128A4",
                "CR4A1",
                "R8A3",
                "P1",
                // the slot table: one slot (no index or sweep to count), the shipped 32, a gate in front, a full draw
                "Z1",
                "Z32",
                "F[0x3,0x1]Z8",
                "Z[draw=65536,fail=65535,thrash=65535,keep=255]256",
                // the four-stage A_k, whose update is split (k = 1 has no pointer to read at)
                "H[P256]2048A16 assoc_stages=4",
                "CR4A1 assoc_stages=4",
                "T[tag=3,ways=2,r=16,evict=4,replace=3]128A4 assoc_stages=4"
            })
    void compositionIsLintClean(String test, @TempDir Path dir) throws IOException {
        String spec = test.split(" ")[0];
        SamplerParams base =
                spec.startsWith("CR4") ? SamplerParams.of(spec, 16).withCounters(6, 4) : SamplerParams.of(spec, 32);
        SamplerParams p = test.endsWith("assoc_stages=4") ? base.withAssocStages(4) : base;
        Elaborator.Design design = Elaborator.elaborate(() -> new SamplerEngine(p));
        Map<String, String> files = new VerilogEmitter(Version.get()).emit(design);
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
            names.add(f.getKey());
        }
        String top = design.top().name;
        List<String> lint = Tools.cmd("verilator", "--lint-only", "-Wall", "--top-module", top);
        lint.addAll(names);
        Tools.Result v = Tools.run(dir, lint);
        assertEquals("", v.output().strip(), "verilator -Wall on " + test);
        assertEquals(0, v.exit());
        List<String> iv = Tools.cmd("iverilog", "-g2005", "-Wall", "-o", "/dev/null", "-s", top);
        iv.addAll(names);
        Tools.Result i = Tools.run(dir, iv);
        assertEquals("", i.output().strip(), "iverilog -Wall on " + test);
        assertEquals(0, i.exit());
    }
}
