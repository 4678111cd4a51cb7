package org.rapgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.cli.Cli.assertOneLineBadInput;
import static org.rapgen.cli.Cli.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rapgen.cli.Cli.Run;

/**
 * SPEC §8 errors for {@code profile} and {@code sample}: every kind of bad trace and bad option gives exactly one line
 * on stderr naming the file and location, exit 2, nothing on stdout and no output file (not even a temporary one).
 * The bad record sits after good ones, so output written as the trace is read would show up if it leaked.
 */
class BadInputTest {
    @TempDir
    Path tmp;

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] gzip(byte[] b) {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(bo)) {
            o.write(b);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return bo.toByteArray();
    }

    /** Rapgen binary: magic, then the records. */
    static byte[] binary(String magic, long[][] records, boolean events) {
        ByteBuffer b =
                ByteBuffer.allocate(8 + records.length * (events ? 12 : 16)).order(ByteOrder.LITTLE_ENDIAN);
        b.put(ascii(magic));
        for (long[] r : records) {
            b.putLong(r[0]);
            if (events) b.putInt((int) r[1]);
            else b.putLong(r[1]);
        }
        return b.array();
    }

    /** Many good lines, then garbage in the middle of the deflate stream. */
    static byte[] corruptGzip() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100_000; i++)
            sb.append(Integer.toHexString(i * 7919))
                    .append(' ')
                    .append(i % 13 + 1)
                    .append('\n');
        byte[] gz = gzip(ascii(sb.toString()));
        return Arrays.copyOf(gz, gz.length / 2);
    }

    static final String GOOD_EVENTS = "# good lines first\n12 1\n34 2\n";
    static final String GOOD_TUPLES = "# good lines first\n12 1\n34 2\n";
    static final String MAX = "9223372036854775807";

    /** file name, content, extra options, and what stderr must say. */
    static Stream<Arguments> badEventTraces() {
        return Stream.of(
                Arguments.of(
                        "badhex.txt", ascii(GOOD_EVENTS + "1g 2\n"), List.of(), List.of(":4:", "bad hex key '1g'")),
                Arguments.of(
                        "widekey.txt",
                        ascii(GOOD_EVENTS + "100000000\n"),
                        List.of(),
                        List.of(":4:", "key 0x100000000 is wider than key_bits=32")),
                Arguments.of(
                        "wide64.txt",
                        ascii(GOOD_EVENTS + "1ffffffffffffffff\n"),
                        List.of("--key-bits", "64"),
                        List.of(":4:", "wider than 64 bits")),
                Arguments.of(
                        "weight0.txt", ascii(GOOD_EVENTS + "12 0\n"), List.of(), List.of(":4:", "weight must be >= 1")),
                Arguments.of(
                        "weightx.txt",
                        ascii(GOOD_EVENTS + "12 1x\n"),
                        List.of(),
                        List.of(":4:", "bad decimal weight '1x'")),
                Arguments.of(
                        "weightbig.txt",
                        ascii(GOOD_EVENTS + "12 99999999999999999999\n"),
                        List.of(),
                        List.of(":4:", "too large")),
                Arguments.of("extra.txt", ascii(GOOD_EVENTS + "12 1 5\n"), List.of(), List.of(":4:", "extra field")),
                Arguments.of(
                        "noverflow.txt",
                        ascii(GOOD_EVENTS + "1 " + MAX + "\n2 " + MAX + "\n"),
                        List.of(),
                        List.of(":5:", "n would exceed 2^64-1")),
                Arguments.of(
                        "combine.txt",
                        ascii(GOOD_EVENTS + "12 16\n"),
                        List.of("--nodes", "16", "--combine", "4"),
                        List.of(":4:", "weight 16 does not fit the combining queue's 4-bit weight (max 15)")),
                Arguments.of(
                        "trunc.bin",
                        Arrays.copyOf(binary("RAPGEV1\n", new long[][] {{1, 1}, {2, 1}}, true), 8 + 12 + 7),
                        List.of(),
                        List.of(":20:", "truncated record 2: 7 of 12 bytes")),
                Arguments.of(
                        "widekey.bin",
                        binary("RAPGEV1\n", new long[][] {{1, 1}, {1L << 32, 1}}, true),
                        List.of(),
                        List.of(":20:", "record 2: key 0x100000000 is wider than key_bits=32")),
                Arguments.of(
                        "weight0.bin",
                        binary("RAPGEV1\n", new long[][] {{1, 1}, {2, 0}}, true),
                        List.of(),
                        List.of(":20:", "weight must be >= 1")),
                Arguments.of(
                        "tuples.bin",
                        binary("RAPGTP1\n", new long[][] {{1, 2}}, false),
                        List.of(),
                        List.of(":0:", "carries (pc, w) tuples")),
                Arguments.of(
                        "magic.bin",
                        ascii("RAPGXX1\nxxxxxxxxxxxx"),
                        List.of("--format", "binary"),
                        List.of(":0:", "not a rapgen binary event trace")),
                Arguments.of("corrupt.gz", corruptGzip(), List.of(), List.of("corrupt gzip data")),
                Arguments.of(
                        "header.gz", new byte[] {0x1f, (byte) 0x8b, 8}, List.of(), List.of(":0:", "corrupt gzip data")),
                Arguments.of(
                        "notpcap.txt",
                        ascii(GOOD_EVENTS),
                        List.of("--format", "pcap"),
                        List.of(":0:", "not a pcap or pcapng file")),
                Arguments.of(
                        "x.xz",
                        new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 4},
                        List.of(),
                        List.of(":0:", "xz-compressed input is not supported")),
                Arguments.of(
                        "lackey.txt",
                        ascii("I  04001000,3\nX bogus\n"),
                        List.of("--format", "lackey"),
                        List.of(":2:", "not a lackey line")));
    }

    static Stream<Arguments> badTupleTraces() {
        return Stream.of(
                Arguments.of("badhex.txt", ascii(GOOD_TUPLES + "10 2x\n"), List.of(), List.of(":4:", "bad hex w '2x'")),
                Arguments.of(
                        "widepc.txt",
                        ascii(GOOD_TUPLES + "100000000 1\n"),
                        List.of(),
                        List.of(":4:", "pc 0x100000000 is wider than key_bits=32")),
                Arguments.of("missing.txt", ascii(GOOD_TUPLES + "10\n"), List.of(), List.of(":4:", "missing w")),
                Arguments.of("extra.txt", ascii(GOOD_TUPLES + "10 2 3\n"), List.of(), List.of(":4:", "extra field")),
                Arguments.of(
                        "trunc.bin",
                        Arrays.copyOf(binary("RAPGTP1\n", new long[][] {{1, 1}, {2, 1}}, false), 8 + 16 + 15),
                        List.of(),
                        List.of(":24:", "truncated record 2: 15 of 16 bytes")),
                Arguments.of(
                        "events.bin",
                        binary("RAPGEV1\n", new long[][] {{1, 1}}, true),
                        List.of(),
                        List.of(":0:", "carries (key, weight) events")),
                Arguments.of("corrupt.gz", corruptGzip(), List.of(), List.of("corrupt gzip data")),
                Arguments.of(
                        "notpcap.txt",
                        ascii(GOOD_TUPLES),
                        List.of("--format", "pcap"),
                        List.of(":0:", "not a pcap or pcapng file")));
    }

    private Run runBad(String command, Path trace, List<String> extra, List<String> outputs) {
        List<String> a = new ArrayList<>(List.of(command, "--trace", trace.toString()));
        a.addAll(command.equals("profile") ? List.of("--eps", "0.01") : List.of("--sampler", "P1"));
        a.addAll(extra);
        a.addAll(outputs);
        return run(a.toArray(String[]::new));
    }

    private void assertRejected(Run r, Path trace, List<String> fragments) throws IOException {
        assertOneLineBadInput(r, fragments.toArray(String[]::new));
        assertTrue(r.err().startsWith("rapgen: " + trace + ":"), "names the file first: " + r.err());
        assertEquals("", r.out(), "nothing on stdout");
        assertEquals(Set.of(trace.getFileName().toString()), Cli.files(tmp), "no output file, no temporary file");
    }

    @ParameterizedTest(name = "profile {0}")
    @MethodSource("badEventTraces")
    void profileRejectsBadTrace(String name, byte[] content, List<String> extra, List<String> fragments)
            throws IOException {
        Path trace = Files.write(tmp.resolve(name), content);
        List<String> outputs = List.of(
                "--dump",
                tmp.resolve("t.dump").toString(),
                "--report",
                tmp.resolve("t.svg").toString());
        assertRejected(runBad("profile", trace, extra, outputs), trace, fragments);
    }

    @ParameterizedTest(name = "sample {0}")
    @MethodSource("badTupleTraces")
    void sampleRejectsBadTrace(String name, byte[] content, List<String> extra, List<String> fragments)
            throws IOException {
        Path trace = Files.write(tmp.resolve(name), content);
        assertRejected(
                runBad(
                        "sample",
                        trace,
                        extra,
                        List.of("--out", tmp.resolve("t.msg").toString())),
                trace,
                fragments);
        // Without --out the messages would go to stdout: none may appear before the error.
        assertRejected(runBad("sample", trace, extra, List.of()), trace, fragments);
        assertRejected(runBad("sample", trace, extra, List.of("--report")), trace, fragments);
    }

    @Test
    void missingTraceFile() throws IOException {
        Path none = tmp.resolve("none.txt");
        for (String command : new String[] {"profile", "sample"}) {
            Run r = runBad(command, none, List.of(), List.of());
            assertOneLineBadInput(r, none + ":0: cannot open: no such file");
            assertEquals(Set.of(), Cli.files(tmp));
        }
        Files.createDirectory(tmp.resolve("dir"));
        assertOneLineBadInput(runBad("profile", tmp.resolve("dir"), List.of(), List.of()), "not a regular file");
    }

    @Test
    void outputIntoAMissingFolder() throws IOException {
        Path trace = Files.writeString(tmp.resolve("t.txt"), GOOD_EVENTS);
        Path dump = tmp.resolve("no/such/t.dump");
        String missing = dump + ":0: --%s: folder " + dump.getParent() + " does not exist";
        assertOneLineBadInput(
                runBad("profile", trace, List.of(), List.of("--dump", dump.toString())),
                String.format(missing, "dump"));
        assertOneLineBadInput(
                runBad("sample", trace, List.of(), List.of("--out", dump.toString())), String.format(missing, "out"));
    }

    static Stream<Arguments> badProfileOptions() {
        return Stream.of(
                Arguments.of(List.of("--eps", "0"), "--eps"),
                Arguments.of(List.of("--eps", "1"), "--eps"),
                Arguments.of(List.of("--eps", "0.00001"), "--eps"),
                Arguments.of(List.of("--eps", "abc"), "--eps"),
                Arguments.of(List.of("--eps", "0.01", "--branching", "3"), "--branching must be 2, 4 or 16, got 3"),
                Arguments.of(List.of("--eps", "0.01", "--key-bits", "48"), "--key-bits must be 32 or 64, got 48"),
                Arguments.of(List.of("--eps", "0.01", "--nodes", "8"), "--nodes must be 16..65536, got 8"),
                Arguments.of(List.of("--eps", "0.01", "--nodes", "65537"), "--nodes must be 16..65536, got 65537"),
                Arguments.of(
                        List.of("--eps", "0.01", "--nodes", "64", "--counter-bits", "0"),
                        "--counter-bits must be 1..64, got 0"),
                Arguments.of(
                        List.of("--eps", "0.01", "--nodes", "64", "--counter-bits", "65"),
                        "--counter-bits must be 1..64, got 65"),
                Arguments.of(List.of("--eps", "0.01", "--counter-bits", "16"), "--counter-bits needs --nodes"),
                Arguments.of(List.of("--eps", "0.01", "--combine", "16"), "--combine needs --nodes"),
                Arguments.of(
                        List.of("--eps", "0.01", "--nodes", "64", "--combine", "64"),
                        "--combine must be 1..63, got 64"),
                Arguments.of(List.of("--eps", "0.01", "--m0", "0"), "--m0: M0 must be >= 1"),
                Arguments.of(List.of("--eps", "0.01", "--q", "1"), "--q: q must be an integer >= 2"),
                Arguments.of(List.of("--eps", "0.01", "--hot", "0"), "--hot must be in (0, 1]"),
                Arguments.of(List.of("--eps", "0.01", "--hot", "1.5"), "--hot must be in (0, 1]"),
                Arguments.of(List.of("--eps", "0.01", "--lackey", "tuples"), "--lackey must be instr or data"),
                Arguments.of(List.of("--eps", "0.01", "--packet", "both"), "--packet must be src or dst"),
                Arguments.of(List.of("--eps", "0.01", "--format", "csv"), "--format: unknown trace format 'csv'"),
                Arguments.of(List.of("--eps", "0.01", "--frobnicate"), "unknown option or argument: --frobnicate"),
                Arguments.of(List.of(), "--eps"));
    }

    @ParameterizedTest(name = "profile {0}")
    @MethodSource("badProfileOptions")
    void profileRejectsBadOptions(List<String> options, String fragment) throws IOException {
        Path trace = Files.writeString(tmp.resolve("t.txt"), GOOD_EVENTS);
        List<String> a = new ArrayList<>(List.of("profile", "--trace", trace.toString()));
        a.addAll(options);
        a.addAll(List.of("--dump", tmp.resolve("t.dump").toString()));
        Run r = run(a.toArray(String[]::new));
        assertOneLineBadInput(r, fragment);
        assertEquals("", r.out());
        assertEquals(Set.of("t.txt"), Cli.files(tmp));
    }
}
