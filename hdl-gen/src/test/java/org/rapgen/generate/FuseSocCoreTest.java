package org.rapgen.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.rapgen.testutil.VendorStandIn.named;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.testutil.RepoPaths;
import org.rapgen.testutil.RtlOut;
import org.rapgen.testutil.Tools;
import org.rapgen.testutil.VendorStandIn;
import org.rapgen.testutil.VendorStandIn.Call;

/**
 * Every design's FuseSoC core: {@code fusesoc run --setup} succeeds for each target (it writes the tool's project
 * and needs no vendor tool), the Vivado and Quartus projects it writes list every RTL file of the design (checked by
 * running them in tclsh against the vendor stand-in), and the lint target really lints with Verilator.
 */
class FuseSocCoreTest {
    private static final List<String> TARGETS = List.of("lint", "sim", "synth_vivado", "synth_quartus");

    @TempDir
    static Path tmp;

    @TestFactory
    Stream<DynamicTest> everyCoreAndTarget() {
        List<DynamicTest> tests = new ArrayList<>();
        for (RtlOut.Design d : RtlOut.designs()) {
            for (String target : TARGETS)
                tests.add(DynamicTest.dynamicTest(d.name() + ": " + target, () -> target(d, target)));
            tests.add(DynamicTest.dynamicTest(d.name() + ": lint runs", () -> {
                Tools.Result r = fusesoc(d, "lint", false);
                assertEquals(0, r.exit(), r.output());
            }));
        }
        return tests.stream();
    }

    private void target(RtlOut.Design d, String target) throws IOException {
        Tools.Result r = fusesoc(d, target, true);
        assertEquals(0, r.exit(), "fusesoc run --setup --target " + target + ":\n" + r.output());
        Path work = workRoot(d, target);
        switch (target) {
            case "synth_vivado" -> {
                List<Call> calls = VendorStandIn.run(
                        work, projectScript(work, "*.tcl", "create_project"), VendorStandIn.topPorts(d));
                assertEquals(
                        List.of("part", FpgaParts.VIVADO_PART),
                        named(calls, "set_property").get(0).args().subList(0, 2));
                assertSources(
                        d,
                        work,
                        named(calls, "read_verilog").stream().map(Call::last).toList());
                assertEquals(1, named(calls, "read_xdc").size());
                assertTrue(Files.isRegularFile(
                        work.resolve(named(calls, "read_xdc").get(0).last())));
            }
            case "synth_quartus" -> {
                List<Call> calls =
                        VendorStandIn.run(work, projectScript(work, "*.tcl", "project_new"), VendorStandIn.topPorts(d));
                List<String> device = global(calls, "DEVICE");
                assertEquals(List.of(FpgaParts.QUARTUS_DEVICE), device);
                assertEquals(List.of(d.top()), global(calls, "TOP_LEVEL_ENTITY"));
                assertSources(d, work, global(calls, "VERILOG_FILE"));
                assertEquals(1, global(calls, "SDC_FILE").size());
                VendorScriptsTest.assertVirtualPins(d, calls);
            }
            case "lint" -> {
                assertSources(d, work, verilogLines(projectScript(work, "*.vc", "")));
                assertTrue(Files.readString(work.resolve("config.mk")).contains("VERILATOR_OPTIONS := -Wall"));
            }
            case "sim" -> assertSources(d, work, verilogLines(projectScript(work, "*.scr", "")));
            default -> fail(target);
        }
    }

    /** The project lists exactly the design's Verilog files, in the manifest's order, and FuseSoC copied each one. */
    private static void assertSources(RtlOut.Design d, Path work, List<String> listed) {
        assertEquals(
                d.files(),
                listed.stream().map(f -> Path.of(f).getFileName().toString()).toList(),
                "the project's Verilog files");
        for (String f : listed)
            assertTrue(Files.isRegularFile(work.resolve(f)), f + " exists in the FuseSoC work root");
    }

    private static List<String> verilogLines(Path fileList) throws IOException {
        return Files.readAllLines(fileList).stream()
                .filter(l -> l.endsWith(".v"))
                .toList();
    }

    private static List<String> global(List<Call> calls, String name) {
        return named(calls, "set_global_assignment").stream()
                .filter(c -> name.equals(c.option("-name")))
                .map(Call::last)
                .toList();
    }

    private static Tools.Result fusesoc(RtlOut.Design d, String target, boolean setupOnly) {
        Path exe = RepoPaths.root().resolve(".venv/bin/fusesoc");
        if (!Files.isExecutable(exe))
            fail("fusesoc not found in .venv: run scripts/bootstrap.sh (installs the pinned fusesoc from PyPI)");
        List<String> cmd = Tools.cmd(
                exe.toString(),
                "--cores-root",
                d.dir().toString(),
                "run",
                "--build-root",
                tmp.resolve(d.name()).toString());
        if (setupOnly) cmd.add("--setup");
        cmd.addAll(List.of("--target", target, "rapgen:designs:" + d.name()));
        return Tools.run(tmp, cmd);
    }

    private static Path workRoot(RtlOut.Design d, String target) throws IOException {
        // FuseSoC writes BUILD_ROOT/<core name>/<target>-<tool>/.
        try (Stream<Path> s = Files.walk(tmp.resolve(d.name()), 2)) {
            return s.filter(Files::isDirectory)
                    .filter(p -> p.getFileName().toString().startsWith(target + "-"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(
                            "fusesoc wrote no " + target + " work root under " + tmp.resolve(d.name())));
        }
    }

    /** The one file matching glob in the work root whose text contains marker. */
    private static Path projectScript(Path work, String glob, String marker) throws IOException {
        List<Path> found = new ArrayList<>();
        try (var s = Files.newDirectoryStream(work, glob)) {
            for (Path p : s) if (Files.readString(p).contains(marker)) found.add(p);
        }
        assertEquals(1, found.size(), "one " + glob + " containing '" + marker + "' in " + work + ": " + found);
        return found.get(0);
    }
}
