package org.rapgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.cli.Cli.assertOneLineBadInput;
import static org.rapgen.cli.Cli.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.cli.Cli.Run;
import org.rapgen.testutil.RepoPaths;

/**
 * The error paths every command shares (SPEC §8: one line naming the file, the line and the problem; exit 2; no
 * partial output), one test per class of failure that once broke the contract: configuration bytes, output paths,
 * one path for two outputs, messages that name the wrong problem, and stdout written before a failure.
 */
class ErrorPathTest {
    @TempDir
    Path tmp;

    private static String config(String name) {
        return RepoPaths.root().resolve("configs/" + name + ".yaml").toString();
    }

    /** One line, exit 2, nothing on stdout, and no Java names in the words. */
    private static void assertUserError(Run r, String... fragments) {
        assertOneLineBadInput(r, fragments);
        assertEquals("", r.out(), "nothing on stdout after an error");
        Cli.assertNoJavaNames(r.err());
    }

    @Test
    void configurationBytesThatAreNotUtf8TextNameTheirLine() throws IOException {
        Path nul = Files.write(
                tmp.resolve("nul.yaml"), "design: sat_counter\n\0params: {}\n".getBytes(StandardCharsets.UTF_8));
        Path latin1 = Files.write(
                tmp.resolve("latin1.yaml"), "design: sat_counter\n# caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        Path bell = Files.write(
                tmp.resolve("bell.yaml"), "design: sat_counter\nname: a\u0007\n".getBytes(StandardCharsets.UTF_8));
        for (String cmd : List.of("generate", "synth")) {
            List<String> tail = cmd.equals("generate")
                    ? List.of("--out", tmp.resolve("out").toString())
                    : List.of("--target", "xilinx");
            assertUserError(run(args(cmd, nul, tail)), "nul.yaml:2:", "U+0000");
            assertUserError(run(args(cmd, latin1, tail)), "latin1.yaml:2:", "byte 0xE9 is not UTF-8 text");
            assertUserError(run(args(cmd, bell, tail)), "bell.yaml:2:", "U+0007");
        }
        assertFalse(Files.exists(tmp.resolve("out")), "no output folder after a bad configuration");
    }

    private static String[] args(String cmd, Path config, List<String> tail) {
        List<String> a = new ArrayList<>(List.of(cmd, "--config", config.toString()));
        a.addAll(tail);
        return a.toArray(String[]::new);
    }

