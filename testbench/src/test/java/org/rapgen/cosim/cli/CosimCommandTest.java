package org.rapgen.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.cli.Main;

/**
 * {@code ./rapgen cosim} through the real command line (the testbench module plugs it in): a clean run exits 0 and its
 * dump is byte-identical to {@code profile --nodes N --dump}; bad input is one line and exit 2 with no dump written.
 */
class CosimCommandTest {
    /** The same engine as RapConfigs.SMALL, so the Verilator build is shared with the co-simulation tests. */
    private static final String SMALL = """
            design: rap
            params:
              key_bits: 32
              branching: 2
              nodes: 16
              weight_field: false
              queue_depth: 64
              eps_fx: 3276
              m0: 64
            """;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void dumpIsIdenticalToProfile(@TempDir Path tmp) throws Exception {
        Path cfg = Files.writeString(tmp.resolve("small.yaml"), SMALL);
        StringBuilder trace = new StringBuilder("# zipf-ish keys\n");
        Random r = new Random(1);
        for (int i = 0; i < 4000; i++)
            trace.append(Long.toHexString((r.nextInt(40) * 0x9E3779B1L) & 0xFFFF_FFFFL))
                    .append('\n');
        Path t = Files.writeString(tmp.resolve("t.txt"), trace);
        CliRun cosim = run(
                "cosim",
                "--trace",
                t.toString(),
                "--config",
                cfg.toString(),
                "--dump",
                tmp.resolve("cosim.txt").toString());
        assertEquals(0, cosim.status(), cosim.out() + cosim.err());
        assertTrue(cosim.out().contains("mismatches  0") && cosim.out().contains("events/cycle"), cosim.out());
        assertLoopSpeed(cosim.out());
        CliRun profile = run(
                "profile",
                "--trace",
                t.toString(),
                "--eps",
                Double.toString(3276 / 65536.0),
                "--branching",
                "2",
                "--nodes",
                "16",
                "--m0",
                "64",
                "--dump",
                tmp.resolve("profile.txt").toString());
        assertEquals(0, profile.status(), profile.err());
        assertArrayEquals(Files.readAllBytes(tmp.resolve("profile.txt")), Files.readAllBytes(tmp.resolve("cosim.txt")));
    }

    /** A sampler configuration: the RTL's messages, dumped, equal {@code sample --out} on the same tuple trace. */
    @Test
    void samplerMessagesAreIdenticalToSample(@TempDir Path tmp) throws Exception {
        Path cfg = Files.writeString(
                tmp.resolve("sampler.yaml"), "design: sampler\nparams:\n  spec: \"H[P8]64\"\n  key_bits: 32\n");
        StringBuilder trace = new StringBuilder("# (pc, w) tuples, a few hot pcs\n");
        Random r = new Random(2);
        for (int i = 0; i < 3000; i++) {
            long pc = 0x400000L + 4L * (r.nextInt(4) == 0 ? r.nextInt(5000) : r.nextInt(12));
            trace.append(Long.toHexString(pc))
                    .append(' ')
                    .append(Long.toHexString(r.nextInt(64) * 8L))
                    .append('\n');
        }
        Path t = Files.writeString(tmp.resolve("tuples.txt"), trace);
        CliRun cosim = run(
                "cosim",
                "--trace",
                t.toString(),
                "--config",
                cfg.toString(),
                "--dump",
                tmp.resolve("cosim.txt").toString());
        assertEquals(0, cosim.status(), cosim.out() + cosim.err());
        assertTrue(cosim.out().contains("mismatches 0") && cosim.out().contains("tuples/cycle"), cosim.out());
        assertLoopSpeed(cosim.out());
        CliRun sample = run(
                "sample",
                "--trace",
                t.toString(),
                "--sampler",
                "H[P8]64",
                "--out",
                tmp.resolve("sample.txt").toString());
        assertEquals(0, sample.status(), sample.err());
        byte[] expected = Files.readAllBytes(tmp.resolve("sample.txt"));
        assertTrue(expected.length > 0, "the trace must produce messages");
        assertArrayEquals(expected, Files.readAllBytes(tmp.resolve("cosim.txt")));

        Path events = Files.writeString(tmp.resolve("tuples-bad.txt"), "12 3\nzz 1\n");
        CliRun bad = run("cosim", "--trace", events.toString(), "--config", cfg.toString());
        assertEquals(2, bad.status(), bad.out() + bad.err());
        assertEquals(1, bad.err().lines().count(), bad.err());
        assertTrue(bad.err().contains("tuples-bad.txt:2"), bad.err());
    }

