package org.rapgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.testutil.RepoPaths;
import org.rapgen.testutil.Tools;

/**
 * {@code ./rapgen synth} on every target with small designs (the engine-size runs are bench/performance.sh), its
 * cache, and bad input: an unknown target, a design that does not fit, a missing tool — one line, exit 2.
 */
class SynthCommandTest {
    @TempDir
    static Path tmp;

    private static String oldCache;

    @BeforeAll
    static void privateCache() {
        oldCache = System.getProperty("rapgen.synth.cache");
        System.setProperty("rapgen.synth.cache", tmp.resolve("cache").toString());
    }

    @AfterAll
    static void restoreCache() {
        if (oldCache == null) System.clearProperty("rapgen.synth.cache");
        else System.setProperty("rapgen.synth.cache", oldCache);
    }

    private record Run(int exit, String out, String err) {}

    private static Run run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = Main.run(args);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    private static String config(String name) {
        return RepoPaths.root().resolve("configs/" + name + ".yaml").toString();
    }

    private static Path writeConfig(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static double number(String out, String regex) {
        Matcher m = Pattern.compile(regex).matcher(out);
        assertTrue(m.find(), "no match for " + regex + " in:\n" + out);
        return Double.parseDouble(m.group(1));
    }

    @TestFactory
    Stream<DynamicTest> everyTarget() {
        return Stream.of(
                DynamicTest.dynamicTest("ice40: Fmax and critical path", () -> placedAndRouted("ice40")),
                DynamicTest.dynamicTest("ecp5: Fmax and critical path", () -> placedAndRouted("ecp5")),
                DynamicTest.dynamicTest(
                        "xilinx: cell counts", () -> cellCounts("xilinx", "synth_xilinx -flatten -noiopad -noclkbuf")),
                DynamicTest.dynamicTest(
                        "intel: cell counts",
                        () -> cellCounts("intel", "synth_intel_alm -family cyclonev -noiopad -noclkbuf")));
    }

    /** nextpnr's Fmax must agree with the delay of the critical path it reports (two separate parts of its report). */
    private static void placedAndRouted(String target) {
        Run r = run("synth", "--config", config("sat_counter_w16"), "--target", target);
        assertEquals(0, r.exit(), r.err());
        double fmax = number(r.out(), "fmax: ([0-9.]+) MHz");
        double path = number(r.out(), "critical path: ([0-9.]+) ns");
        assertTrue(fmax > 20 && fmax < 1000, "plausible Fmax for a 16-bit saturating counter: " + fmax);
        assertEquals(1000 / path, fmax, fmax * 0.05, "Fmax is the inverse of the critical path delay");
        assertTrue(number(r.out(), "FF ([0-9]+)") >= 16, "a 16-bit counter has at least 16 flip-flops:\n" + r.out());
    }

    /** The printed cells are exactly what Yosys reports for the same script run here. */
    private static void cellCounts(String target, String yosysCommand) {
        Run r = run("synth", "--config", config("sat_counter_w16"), "--target", target);
        assertEquals(0, r.exit(), r.err());
        Tools.Result y = Tools.run(
                RepoPaths.root().resolve("rtl-out/sat_counter_w16"),
                Tools.cmd(
                        "yosys",
                        "-p",
                        "read_verilog SatCounter_w16_inc4.v; " + yosysCommand
                                + " -top SatCounter_w16_inc4; tee -q -o /dev/stdout stat"));
        assertEquals(0, y.exit(), y.output());
        Map<String, Integer> expected = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(?m)^\\s+([A-Z][A-Z0-9_]+)\\s+(\\d+)$")
                .matcher(y.output().substring(y.output().lastIndexOf("Number of cells:")));
        while (m.find()) expected.put(m.group(1), Integer.parseInt(m.group(2)));
        assertTrue(!expected.isEmpty(), y.output());
        for (var e : expected.entrySet())
            assertTrue(r.out().contains(e.getKey() + " " + e.getValue()), "cells should list " + e + ":\n" + r.out());
        // 16 counter bits and the sticky saturation flag, against the part's flip-flops.
        assertTrue(r.out().contains(target.equals("xilinx") ? "FF 17/126800" : "FF 17/166036"), r.out());
    }

    @Test
    void resultsAreCachedByContent() throws IOException {
        Run first = run("synth", "--config", config("sat_counter_w16"), "--target", "intel");
        Run second = run("synth", "--config", config("sat_counter_w16"), "--target", "intel");
        assertEquals(0, second.exit(), second.err());
        assertTrue(second.out().contains("cached result: "), second.out());
        assertEquals(
                first.out()
                        .lines()
                        .filter(l -> !l.contains("cached result") && !l.contains("logs:"))
                        .toList(),
                second.out()
                        .lines()
                        .filter(l -> !l.contains("cached result") && !l.contains("logs:"))
                        .toList());
        Path slower = writeConfig(
                "slow.yaml", "design: sat_counter\nparams:\n  width: 16\n  amount_width: 4\nclock_mhz: 50\n");
        Run other = run("synth", "--config", slower.toString(), "--target", "intel");
        assertTrue(other.out().contains("logs: "), "another clock is another result:\n" + other.out());
        assertNotEquals(folder(second.out()), folder(other.out()));
    }

    private static String folder(String out) {
        return out.lines()
                .filter(l -> l.contains("cached result: ") || l.contains("logs: "))
                .findFirst()
                .orElseThrow();
    }

    private static void assertOneLineBadInput(Run r, String... fragments) {
        assertEquals(Main.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), "exactly one line on stderr, got:\n" + r.err());
        for (String f : fragments) assertTrue(r.err().contains(f), "stderr should mention '" + f + "': " + r.err());
    }

