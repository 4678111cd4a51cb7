package org.rapgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.cli.Cli.assertOneLineBadInput;
import static org.rapgen.cli.Cli.ok;
import static org.rapgen.cli.Cli.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.cli.Cli.Run;
import org.rapgen.golden.sampler.Message;
import org.rapgen.golden.sampler.MessageList;
import org.rapgen.golden.sampler.Sampler;
import org.rapgen.golden.sampler.SamplerSpec;
import org.rapgen.golden.sampler.SlotRecord;
import org.rapgen.testutil.RepoPaths;
import org.rapgen.trace.BinaryTraceWriter;
import org.rapgen.trace.TraceFormat;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * {@code sample}: messages in the SPEC §8 form for crafted traces whose messages follow by hand from the documented
 * rules (docs/golden-sampler.md), with strata taken from the independent Python hash vectors, and the report.
 */
class SampleCommandTest {
    @TempDir
    Path tmp;

    private Path trace(String name, CharSequence text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        return p;
    }

    @Test
    void periodicSamplerReportsEveryRthTuple() throws IOException {
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < 1000; i++)
            t.append(Integer.toHexString(i))
                    .append(' ')
                    .append(Integer.toHexString(3 * i))
                    .append('\n');
        Path in = trace("seq.txt", t);
        // P7: the 7th, 14th, ... tuple, i.e. i = 7k - 1, each with count 7; floor(1000 / 7) = 142 messages.
        StringBuilder want = new StringBuilder();
        for (int k = 1; k <= 142; k++) {
            int i = 7 * k - 1;
            want.append(Integer.toHexString(i))
                    .append(' ')
                    .append(Integer.toHexString(3 * i))
                    .append(" 7\n");
        }
        Path out = tmp.resolve("p7.msg");
        assertEquals(
                "",
                ok("sample", "--trace", in.toString(), "--sampler", "P7", "--out", out.toString())
                        .out());
        assertEquals(want.toString(), Files.readString(out));
        // Without --out the same messages go to stdout.
        assertEquals(
                want.toString(),
                ok("sample", "--trace", in.toString(), "--sampler", "P_7").out());
    }

    /** The (pc, w) pairs of the K = 32 hash vectors with their stratum among 8, from hash_vectors.py. */
    static List<long[]> vectorsWithStratumOf8() throws IOException {
        List<long[]> out = new ArrayList<>();
        try (InputStream in =
                SampleCommandTest.class.getResourceAsStream("/org/rapgen/golden/sampler/hash_vectors.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                if (!line.startsWith("hash 32 ")) continue;
                String[] f = line.split(" ");
                int bar = List.of(f).indexOf("|");
                // Index columns are for log2 n = 0, 1, 3, 5, ...: the third is n = 8.
                out.add(new long[] {Long.parseLong(f[2], 16), Long.parseLong(f[3], 16), Long.parseLong(f[bar + 3], 16)
                });
            }
        }
        return out;
    }

    @Test
    void hashedPeriodicSamplerCountsEachStratumOnItsOwn() throws IOException {
        List<long[]> v = vectorsWithStratumOf8().subList(0, 12);
        assertTrue(v.stream().mapToLong(x -> x[2]).distinct().count() >= 4, "the vectors should cover several strata");
        // Tuple j occurs 7 + 3j times, interleaved round robin.
        int[] left = new int[v.size()];
        for (int j = 0; j < left.length; j++) left[j] = 7 + 3 * j;
        List<long[]> order = new ArrayList<>();
        for (boolean any = true; any; ) {
            any = false;
            for (int j = 0; j < left.length; j++) {
                if (left[j]-- > 0) {
                    order.add(v.get(j));
                    any = true;
                }
            }
        }
        StringBuilder t = new StringBuilder();
        for (long[] x : order)
            t.append(Long.toHexString(x[0]))
                    .append(' ')
                    .append(Long.toHexString(x[1]))
                    .append('\n');
        // H[P5]8: each stratum's 5th, 10th, ... tuple is reported with count 5.
        int r = 5;
        int[] counter = new int[8];
        Map<Long, Integer> perStratum = new HashMap<>();
        StringBuilder want = new StringBuilder();
        for (long[] x : order) {
            int s = (int) x[2];
            perStratum.merge(x[2], 1, Integer::sum);
            if (++counter[s] == r) {
                counter[s] = 0;
                want.append(Long.toHexString(x[0]))
                        .append(' ')
                        .append(Long.toHexString(x[1]))
                        .append(" 5\n");
            }
        }
        Run run = ok("sample", "--trace", trace("h.txt", t).toString(), "--sampler", "H[P5]8");
        assertEquals(want.toString(), run.out());
        // and so each stratum sent floor(events / r) messages
        Map<Long, Integer> sent = new HashMap<>();
        Map<String, Long> stratumOf = new HashMap<>();
        for (long[] x : v) stratumOf.put(Long.toHexString(x[0]) + " " + Long.toHexString(x[1]), x[2]);
        for (String line : run.outLines())
            sent.merge(stratumOf.get(line.substring(0, line.lastIndexOf(' '))), 1, Integer::sum);
        for (Map.Entry<Long, Integer> e : perStratum.entrySet()) {
            assertEquals(e.getValue() / r, (int) sent.getOrDefault(e.getKey(), 0), "stratum " + e.getKey());
        }
    }

    @Test
    void associativeTableDrainsAtTheEnd() throws IOException {
        // A4 alone: every tuple is a count-1 message into the table; a hits three times; the end drains slots 0..2.
        Path in = trace("a.txt", "a 1\nb 2\na 1\na 1\nc 3\n");
        assertEquals(
                "a 1 3\nb 2 1\nc 3 1\n",
                ok("sample", "--trace", in.toString(), "--sampler", "A4").out());
    }

    private static String alternating() {
        return "10 1\n10 2\n".repeat(1000);
    }

    @Test
    void reportGivesInvarianceErrorAndOverhead() throws IOException {
        Path in = trace("alt.txt", alternating());
        // P2 on 10 1, 10 2, 10 1, ... reports only (10, 2), 1000 times with count 2: the ideal invariance of each
        // tuple is 0.5, the sampled one 0 and 1, so the weighted error is 0.5. 1000 messages cost 30,000 cycles.
        Run r = ok("sample", "--trace", in.toString(), "--sampler", "P2", "--report", "--cycles", "3000000");
        assertEquals(
                List.of(
                        "sampler   P2",
                        "tuples    2000",
                        "messages  1000 (counts add up to 2000; 0 tuples counted but unreported at the end)",
                        "compress  2.00 tuples per message",
                        "error     50.0000% invariance error against the exact profile",
                        "overhead  30000 cycles (30 per message), 15.0000 per tuple, 1.0000% of 3000000 cycles"),
                r.outLines());
        // P3 reports tuples 3, 6, 9, ...: 333 of each w, so the sampled invariance is exact; 2 tuples stay counted.
        Path msgs = tmp.resolve("p3.msg");
        r = ok("sample", "--trace", in.toString(), "--sampler", "P3", "--report", "--out", msgs.toString());
        assertTrue(r.outLines().contains("error     0.0000% invariance error against the exact profile"), r.out());
        assertTrue(
                r.outLines()
                        .contains("messages  666 (counts add up to 1998; 2 tuples counted but unreported at the end)"),
                r.out());
        assertTrue(r.outLines().contains("overhead  19980 cycles (30 per message), 9.9900 per tuple"), r.out());
        List<String> lines = Files.readAllLines(msgs);
        assertEquals(666, lines.size());
        assertEquals("10 1 3", lines.get(0));
        assertEquals("10 2 3", lines.get(1));
    }

    @Test
    void reportOfASlotTableIsTheHostLoopsView() throws IOException {
        // Z[fail=2,draw=2]1: a slot with total 2 or more is never replaced, so the run does not depend on the LFSR.
        // 40 holds the slot with 1 (hits 5); two 80s fail: interrupt at tuple 7, record (40, 1, h5, t5). 40 takes the
        // clean slot with 2 (hits 3); two 80s fail: interrupt at tuple 12, record (40, 2, h3, t3). The last 80, with
        // 8, takes the slot; the end reads (80, 8, h1, t1). Neither pc has 128 samples or 4 profiles: none is masked.
        StringBuilder t = new StringBuilder();
        t.append("40 1\n".repeat(5)).append("80 9\n".repeat(2));
        t.append("40 2\n".repeat(3)).append("80 9\n".repeat(2)).append("80 8\n");
        Path in = trace("slots.txt", t);
        Run r = ok("sample", "--trace", in.toString(), "--sampler", "Z[fail=2,draw=2]1", "--report");
        // 40: E(1) = 5, E(2) = 3 of 8 samples; exactly 5 of 8 too. 80: estimated 1 (value 8), exactly 4/5 (value 9).
        // Error: sqrt(5 * 0.2^2 / 13) = 12.4035 %.
        assertEquals(
                List.of(
                        "sampler   Z[fail=2,thrash=4,draw=2,keep=16]1 with the host loop",
                        "tuples    13",
                        "interrupts 2 (2 failed, 0 thrash, 0 idle readouts)",
                        "messages  3 read out, 3 copied (a thrash interrupt's records are dropped)",
                        "overtime  0 0 0 0 1 0 0 0 1 1 messages per tenth of the trace",
                        "overhead  90 cycles (30 per message)",
                        "error     12.4035% weighted RMS error of per-pc invariance against the exact profile",
                        "slot table: the 2 of 2 pcs profiled with the most samples (0 masked)",
                        String.format(
                                "%-18s %10s %8s %10s %-18s %s",
                                "pc", "samples", "profiles", "invariance", "top value", "masked"),
                        String.format("%-18s %10d %8d %9.2f%% %-18s %s", "0x40", 8, 2, 62.5, "0x1", "no"),
                        String.format("%-18s %10d %8d %9.2f%% %-18s %s", "0x80", 1, 1, 100.0, "0x8", "no")),
                r.outLines());
        // Without --report the table's messages are written as for any sampler, with the packed count; no pc was
        // masked, so they are the records above.
        assertEquals(
                List.of(
                        "40 1 " + SlotRecord.pack(5, 0, 5, false, SlotRecord.Cause.FAILED),
                        "40 2 " + SlotRecord.pack(3, 0, 3, false, SlotRecord.Cause.FAILED),
                        "80 8 " + SlotRecord.pack(1, 0, 1, false, SlotRecord.Cause.END)),
                ok("sample", "--trace", in.toString(), "--sampler", "Z[fail=2,draw=2]1")
                        .outLines());
        Path msgs = tmp.resolve("z.msg");
        assertOneLineBadInput(
                run("sample", "--trace", in.toString(), "--sampler", "Z4", "--report", "--out", msgs.toString()),
                "--out with --report and a slot table");
        assertTrue(Files.notExists(msgs));
    }

    @Test
    void tuplesFromAPacketCapture() {
        Path kxun = RepoPaths.sharedTrace("1kxun.pcap");
        // A65536 alone loses nothing: the counts add up to the 1,659 IPv4 packets, each a (source, destination) pair.
        Run r = ok("sample", "--trace", kxun.toString(), "--sampler", "A65536");
        long total = 0;
        for (String line : r.outLines()) {
            assertTrue(line.matches("[0-9a-f]{1,8} [0-9a-f]{1,8} [1-9][0-9]*"), line);
            total += Long.parseLong(line.split(" ")[2]);
        }
        assertEquals(1659, total);
    }

    @Test
    void tuplesFromBinaryAndLackeyTraces() throws IOException {
        Path bin = tmp.resolve("t.bin");
        try (BinaryTraceWriter w = new BinaryTraceWriter(Files.newOutputStream(bin), TraceShape.TUPLES)) {
            w.tuple(0xa, 1);
            w.tuple(0xb, 2);
            w.tuple(0xa, 1);
        }
        assertEquals(
                "a 1 2\nb 2 1\n",
                ok("sample", "--trace", bin.toString(), "--sampler", "A2", "--format", "binary-tuples")
                        .out());
        // Lackey tuples pair each data address with the latest instruction.
        Path lk = trace("lk.txt", "I  00001000,3\n L 00002000,8\n S 00002008,8\nI  00001003,2\n M 00003000,4\n");
        assertEquals(
                "1000 2000 1\n1000 2008 1\n1003 3000 1\n",
                ok("sample", "--trace", lk.toString(), "--sampler", "A4", "--format", "lackey")
                        .out());
    }

    @Test
    void messagesEqualTheGoldenModelApi() throws IOException {
        // The command adds reading, option handling and formatting around the model; fed the same tuples, the model
        // alone must produce the same lines.
        Path synflood = RepoPaths.sharedTrace("pkt.TCP.synflood.spoofed.pcap");
        MessageList api = new MessageList();
        Sampler s = SamplerSpec.build("H[CR16]64A8", 32, api);
        try (TraceReader r = TraceReader.open(
                synflood,
                TraceFormat.PCAP,
                TraceOptions.keyBits(32).withPacketField(TraceOptions.PacketField.SRC_DST),
                TraceShape.TUPLES)) {
            r.forEachTuple(s::push);
        }
        s.finish();
        StringBuilder want = new StringBuilder();
        for (Message m : api) want.append(m).append('\n');
        assertTrue(api.size() > 1000);
        assertEquals(
                want.toString(),
                ok("sample", "--trace", synflood.toString(), "--sampler", "H[CR16]64A8")
                        .out());
    }

    @Test
    void keyBitsBoundTheTuples() throws IOException {
        Path in = trace("wide.txt", "123456789abcdef0 1\n");
        assertEquals(
                "123456789abcdef0 1 1\n",
                ok("sample", "--trace", in.toString(), "--sampler", "P1", "--key-bits", "64")
                        .out());
        assertOneLineBadInput(
                run("sample", "--trace", in.toString(), "--sampler", "P1", "--key-bits", "16"),
                in + ":1:",
                "wider than key_bits=16");
        assertOneLineBadInput(
                run("sample", "--trace", in.toString(), "--sampler", "P1", "--key-bits", "12"),
                "--key-bits",
                "multiple of 8");
        assertOneLineBadInput(
                run("sample", "--trace", in.toString(), "--sampler", "H[P256]2048", "--key-bits", "8"),
                "--sampler",
                "exceed key bits 8");
    }

    @Test
    void badSamplerSpecs() throws IOException {
        Path in = trace("t.txt", "1 2\n");
        assertOneLineBadInput(
                run("sample", "--trace", in.toString(), "--sampler", "H[P256]2000"),
                "bad sampler spec 'H[P256]2000' at column 8",
                "power of two");
        assertOneLineBadInput(run("sample", "--trace", in.toString(), "--sampler", "Q5"), "bad sampler spec 'Q5'");
        assertOneLineBadInput(
                run("sample", "--trace", in.toString(), "--sampler", "P1", "--cycles", "100"),
                "--cycles needs --report");
        assertOneLineBadInput(
                run("sample", "--trace", in.toString(), "--sampler", "P1", "--report", "--cycles", "0"), "--cycles");
        assertOneLineBadInput(run("sample", "--trace", in.toString()), "--sampler");
        assertEquals(Set.of("t.txt"), Cli.files(tmp));
    }

    @Test
    void progressGoesToStderrOnly() throws IOException {
        Path in = trace("alt.txt", alternating());
        Run quiet = ok("sample", "--trace", in.toString(), "--sampler", "P2");
        Run loud = run("sample", "--trace", in.toString(), "--sampler", "P2", "--progress");
        assertEquals(quiet.out(), loud.out());
        assertTrue(loud.err().matches("\\S*/alt\\.txt: 2000 records \\(100% of file\\), .* s\n"), loud.err());
    }
}
