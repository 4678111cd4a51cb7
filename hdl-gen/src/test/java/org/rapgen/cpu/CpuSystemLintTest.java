package org.rapgen.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.ir.ExternalModule;

/**
 * The system's generated Verilog is lint-clean under {@code verilator -Wall} and {@code iverilog -g2005 -Wall}, with
 * PicoRV32's own Verilog beside it: its reports are external code's and are left out (a Verilator configuration
 * turns lint off for that one file; Icarus lines naming it are dropped, and Icarus's timescale category, which only its
 * `timescale directive raises, is off), ours get no waiver.
 */
class CpuSystemLintTest {
    @Test
    void generatedVerilogIsLintClean(@TempDir Path tmp) throws Exception {
        List<BigInteger> image = List.of(BigInteger.valueOf(0x0000006f)); // j . (the program does not matter here)
        Elaborator.Design d = Elaborator.elaborate(() -> new CpuSystem(
                PicoRv32Source.verilog(),
                RapConfig.of(32, 16),
                SamplerParams.of("H[P16]256A16", 32),
                1024,
                image,
                "lint"));
        Map<String, String> files = new VerilogEmitter("test").emit(d);
        assertEquals(1, d.externals().size());
        ExternalModule cpu = d.externals().get(0);
        List<String> ours = new ArrayList<>();
        for (var f : files.entrySet()) {
            Path p = tmp.resolve(f.getKey());
            Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
            ours.add(p.toString());
        }
        List<String> external = cpu.sources().stream().map(Path::toString).toList();
        assertTrue(
                files.keySet().stream().noneMatch(f -> f.startsWith("picorv32")),
                "PicoRV32 is external: " + files.keySet());
        Path vlt =
                Files.writeString(tmp.resolve("external.vlt"), "`verilator_config\nlint_off -file \"*/picorv32.v\"\n");
        List<String> defines = cpu.defines().stream().map(x -> "-D" + x).toList();

        List<String> verilator = new ArrayList<>(
                List.of("verilator", "--lint-only", "-Wall", "--top-module", d.top().name, vlt.toString()));
        // PicoRV32 sets a `timescale and ours set none. Verilator wants it read before the modules without one (as the
        // co-simulation build reads it). Icarus warns about every module without one once any module has one, so there
        // that category alone is off: it is about PicoRV32's directive, not about what rapgen generates.
        verilator.addAll(defines);
        verilator.addAll(external);
        verilator.addAll(ours);
        assertClean(verilator, tmp);
        List<String> iverilog = new ArrayList<>(List.of(
                "iverilog",
                "-g2005",
                "-Wall",
                "-Wno-timescale",
                "-s",
                d.top().name,
                "-o",
                tmp.resolve("a.out").toString()));
        iverilog.addAll(defines);
        iverilog.addAll(ours);
        iverilog.addAll(external);
        assertClean(iverilog, tmp);
    }

    private static void assertClean(List<String> cmd, Path dir) throws Exception {
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        // Icarus names the file of each report; PicoRV32's are external code's (and its timescale note points there).
        String ours = out.lines().filter(l -> !l.contains("picorv32.v")).collect(Collectors.joining("\n"));
        assertEquals(0, p.exitValue(), cmd.get(0) + ":\n" + out);
        assertTrue(ours.isBlank(), cmd.get(0) + " reported on the generated Verilog:\n" + ours);
    }
}
