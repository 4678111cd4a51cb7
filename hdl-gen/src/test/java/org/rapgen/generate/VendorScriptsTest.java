package org.rapgen.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.testutil.VendorStandIn.named;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.testutil.RepoPaths;
import org.rapgen.testutil.RtlOut;
import org.rapgen.testutil.VendorStandIn;
import org.rapgen.testutil.VendorStandIn.Call;
import org.rapgen.testutil.VendorStandIn.PortInfo;

/**
 * The Vivado and Quartus scripts and the constraints of every rtl-out/ design are run, never read: tclsh executes
 * them against a recording stand-in for the vendor commands. Every file they read must exist (the design is copied
 * to a temporary tree, so the scripts are also relocatable), the parts must be the named ones, and every clock and
 * every I/O constraint must name real ports of the top module.
 */
class VendorScriptsTest {
    @TempDir
    static Path tmp;

    @TestFactory
    Stream<DynamicTest> everyDesign() {
        assertFalse(RtlOut.designDirs().isEmpty(), "no designs in rtl-out/");
        List<DynamicTest> tests = new ArrayList<>();
        for (RtlOut.Design d : RtlOut.designs()) {
            tests.add(DynamicTest.dynamicTest(d.name() + ": vivado synthesis", () -> vivado(d, false)));
            tests.add(DynamicTest.dynamicTest(d.name() + ": vivado implementation", () -> vivado(d, true)));
            tests.add(DynamicTest.dynamicTest(d.name() + ": xdc", () -> constraints(d, ".xdc")));
            tests.add(DynamicTest.dynamicTest(d.name() + ": sdc", () -> constraints(d, ".sdc")));
            tests.add(DynamicTest.dynamicTest(d.name() + ": quartus project", () -> quartusProject(d)));
            tests.add(DynamicTest.dynamicTest(d.name() + ": quartus flow", () -> quartusFlow(d)));
        }
        return tests.stream();
    }

    private void vivado(RtlOut.Design d, boolean impl) {
        Path root = copyTree(d);
        Path script = root.resolve("fpga/vivado/" + d.name() + ".tcl");
        List<Call> calls = impl ? run(d, root, script, "impl") : run(d, root, script);
        Path designDir = root.resolve("rtl-out/" + d.name());

        assertEquals(
                d.files().stream().map(f -> designDir.resolve(f).normalize()).toList(),
                named(calls, "read_verilog").stream()
                        .map(c -> existing(root, c.last()))
                        .toList(),
                "read_verilog: the manifest's files, in order");
        List<Call> xdc = named(calls, "read_xdc");
        assertEquals(1, xdc.size());
        assertEquals("out_of_context", xdc.get(0).option("-mode"));
        assertEquals(
                root.resolve("constraints/" + d.name() + ".xdc"),
                existing(root, xdc.get(0).last()));

        Call synth = single(calls, "synth_design");
        assertEquals(FpgaParts.VIVADO_PART, synth.option("-part"));
        assertEquals("xc7a100tcsg324-1", synth.option("-part"), "the issue names the Arty A7-100T part");
        assertEquals(d.top(), synth.option("-top"));
        assertEquals("out_of_context", synth.option("-mode"));
        assertTrue(
                index(calls, "synth_design") > lastIndex(calls, "read_verilog"), "synthesis after reading every file");

        int reports = impl ? 2 : 1;
        assertEquals(reports, named(calls, "report_utilization").size());
        assertEquals(reports, named(calls, "report_timing_summary").size());
        for (Call r : named(calls, "report_utilization"))
            assertTrue(
                    r.option("-file")
                            .startsWith(root.resolve("fpga/vivado/build/" + d.name())
                                    .toString()),
                    r.toString());
        assertTrue(
                Files.isDirectory(root.resolve("fpga/vivado/build/" + d.name())),
                "the script creates its report folder");
        List<String> implSteps = calls.stream()
                .map(Call::cmd)
                .filter(c -> c.matches("opt_design|place_design|route_design"))
                .toList();
        assertEquals(impl ? List.of("opt_design", "place_design", "route_design") : List.of(), implSteps);
        if (impl)
            assertTrue(
                    lastIndex(calls, "report_timing_summary") > index(calls, "route_design"),
                    "routed timing is reported");
    }