    /**
     * The summary's {@code cycles/s} line: a positive rate over at least the clocks the run counted ({@code cycles}
     * leaves out reset and checks; the loop's clocks include them).
     */
    private static void assertLoopSpeed(String out) {
        Matcher speed = Pattern.compile(
                        "(?m)^cycles/s    (\\d+) \\((\\d+) clocks in ([0-9.]+) s of simulation loop; Verilator build excluded\\)$")
                .matcher(out);
        Matcher cycles = Pattern.compile("(?m)^cycles +(\\d+)$").matcher(out);
        assertTrue(speed.find() && cycles.find(), out);
        assertTrue(Long.parseLong(speed.group(1)) > 0 && Double.parseDouble(speed.group(3)) > 0, out);
        assertTrue(Long.parseLong(speed.group(2)) >= Long.parseLong(cycles.group(1)), out);
    }

    /** A capture gives a sampler (source, destination) tuples, as it gives them to {@code sample}. */
    @Test
    void samplerOnACaptureMatchesSample(@TempDir Path tmp) throws Exception {
        Path capture = Path.of(System.getProperty("rapgen.root", "../.."), "..", "shared", "traces", "1kxun.pcap")
                .normalize();
        assertTrue(Files.isReadable(capture), "shared trace missing: " + capture);
        Path cfg = Files.writeString(
                tmp.resolve("sampler.yaml"), "design: sampler\nparams:\n  spec: \"H[P4]16\"\n  key_bits: 32\n");
        CliRun cosim = run(
                "cosim",
                "--trace",
                capture.toString(),
                "--config",
                cfg.toString(),
                "--dump",
                tmp.resolve("cosim.txt").toString());
        assertEquals(0, cosim.status(), cosim.out() + cosim.err());
        CliRun sample = run(
                "sample",
                "--trace",
                capture.toString(),
                "--sampler",
                "H[P4]16",
                "--out",
                tmp.resolve("sample.txt").toString());
        assertEquals(0, sample.status(), sample.err());
        byte[] expected = Files.readAllBytes(tmp.resolve("sample.txt"));
        assertTrue(expected.length > 0, "the capture must produce messages");
        assertArrayEquals(expected, Files.readAllBytes(tmp.resolve("cosim.txt")));
    }

    @Test
    void badInputIsOneLineAndStatus2(@TempDir Path tmp) throws Exception {
        Path cfg = Files.writeString(tmp.resolve("small.yaml"), SMALL);
        Path bad = Files.writeString(tmp.resolve("bad.txt"), "12\nzz\n");
        Path dump = tmp.resolve("d.txt");
        CliRun r = run("cosim", "--trace", bad.toString(), "--config", cfg.toString(), "--dump", dump.toString());
        assertEquals(2, r.status());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("bad.txt") && r.err().contains(":2"), r.err());
        assertFalse(Files.exists(dump), "no partial dump");

        Path weighted = Files.writeString(tmp.resolve("w.txt"), "12 5\n");
        r = run("cosim", "--trace", weighted.toString(), "--config", cfg.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("no weight field"), r.err());

        Path impossible = Files.writeString(tmp.resolve("imp.yaml"), SMALL.replace("branching: 2", "branching: 16"));
        r = run("cosim", "--trace", weighted.toString(), "--config", impossible.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("branching 16 needs N >= 17"), r.err());

        Path fifo = Files.writeString(tmp.resolve("fifo.yaml"), "design: fifo\nparams:\n  width: 8\n  depth: 4\n");
        r = run("cosim", "--trace", weighted.toString(), "--config", fifo.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("no co-simulation for design 'fifo'"), r.err());