    @Test
    void generateChecksEveryOutputBeforeWritingAny() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Path out = tmp.resolve("rtl");
        assertUserError(
                run("generate", "--config", config("sat_counter_w16"), "--out", file.toString()),
                "a-file:0:",
                "--out",
                "is a file, not a folder");
        // The --fpga-root problem used to surface after --out was written.
        assertUserError(
                run(
                        "generate",
                        "--config",
                        config("sat_counter_w16"),
                        "--out",
                        out.toString(),
                        "--fpga-root",
                        file.toString()),
                "a-file:0:",
                "--fpga-root",
                "is a file, not a folder");
        assertFalse(Files.exists(out), "--out written before --fpga-root was found bad");
        Path below = file.resolve("sub");
        assertUserError(
                run("generate", "--config", config("sat_counter_w16"), "--out", below.toString()),
                "--out",
                "is a file, not a folder");
    }

    @Test
    void anOutputInAFolderThatCannotBeWrittenFailsFirst() throws IOException {
        Path locked = readOnlyFolder();
        assertUserError(
                run(
                        "generate",
                        "--config",
                        config("sat_counter_w16"),
                        "--out",
                        locked.resolve("rtl").toString()),
                "--out",
                "cannot create it in " + locked);
        Path trace = Files.writeString(tmp.resolve("t.txt"), "12\n34\n");
        assertUserError(
                run(
                        "profile",
                        "--trace",
                        trace.toString(),
                        "--eps",
                        "0.1",
                        "--dump",
                        locked.resolve("d.txt").toString()),
                "d.txt:0:",
                "--dump",
                "cannot write in folder " + locked);
    }

    /**
     * A folder this process cannot write: its permissions taken away, or, for root (whom permissions do not stop), a
     * read-only mount of the machine's.
     */
    private Path readOnlyFolder() throws IOException {
        Path d = Files.createDirectory(tmp.resolve("locked"));
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("r-xr-xr-x"));
        if (!Files.isWritable(d)) return d;
        for (String candidate : List.of("/proc/sys", "/sys/fs/cgroup", "/usr/lib/os-release.d")) {
            Path p = Path.of(candidate);
            if (Files.isDirectory(p) && !Files.isWritable(p)) return p;
        }
        throw new AssertionError("no folder here refuses writes, even to root: the read-only class cannot be tested");
    }

    @Test
    void oneFileForTwoOutputsOrForAnOutputAndItsInput() throws IOException {
        Path trace = Files.writeString(tmp.resolve("t.txt"), "12\n34\n");
        Path same = tmp.resolve("same");
        assertUserError(
                run(
                        "profile",
                        "--trace",
                        trace.toString(),
                        "--eps",
                        "0.1",
                        "--dump",
                        same.toString(),
                        "--report",
                        same.toString()),
                "same:0:",
                "--report is also given for --dump");
        assertFalse(Files.exists(same));
        Path dotted = tmp.resolve("x/../same");
        Files.createDirectory(tmp.resolve("x"));
        assertUserError(
                run(
                        "profile",
                        "--trace",
                        trace.toString(),
                        "--eps",
                        "0.1",
                        "--dump",
                        same.toString(),
                        "--report",
                        dotted.toString()),
                "is also given for --dump");
        assertUserError(
                run("profile", "--trace", trace.toString(), "--eps", "0.1", "--dump", trace.toString()),
                "t.txt:0:",
                "--dump would overwrite the --trace input");
        assertEquals("12\n34\n", Files.readString(trace), "the input is untouched");
        Path link = Files.createSymbolicLink(tmp.resolve("link.txt"), trace);
        assertUserError(
                run("sample", "--trace", trace.toString(), "--sampler", "H[P256]2048", "--out", link.toString()),
                "--out would overwrite the --trace input");
    }

    /** picocli words a failed conversion with Java's type names; the user gets the option and the value. */
    @Test
    void anOptionValueThatIsNoPathNamesTheOption() {
        assertUserError(
                run("profile", "--trace", "a\0b", "--eps", "0.1"), "--trace", "a path cannot hold a NUL character");
    }

    @Test
    void aFolderThatTakesNoFilesIsNotCalledMissing() throws IOException {
        Path trace = Files.writeString(tmp.resolve("t.txt"), "12\n34\n");
        Run r = run("profile", "--trace", trace.toString(), "--eps", "0.1", "--dump", "/proc/rapgen-dump.txt");
        assertUserError(r, "/proc/rapgen-dump.txt:0:");
        assertFalse(r.err().contains("does not exist"), r.err());
        Run g = run("generate", "--config", config("sat_counter_w16"), "--out", "/proc/rapgen-out");
        assertUserError(g, "/proc/rapgen-out:0:", "cannot be created in /proc");
        Run missing = run(
                "profile",
                "--trace",
                trace.toString(),
                "--eps",
                "0.1",
                "--dump",
                tmp.resolve("no/such/d.txt").toString());
        assertUserError(missing, "--dump", "folder " + tmp.resolve("no/such") + " does not exist");
    }

    @Test
    void stdoutIsHeldUntilTheCommandSucceeds() throws IOException {
        // profile prints its table only at the end, but a bad record read late must leave stdout empty either way;
        // a trace of many good lines and a bad last one.
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 50_000; i++) sb.append(Integer.toHexString(i)).append('\n');
        Path trace = Files.writeString(tmp.resolve("t.txt"), sb + "zz\n");
        assertUserError(run("profile", "--trace", trace.toString(), "--eps", "0.1"), "t.txt:50001:");
        Run ok = run(
                "profile",
                "--trace",
                Files.writeString(tmp.resolve("good.txt"), sb).toString(),
                "--eps",
                "0.1");
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.out().contains("hot ranges") || !ok.out().isEmpty(), "a successful run's output is passed on");
    }

    /** An output that is a pipe is written as a stream: the atomic rename would have replaced the pipe with a file. */
    @Test
    void aPipeOutputStaysAPipe() throws Exception {
        Path fifo = tmp.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        java.util.concurrent.CompletableFuture<byte[]> read = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readAllBytes(fifo);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Path trace = Files.writeString(tmp.resolve("t.txt"), "12\n34\n");
        Cli.ok("profile", "--trace", trace.toString(), "--eps", "0.1", "--dump", fifo.toString());
        String dump = new String(read.get(30, java.util.concurrent.TimeUnit.SECONDS), StandardCharsets.UTF_8);
        assertTrue(dump.startsWith("# rap-tree v1"), dump);
        assertFalse(Files.isRegularFile(fifo), "the pipe was replaced by a file");
    }
}
