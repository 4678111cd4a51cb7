package org.rapgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.rapgen.cli.Cli.Run;
import org.rapgen.testutil.RepoPaths;

/**
 * Property-based fuzzing of every input the command line reads (jqwik): configuration files, traces in every format,
 * and option lists. Mutated real inputs and random bytes must never give an exit status other than 0 or 2, more than
 * one line on stderr, a Java exception's name or stack trace, or (on exit 2) any output file, temporary ones included.
 * The seeds are fixed, so a run is repeatable; jqwik's report after each property gives the number of tries.
 */
class CliFuzzTest {
    private static Path root;
    private static int case_;

    @BeforeContainer
    static void makeRoot() throws IOException {
        root = Files.createTempDirectory("rapgen-fuzz");
    }

    @AfterContainer
    static void removeRoot() throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }

    /** A fresh folder per try, holding only what the try writes. */
    private static Path caseFolder() throws IOException {
        return Files.createDirectory(root.resolve("case" + case_++));
    }

    // ------------------------------------------------------------------------------------------------ properties

    @Property(tries = 300, seed = "20261127")
    void configurationFiles(@ForAll("configurations") byte[] yaml) throws IOException {
        Path dir = caseFolder();
        Path config = Files.write(dir.resolve("c.yaml"), yaml);
        Path out = dir.resolve("rtl");
        Run r = Cli.run("generate", "--config", config.toString(), "--out", out.toString());
        assertContract(r);
        if (r.exit() != 0) assertFalse(Files.exists(out), "generate failed but wrote " + out);
    }

    @Property(tries = 1000, seed = "20261127")
    void traces(@ForAll("traces") byte[] trace, @ForAll boolean tuples) throws IOException {
        Path dir = caseFolder();
        Path file = Files.write(dir.resolve("t"), trace);
        Path out = dir.resolve("out");
        Run r = tuples
                ? Cli.run("sample", "--trace", file.toString(), "--sampler", "H[P16]64", "--out", out.toString())
                : Cli.run(
                        "profile",
                        "--trace",
                        file.toString(),
                        "--eps",
                        "0.1",
                        "--nodes",
                        "64",
                        "--dump",
                        out.toString());
        assertContract(r);
        if (r.exit() != 0) assertEquals(Set.of("t"), Cli.files(dir), "a failed run left files behind");
    }

    @Property(tries = 1000, seed = "20261127")
    void optionLists(@ForAll("commandLines") List<String> args) throws IOException {
        Path dir = caseFolder();
        Files.writeString(dir.resolve("in.txt"), "12\n34 2\n");
        Files.write(dir.resolve("in.yaml"), read(RepoPaths.root().resolve("configs/sat_counter_w16.yaml")));
        List<String> resolved = new ArrayList<>();
        for (String a : args) resolved.add(a.replace("@DIR", dir.toString()));
        Run r = Cli.run(resolved.toArray(String[]::new));
        assertContract(r);
        if (r.exit() != 0)
            assertTrue(
                    Cli.files(dir).stream().allMatch(n -> n.equals("in.txt") || n.equals("in.yaml")),
                    "a failed run left files behind: " + Cli.files(dir));
    }

    /** Exit 0 or 2; on 2 one line and no stdout; never a Java name. */
    private static void assertContract(Run r) {
        assertTrue(r.exit() == 0 || r.exit() == Main.BAD_INPUT, "exit " + r.exit() + ": " + r.err());
        assertTrue(r.err().lines().count() <= 1, "more than one line on stderr:\n" + r.err());
        Cli.assertNoJavaNames(r.err());
        if (r.exit() != 0) {
            assertEquals(1, r.err().strip().lines().count(), "exit 2 without its one line");
            assertEquals("", r.out(), "stdout written by a failed run");
        }
    }

    // ------------------------------------------------------------------------------------------------ inputs

    @Provide
    Arbitrary<byte[]> configurations() {
        List<byte[]> seeds = new ArrayList<>();
        for (String name : List.of("sat_counter_w16", "fifo_w32_d1024", "arbiter_n64_w8", "rap_n32_k32")) {
            seeds.add(read(RepoPaths.root().resolve("configs/" + name + ".yaml")));
        }
        seeds.add(ascii("design: rap\nparams:\n  lookup: trie\n  nodes: 64\n  key_bits: 32\n  branching: 4\n"));
        return mutatedOrRandom(seeds);
    }

    @Provide
    Arbitrary<byte[]> traces() {
        StringBuilder text = new StringBuilder("# events\n");
        StringBuilder tuples = new StringBuilder();
        StringBuilder lackey = new StringBuilder("==1== Lackey\n");
        ByteBuffer bin =
                ByteBuffer.allocate(8 + 40 * 12).order(ByteOrder.LITTLE_ENDIAN).put(ascii("RAPGEV1\n"));
        for (int i = 0; i < 40; i++) {
            text.append(Integer.toHexString(i * 7919))
                    .append(i % 3 == 0 ? " 2" : "")
                    .append('\n');
            tuples.append(Integer.toHexString(0x400000 + i * 4))
                    .append(' ')
                    .append(Integer.toHexString(i * 64))
                    .append('\n');
            lackey.append(i % 4 == 0 ? " L " : "I  ")
                    .append(String.format("%08x,4", 0x400000 + i * 4))
                    .append('\n');
            bin.putLong(i * 104729L).putInt(1 + i % 5);
        }
        List<byte[]> seeds = List.of(
                ascii(text.toString()),
                ascii(tuples.toString()),
                ascii(lackey.toString()),
                bin.array(),
                gzip(ascii(text.toString())),
                pcapPrefix());
        return mutatedOrRandom(seeds);
    }

    @Provide
    Arbitrary<List<String>> commandLines() {
        // Not synth: a valid line runs Yosys for seconds (SynthCommandTest covers its errors). Not --progress: it
        // writes progress lines to stderr on purpose.
        Arbitrary<String> command =
                Arbitraries.of("profile", "sample", "generate", "--help", "--version", "nosuch", "");
        Arbitrary<String> option = Arbitraries.of(
                "--trace",
                "--eps",
                "--nodes",
                "--branching",
                "--key-bits",
                "--dump",
                "--report",
                "--sampler",
                "--out",
                "--format",
                "--lackey",
                "--config",
                "--fpga-root",
                "--target",
                "--seed",
                "--no-progress",
                "--cycles",
                "--stress",
                "-x",
                "--",
                "--eps=0.1");
        Arbitrary<String> value = Arbitraries.oneOf(
                Arbitraries.of(
                        "0.1",
                        "0",
                        "-1",
                        "1e309",
                        "NaN",
                        "1.5",
                        "64",
                        "15",
                        "65537",
                        "4",
                        "3",
                        "33",
                        "abc",
                        "",
                        "text",
                        "tuples",
                        "binary",
                        "pcap",
                        "lackey",
                        "instr",
                        "data",
                        "H[P16]64",
                        "H[P256]2048A16",
                        "H[",
                        "xilinx",
                        "ice40",
                        "@DIR/in.txt",
                        "@DIR/missing.txt",
                        "@DIR",
                        "@DIR/out.txt",
                        "@DIR/no/such/out",
                        "@DIR/in.yaml",
                        "/proc/x"),
                Arbitraries.strings().ofMaxLength(8));
        Arbitrary<List<String>> pairs = Combinators.combine(option, value)
                .as(List::of)
                .list()
                .ofMaxSize(5)
                .map(l -> l.stream().flatMap(List::stream).toList());
        return Combinators.combine(command, pairs).as((c, rest) -> {
            List<String> args = new ArrayList<>();
            if (!c.isEmpty()) args.add(c);
            args.addAll(rest);
            return args;
        });
    }

    private static Arbitrary<byte[]> mutatedOrRandom(List<byte[]> seeds) {
        Arbitrary<Mutation> mutation = Combinators.combine(
                        Arbitraries.of(Mutation.Kind.class),
                        Arbitraries.doubles().between(0, 1),
                        Arbitraries.integers().between(1, 24),
                        Arbitraries.bytes())
                .as(Mutation::new);
        Arbitrary<byte[]> mutated = Combinators.combine(
                        Arbitraries.of(seeds), mutation.list().ofMaxSize(6))
                .as((seed, ms) -> {
                    byte[] b = seed;
                    for (Mutation m : ms) b = m.apply(b);
                    return b;
                });
        Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, mutated), net.jqwik.api.Tuple.of(1, random));
    }

    /** One edit of a byte string, at a fraction of its length. */
    record Mutation(Kind kind, double at, int length, byte value) {
        enum Kind {
            SET,
            INSERT,
            DELETE,
            DUPLICATE,
            TRUNCATE,
            NUL,
            HIGH_BIT
        }

        byte[] apply(byte[] b) {
            int i = (int) (at * b.length);
            int end = Math.min(b.length, i + length);
            switch (kind) {
                case SET -> {
                    if (i < b.length) {
                        b = b.clone();
                        b[i] = value;
                    }
                    return b;
                }
                case INSERT -> {
                    byte[] ins = new byte[length];
                    Arrays.fill(ins, value);
                    return splice(b, i, i, ins);
                }
                case DELETE -> {
                    return splice(b, i, end, new byte[0]);
                }
                case DUPLICATE -> {
                    return splice(b, end, end, Arrays.copyOfRange(b, i, end));
                }
                case TRUNCATE -> {
                    return Arrays.copyOf(b, i);
                }
                case NUL -> {
                    return splice(b, i, i, new byte[] {0});
                }
                default -> {
                    return splice(b, i, i, new byte[] {(byte) 0xC3, (byte) (value | 0x80)});
                }
            }
        }

        private static byte[] splice(byte[] b, int from, int to, byte[] with) {
            byte[] out = new byte[b.length - (to - from) + with.length];
            System.arraycopy(b, 0, out, 0, from);
            System.arraycopy(with, 0, out, from, with.length);
            System.arraycopy(b, to, out, from + with.length, b.length - to);
            return out;
        }
    }

    private static byte[] pcapPrefix() {
        Path capture = RepoPaths.root().resolve("../shared/traces/pkt.TCP.synflood.spoofed.pcap");
        try (InputStream in = Files.newInputStream(capture)) {
            return in.readNBytes(2048);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "the shared capture " + capture + " is needed (../shared beside the clone)", e);
        }
    }

    private static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] ascii(String s) {
        return BadInputTest.ascii(s);
    }

    private static byte[] gzip(byte[] b) {
        return BadInputTest.gzip(b);
    }
}