        r = run(
                "cosim",
                "--trace",
                weighted.toString(),
                "--config",
                tmp.resolve("missing.yaml").toString());
        assertEquals(2, r.status());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    /** The outputs are checked before the Verilator build: the message names the option, which only the check does. */
    @Test
    void aDumpIntoAMissingFolderFailsBeforeTheBuild(@TempDir Path tmp) throws Exception {
        Path cfg = Files.writeString(tmp.resolve("small.yaml"), SMALL);
        Path trace = Files.writeString(tmp.resolve("t.txt"), "12\n");
        Path dump = tmp.resolve("no/such/d.txt");
        CliRun r = run("cosim", "--trace", trace.toString(), "--config", cfg.toString(), "--dump", dump.toString());
        assertEquals(2, r.status());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("--dump: folder " + dump.getParent() + " does not exist"), r.err());
        assertEquals("", r.out());
    }

    /**
     * A tool that fails is one line naming it, its exit status and its first error line, exit 2, and nothing on stdout
     * (cosim prints its header before it builds). Run in a child JVM that takes the verilator on PATH, whose PATH
     * finds one that fails.
     */
    @Test
    void aFailingToolIsOneLine(@TempDir Path tmp) throws Exception {
        Path bin = binWith(tmp, "g++", "make");
        Path fake = Files.writeString(
                bin.resolve("verilator"),
                "#!/bin/sh\necho 'some chatter'\necho '%Error: broken on purpose' >&2\nexit 3\n");
        fake.toFile().setExecutable(true);
        CliRun r = childCosim(tmp, bin, "-Drapgen.verilator=path");
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("verilator failed (exit 3): %Error: broken on purpose"), r.err());
        assertEquals("", r.out(), "nothing on stdout after a failure");
    }

    /** A missing Verilator, either choice, is one line saying how to install it or pick the other, and exit 2. */
    @Test
    void aMissingVerilatorNamesTheInstall(@TempDir Path tmp) throws Exception {
        Path bin = binWith(tmp, "g++", "make");
        CliRun onPath = childCosim(tmp, bin, "-Drapgen.verilator=path");
        assertEquals(2, onPath.status(), onPath.err());
        assertEquals(1, onPath.err().strip().lines().count(), onPath.err());
        assertTrue(
                onPath.err()
                        .contains("'verilator' not found on PATH (RAPGEN_VERILATOR=path): apt-get install verilator"),
                onPath.err());

        // A checkout without .venv: the root is where scripts/bootstrap.sh is.
        Path checkout = Files.createDirectories(tmp.resolve("checkout/scripts"));
        Files.writeString(checkout.resolve("bootstrap.sh"), "");
        CliRun inVenv = childCosim(tmp, bin, "-Drapgen.verilator=venv", "-Drapgen.root=" + checkout.getParent());
        assertEquals(2, inVenv.status(), inVenv.err());
        assertEquals(1, inVenv.err().strip().lines().count(), inVenv.err());
        assertTrue(
                inVenv.err()
                        .contains(
                                "Verilator not found in " + checkout.getParent().resolve(".venv")
                                        + " (RAPGEN_VERILATOR=venv): run scripts/bootstrap.sh"),
                inVenv.err());
    }

    /** A folder for a child's PATH holding links to the real {@code tools} (those found). */
    private static Path binWith(Path tmp, String... tools) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool : tools) {
            java.util.Optional<Path> real = java.util.stream.Stream.of(
                            System.getenv("PATH").split(":"))
                    .map(d -> Path.of(d, tool))
                    .filter(Files::isExecutable)
                    .findFirst();
            if (real.isPresent()) Files.createSymbolicLink(bin.resolve(tool), real.get());
        }
        return bin;
    }

    /** {@code cosim} of a small engine not built before, in a child JVM with PATH {@code bin} and {@code props}. */
    private static CliRun childCosim(Path tmp, Path bin, String... props) throws Exception {
        Path cfg = Files.writeString(tmp.resolve("small.yaml"), SMALL.replace("eps_fx: 3276", "eps_fx: 3277"));
        Path trace = Files.writeString(tmp.resolve("t.txt"), "12\n");
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Drapgen.cosim.cache=" + tmp.resolve("cache")));
        cmd.addAll(java.util.List.of(props));
        cmd.addAll(java.util.List.of(
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "cosim",
                "--trace",
                trace.toString(),
                "--config",
                cfg.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PATH", bin.toString());
        pb.environment().remove("RAPGEN_VERILATOR");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new CliRun(p.waitFor(), out, err);
    }
}