    private void constraints(RtlOut.Design d, String ext) {
        Map<String, PortInfo> ports = ports(d);
        Path file = RepoPaths.root().resolve("constraints/" + d.name() + ext);
        List<Call> calls = VendorStandIn.run(tmp, file, ports);

        Call clock = single(calls, "create_clock");
        assertEquals(List.of("clock"), List.of(clock.last().split(" ")), "the clock constraint names the clock port");
        for (String p : clock.last().split(" ")) assertTrue(ports.get(p).input(), p + " is an input of " + d.top());
        assertEquals(1000.0 / d.clockMhz(), Double.parseDouble(clock.option("-period")), 1e-3, "period from clock_mhz");
        String clockName = clock.option("-name");

        Set<String> inputs = new TreeSet<>();
        Set<String> outputs = new TreeSet<>();
        for (String cmd : List.of("set_input_delay", "set_output_delay")) {
            for (Call c : named(calls, cmd)) {
                assertEquals(clockName, c.option("-clock"), c + " is relative to the created clock");
                for (String p : c.last().split(" ")) {
                    assertEquals(cmd.equals("set_input_delay"), ports.get(p).input(), cmd + " on " + p);
                    (cmd.equals("set_input_delay") ? inputs : outputs).add(p);
                }
            }
        }
        Set<String> expectedIn = ports.entrySet().stream()
                .filter(e -> e.getValue().input() && !e.getKey().equals("clock"))
                .map(Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> expectedOut = ports.entrySet().stream()
                .filter(e -> !e.getValue().input())
                .map(Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(
                expectedIn, inputs, "every input but the clock (reset included: it is synchronous) has an input delay");
        assertEquals(expectedOut, outputs, "every output has an output delay");
        if (ext.equals(".sdc"))
            assertEquals(1, named(calls, "derive_clock_uncertainty").size());
    }

    private void quartusProject(RtlOut.Design d) throws IOException {
        Path root = copyTree(d);
        Path project = root.resolve("fpga/quartus/" + d.name());
        String qpf = Files.readString(project.resolve(d.name() + ".qpf"));
        assertTrue(qpf.contains("PROJECT_REVISION = \"" + d.name() + "\""), qpf);
        List<Call> calls = VendorStandIn.run(project, project.resolve(d.name() + ".qsf"), ports(d));

        assertEquals(FpgaParts.QUARTUS_FAMILY, global(calls, "FAMILY").get(0));
        assertEquals(List.of("5CSEBA6U23I7"), global(calls, "DEVICE"), "the issue names the DE10-Nano part");
        assertEquals(List.of(d.top()), global(calls, "TOP_LEVEL_ENTITY"));
        Path designDir = root.resolve("rtl-out/" + d.name());
        assertEquals(
                d.files().stream().map(f -> designDir.resolve(f).normalize()).toList(),
                global(calls, "VERILOG_FILE").stream()
                        .map(f -> existing(project, f))
                        .toList(),
                "VERILOG_FILE: the manifest's files, in order");
        assertEquals(
                List.of(root.resolve("constraints/" + d.name() + ".sdc")),
                global(calls, "SDC_FILE").stream()
                        .map(f -> existing(project, f))
                        .toList());
        assertVirtualPins(d, calls);
        // The FuseSoC Quartus target sources the design folder's copy of the same assignments.
        assertVirtualPins(d, VendorStandIn.run(tmp, d.dir().resolve(d.name() + "_virtual_pins.tcl"), ports(d)));
    }

    private void quartusFlow(RtlOut.Design d) {
        Path root = copyTree(d);
        Path project = root.resolve("fpga/quartus/" + d.name());
        List<Call> calls = VendorStandIn.run(tmp, project.resolve(d.name() + ".tcl"), ports(d));
        Call open = single(calls, "project_open");
        assertEquals(d.name(), open.args().get(0));
        assertEquals(d.name(), open.option("-revision"));
        assertTrue(
                Files.isRegularFile(project.resolve(d.name() + ".qpf"))
                        && Files.isRegularFile(project.resolve(d.name() + ".qsf")),
                "the project it opens exists beside it");
        assertEquals(
                List.of("map", "fit", "sta"),
                named(calls, "execute_module").stream()
                        .map(c -> c.option("-tool"))
                        .toList());
        assertEquals(
                List.of("project_open", "project_close"),
                calls.stream()
                        .map(Call::cmd)
                        .filter(c -> c.startsWith("project_"))
                        .toList());
    }

    /** Every port but the clock is a virtual pin: the assignments' targets, read as Quartus would match them. */
    static void assertVirtualPins(RtlOut.Design d, List<Call> calls) {
        Map<String, PortInfo> ports = ports(d);
        List<String> targets = named(calls, "set_instance_assignment").stream()
                .filter(c -> "VIRTUAL_PIN".equals(c.option("-name")))
                .map(c -> c.option("-to"))
                .toList();
        Set<String> pins = new TreeSet<>();
        for (String t : targets) {
            String port = t.endsWith("[*]") ? t.substring(0, t.length() - 3) : t;
            assertTrue(
                    ports.containsKey(port) && (ports.get(port).width() > 1) == t.endsWith("[*]"),
                    "VIRTUAL_PIN target " + t + " matches a port of " + d.top());
            pins.add(port);
        }
        Set<String> expected = new TreeSet<>(ports.keySet());
        expected.remove("clock");
        assertEquals(expected, pins);
    }

    private static Map<String, PortInfo> ports(RtlOut.Design d) {
        return VendorStandIn.topPorts(d);
    }

    private static List<Call> run(RtlOut.Design d, Path cwd, Path script, String... args) {
        return VendorStandIn.run(cwd, script, ports(d), args);
    }

    private static List<String> global(List<Call> calls, String name) {
        return named(calls, "set_global_assignment").stream()
                .filter(c -> name.equals(c.option("-name")))
                .map(Call::last)
                .toList();
    }

    private static Call single(List<Call> calls, String cmd) {
        List<Call> found = named(calls, cmd);
        assertEquals(1, found.size(), "exactly one " + cmd + " in " + calls);
        return found.get(0);
    }

    private static int index(List<Call> calls, String cmd) {
        return calls.stream().map(Call::cmd).toList().indexOf(cmd);
    }

    private static int lastIndex(List<Call> calls, String cmd) {
        return calls.stream().map(Call::cmd).toList().lastIndexOf(cmd);
    }

    /** A path a script read, resolved against the folder it ran in; it must exist. */
    private static Path existing(Path cwd, String path) {
        Path p = cwd.resolve(path).normalize();
        assertTrue(Files.isRegularFile(p), "the script reads " + path + ", which does not exist");
        return p;
    }

    /** A fresh copy of the design's slice of the repository (rtl-out, constraints, fpga), laid out as in the repository. */
    private static Path copyTree(RtlOut.Design d) {
        Path repo = RepoPaths.root();
        try {
            Path root = Files.createTempDirectory(tmp, d.name());
            List<Path> sources = new ArrayList<>(List.of(
                    repo.resolve("rtl-out/" + d.name()),
                    repo.resolve("fpga/vivado/" + d.name() + ".tcl"),
                    repo.resolve("fpga/quartus/" + d.name()),
                    repo.resolve("constraints/" + d.name() + ".xdc"),
                    repo.resolve("constraints/" + d.name() + ".sdc")));
            for (Path src : sources) {
                assertTrue(
                        Files.exists(src),
                        repo.relativize(src)
                                + " is missing; regenerate with ./rapgen generate --config configs/*.yaml --out rtl-out --fpga-root .");
                try (Stream<Path> s = Files.walk(src)) {
                    for (Path p : s.filter(Files::isRegularFile).toList()) {
                        Path target = root.resolve(repo.relativize(p));
                        Files.createDirectories(target.getParent());
                        Files.copy(p, target);
                    }
                }
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