    @Test
    void unknownTargetAndMissingConfig() {
        assertOneLineBadInput(
                run("synth", "--config", config("fifo_w32_d1024"), "--target", "virtex2"),
                "unknown synth target 'virtex2'",
                "ice40, ecp5, xilinx, intel");
        assertOneLineBadInput(
                run("synth", "--config", tmp.resolve("nope.yaml").toString(), "--target", "ice40"),
                "nope.yaml",
                "no such configuration file");
        assertOneLineBadInput(run("synth", "--config", config("fifo_w32_d1024")), "--target");
    }

    /**
     * 33 x 4096 bits are fewer than the HX8K's 131,072 bits of block RAM and 7,680 flip-flops, but the tools map them
     * to 33 of its 32 block RAMs: a misfit that only the tools find.
     */
    @Test
    void designThatDoesNotFit() throws IOException {
        Path big = writeConfig("big.yaml", "design: fifo\nparams:\n  width: 33\n  depth: 4096\n");
        Run first = run("synth", "--config", big.toString(), "--target", "ice40");
        assertOneLineBadInput(first, "big.yaml:0:", "does not fit the iCE40 HX8K", "ICESTORM_RAM of 32");
        // A misfit is cached like a result: the second run answers from the cache entry (marked here), not the tools.
        Path misfit;
        try (Stream<Path> entries = Files.walk(tmp.resolve("cache"))) {
            misfit = entries.filter(p -> p.getFileName().toString().equals("misfit.txt"))
                    .filter(p -> read(p).contains("fifo_w33_d4096"))
                    .findFirst()
                    .orElseThrow();
        }
        Files.writeString(misfit, Files.readString(misfit).strip() + " [from the cache]\n");
        Run again = run("synth", "--config", big.toString(), "--target", "ice40");
        assertOneLineBadInput(again, "does not fit the iCE40 HX8K", "ICESTORM_RAM of 32", "[from the cache]");
    }

    /** 32 x 8192 written bits are more than the HX8K's block RAM and flip-flops hold: a misfit before Yosys runs. */
    @Test
    void memoryLargerThanThePartsStorage() throws IOException {
        Path big = writeConfig("bigger.yaml", "design: fifo\nparams:\n  width: 32\n  depth: 8192\n");
        Run r = run("synth", "--config", big.toString(), "--target", "ice40");
        assertOneLineBadInput(
                r,
                "bigger.yaml:0:",
                "does not fit the iCE40 HX8K",
                "its written memories hold 262144 bits",
                "131072 bits of block RAM and 7680 flip-flops");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The command runs in a child JVM whose PATH has yosys only (then nothing at all). */
    @Test
    void missingTool() throws IOException, InterruptedException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Tools.requireOnPath("yosys");
        Path yosys = Stream.of(System.getenv("PATH").split(":"))
                .map(d -> Path.of(d, "yosys"))
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow();
        Files.createSymbolicLink(bin.resolve("yosys"), yosys);
        Run noPnr = child(bin, "synth", "--config", config("sat_counter_w16"), "--target", "ice40");
        assertOneLineBadInput(noPnr, "needs nextpnr-ice40", "apt-get install nextpnr-ice40");
        Files.delete(bin.resolve("yosys"));
        assertOneLineBadInput(
                child(bin, "synth", "--config", config("sat_counter_w16"), "--target", "xilinx"),
                "needs yosys",
                "apt-get install yosys");
    }

    private static Run child(Path path, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Drapgen.synth.cache=" + tmp.resolve("cache"),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PATH", path.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out, err);
    }
}
