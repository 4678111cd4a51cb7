package org.rapgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.rapgen.cli.Cli.ok;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.cli.Cli.Run;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.TreeDump;
import org.rapgen.testutil.RepoPaths;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code profile} on {@code walk.trace}, a trace small enough that every node of the final tree is derived by hand in
 * its comments and in {@link #walkDump} (eps = 0.5 gives T(n) = floor(n/16) with key_bits 32 and branching 16). The
 * expectations below come from that derivation, never from running the model.
 */
class ProfileCommandTest {
    static final String[] WALK = {"--eps", "0.5", "--branching", "16", "--m0", "10000"};

    @TempDir
    Path tmp;

    Path walk;

    @BeforeEach
    void copyTrace() throws IOException {
        walk = tmp.resolve("walk.trace");
        try (InputStream in = ProfileCommandTest.class.getResourceAsStream("walk.trace")) {
            Files.copy(in, walk);
        }
    }

    static String[] args(Path trace, String[] common, String... more) {
        List<String> a = new ArrayList<>(List.of("profile", "--trace", trace.toString()));
        a.addAll(List.of(common));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /**
     * The unbounded tree after walk.trace. Events 1-8 split one node per level along 12345678 (each lands with count
     * 100 on a fresh node, and 100 &gt; floor(100 i / 16)); event 9 lands on the leaf 12345678 (100); ffffffff lands on
     * f0000000/4 (1); 0 10000 lands on 00000000/4 and splits it (10000 &gt; T(10901) = 681). The merge batch at n =
     * 10901 then folds the path bottom-up: 12345670/28 gets 100+100 = 200 &lt; 681, then 300, 400, 500, and
     * 12300000/12 ends with 600; 12000000/8 stops (100 + 600 = 700 &gt;= 681); 10000000/4 drops its 15 zero leaves (S
     * = 100); the root drops its 14 leaves and adds f0000000's 1 (S = 101).
     */
    static String walkDump() {
        StringBuilder s =
                new StringBuilder("# rap-tree v1 key_bits=32 branching=16 eps=0.5 events=10901 nodes=36 overflow=0\n");
        s.append("00000000 0 101\n00000000 4 10000\n");
        for (int d = 0; d < 16; d++) s.append(String.format("0%x000000 8 0%n", d));
        s.append("10000000 4 100\n12000000 8 100\n");
        for (int d = 0; d < 16; d++) s.append(String.format("12%x00000 12 %d%n", d, d == 3 ? 600 : 0));
        return s.toString();
    }

    /** The table rows: rank, lo (indent removed), hi, len, H, share. */
    static List<String[]> hotRows(Run r) {
        List<String[]> rows = new ArrayList<>();
        for (String line : r.outLines()) {
            if (line.matches("\\s*\\d+\\s+[0-9a-f]+\\s+[0-9a-f]+\\s+\\d+\\s+\\d+\\s+[0-9.]+%"))
                rows.add(line.trim().split("\\s+"));
        }
        return rows;
    }

    static String summary(Run r, String key) {
        return r.outLines().stream()
                .filter(l -> l.startsWith(key + " "))
                .findFirst()
                .orElseGet(() -> fail("no '" + key + "' line in:\n" + r.out()))
                .substring(key.length())
                .trim();
    }

    @Test
    void dumpOfHandDerivedTrace() throws IOException {
        Path dump = tmp.resolve("walk.dump");
        ok(args(walk, WALK, "--dump", dump.toString()));
        assertEquals(walkDump(), Files.readString(dump));
    }

    @Test
    void hotRangeTableAndSummary() {
        Run r = ok(args(walk, WALK, "--hot", "0.05"));
        List<String[]> rows = hotRows(r);
        // Cut 0.05 * 10901 = 545.05: 12300000/12 (600) and 00000000/4 (10000) are hot; 12000000/8 then holds only
        // its own 100, and the root 101 + 100.
        assertEquals(2, rows.size(), r.out());
        assertEquals(List.of("1", "00000000", "0fffffff", "4", "10000", "91.73%"), List.of(rows.get(0)));
        assertEquals(List.of("2", "12300000", "123fffff", "12", "600", "5.50%"), List.of(rows.get(1)));
        assertTrue(r.out().contains("hot ranges: H(v) >= 5.00% of n = 10901"), r.out());
        assertTrue(r.out().contains("hot ranges hold 97.24% of n"), r.out());
        assertTrue(summary(r, "trace").endsWith("(text-events, 11 records)"), r.out());
        assertEquals("unbounded model", summary(r, "model"));
        assertEquals("key_bits=32 branching=16 eps=0.5 (epsFx=32768) m0=10000 q=2", summary(r, "params"));
        assertEquals("10901 (total weight); 11 updates after the queue", summary(r, "n"));
        // 1 + 8 levels of 16 = 129 nodes after event 8, 145 after event 11's split; the batch removes 5 * 16 path
        // leaves, 15 under 10000000/4 and 14 under the root.
        assertEquals("final 36, max 145; splits 9, merged 109 in 1 batches", summary(r, "nodes"));
        assertEquals("0; deferred splits 0, saturations 0", summary(r, "overflow"));
    }

    @Test
    void defaultHotThresholdIsTenPercent() {
        // Cut 1090.1: only 00000000/4; the root's H is 101 + 100 + 600 + 100 = 901.
        List<String[]> rows = hotRows(ok(args(walk, WALK)));
        assertEquals(1, rows.size());
        assertEquals("10000", rows.get(0)[4]);
    }

    @Test
    void emptyTraceHasNoHotRange() throws Exception {
        Path empty = Files.writeString(tmp.resolve("empty.txt"), "# nothing\n");
        Path svg = tmp.resolve("empty.svg");
        Run r = ok("profile", "--trace", empty.toString(), "--eps", "0.01", "--report", svg.toString());
        assertEquals(List.of(), hotRows(r));
        assertTrue(r.out().contains("  (none)"), r.out());
        assertEquals(
                0,
                DocumentBuilderFactory.newInstance()
                        .newDocumentBuilder()
                        .parse(svg.toFile())
                        .getElementsByTagName("g")
                        .getLength());
    }

    @Test
    void nestedHotRangesAreIndented() {
        // Cut 109.01: 12300000/12 (600); 12000000/8 is not (100) and passes its 100 up, so 10000000/4 has
        // 100 + 100 = 200 and is hot around it; the root keeps 101 and is not.
        Run r = ok(args(walk, WALK, "--hot", "0.01"));
        List<String> table =
                r.outLines().stream().filter(l -> l.matches("\\s*\\d+ .*%")).collect(Collectors.toList());
        assertEquals(
                List.of(
                        "1  00000000    0fffffff    4  10000  91.73%",
                        "2  10000000    1fffffff    4    200   1.83%", "3    12300000  123fffff   12    600   5.50%"),
                table);
    }

    @Test
    void dumpEqualsTheGoldenModelApi() throws IOException {
        // On a real capture with every hardware option, the command's dump is the model's: the command adds reading,
        // option handling, the final flush and the writing, and none of them may change the tree.
        Path synflood = RepoPaths.sharedTrace("pkt.TCP.synflood.spoofed.pcap");
        RapParams params = new RapParams(32, 2, RapParams.epsToFx(0.05), 64, 3);
        HardwareRap model = new HardwareRap(params, 128, 12);
        CombiningQueue queue = new CombiningQueue(model, true, 3);
        try (TraceReader r = TraceReader.open(
                synflood,
                null,
                TraceOptions.keyBits(32).withPacketField(TraceOptions.PacketField.DST),
                TraceShape.EVENTS)) {
            r.forEachEvent(queue::accept);
        }
        queue.flush();
        Path dump = tmp.resolve("syn.dump");
        ok(
                "profile",
                "--trace",
                synflood.toString(),
                "--eps",
                "0.05",
                "--nodes",
                "128",
                "--counter-bits",
                "12",
                "--combine",
                "3",
                "--m0",
                "64",
                "--q",
                "3",
                "--packet",
                "dst",
                "--dump",
                dump.toString());
        assertEquals(TreeDump.toString(model.tree()), Files.readString(dump));
        assertTrue(model.currentNodes() > 16, "a tree worth comparing");
    }

    @Test
    void hardwareWithAmpleSlotsAndWideCountersGivesTheSameTree() throws IOException {
        Path dump = tmp.resolve("hw.dump");
        Run r = ok(args(walk, WALK, "--nodes", "4096", "--counter-bits", "64", "--dump", dump.toString()));
        assertEquals(walkDump(), Files.readString(dump));
        assertEquals("hardware-exact model N=4096 C=64", summary(r, "model"));
    }

    @Test
    void hardwareWithSixteenSlotsDefersEverySplit() throws IOException {
        // A root split needs 16 free slots and only 15 exist, so all 11 events stay in the root and each one's split
        // attempt is deferred after an early merge that finds nothing; the scheduled batch at 10901 makes 12.
        Path dump = tmp.resolve("hw16.dump");
        Run r = ok(args(walk, WALK, "--nodes", "16", "--dump", dump.toString()));
        assertEquals(
                "# rap-tree v1 key_bits=32 branching=16 eps=0.5 events=10901 nodes=1 overflow=1\n00000000 0 10901\n",
                Files.readString(dump));
        assertEquals("1; deferred splits 11, saturations 0", summary(r, "overflow"));
        assertEquals("final 1, max 1; splits 0, merged 0 in 12 batches", summary(r, "nodes"));
        assertEquals("hardware-exact model N=16 C=32", summary(r, "model"));
    }

    @Test
    void eightBitCountersSaturate() throws IOException {
        // 00000000/4 clips 10000 to 255 (1) and so does not split (255 <= 681); the batch then merges the whole
        // path, each write-back above 255 clipping: 12345600/24 (300), /20, /16, /12, 12000000/8, 10000000/4, and
        // the root's 100 + 255 + 255 + 1 = 611 < 681 (7 more).
        Path dump = tmp.resolve("c8.dump");
        Run r = ok(args(walk, WALK, "--nodes", "4096", "--counter-bits", "8", "--dump", dump.toString()));
        assertEquals(
                "# rap-tree v1 key_bits=32 branching=16 eps=0.5 events=10901 nodes=1 overflow=0\n00000000 0 255\n",
                Files.readString(dump));
        assertEquals("0; deferred splits 0, saturations 8", summary(r, "overflow"));
    }

    @Test
    void combiningQueueJoinsTheRunOfEqualKeys() throws IOException {
        // The queue turns the nine 12345678 events into one of weight 900 (T(900) = 56: the root splits), then
        // ffffffff (1, no split), then 0 10000 at the flush (splits 00000000/4). The batch at 10901 keeps the root's
        // leaves: 900 + 1 >= 681.
        Path dump = tmp.resolve("comb.dump");
        Run r = ok(args(walk, WALK, "--nodes", "4096", "--combine", "16", "--dump", dump.toString()));
        StringBuilder want =
                new StringBuilder("# rap-tree v1 key_bits=32 branching=16 eps=0.5 events=10901 nodes=33 overflow=0\n");
        want.append("00000000 0 900\n00000000 4 10000\n");
        for (int d = 0; d < 16; d++) want.append(String.format("0%x000000 8 0%n", d));
        for (int d = 1; d < 16; d++) want.append(String.format("%x0000000 4 %d%n", d, d == 15 ? 1 : 0));
        assertEquals(want.toString(), Files.readString(dump));
        assertEquals("10901 (total weight); 3 updates after the queue", summary(r, "n"));
        assertEquals("hardware-exact model N=4096 C=32 combining W=16", summary(r, "model"));
    }

    @Test
    void mergeScheduleOptionsReachTheModel() {
        // Batches at n >= 100 (event 1: nothing to merge, every sum includes the root's 100) and at n >= 10000.
        Run r = ok(args(walk, new String[] {"--eps", "0.5", "--branching", "16"}, "--m0", "100", "--q", "100"));
        assertEquals("final 36, max 145; splits 9, merged 109 in 2 batches", summary(r, "nodes"));
    }

    @Test
    void branchingAndKeyBitsReachTheDump() throws IOException {
        Path dump = tmp.resolve("b2.dump");
        ok(args(
                walk,
                new String[] {"--eps", "0.5"},
                "--branching",
                "2",
                "--key-bits",
                "64",
                "--dump",
                dump.toString()));
        String[] lines = Files.readString(dump).split("\n");
        assertTrue(lines[0].startsWith("# rap-tree v1 key_bits=64 branching=2 eps=0.5 events=10901 "), lines[0]);
        for (int i = 1; i < lines.length; i++) {
            assertTrue(lines[i].matches("[0-9a-f]{16} \\d+ \\d+"), lines[i]);
        }
    }

    @Test
    void explicitFormatIsUsed() throws IOException {
        Path gz = tmp.resolve("walk.bin");
        // The same events as rapgen binary: magic, then u64 key and u32 weight little-endian.
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 + 11 * 12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.put("RAPGEV1\n".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 9; i++) b.putLong(0x12345678L).putInt(100);
        b.putLong(0xffffffffL).putInt(1).putLong(0).putInt(10000);
        Files.write(gz, b.array());
        Path dump = tmp.resolve("bin.dump");
        Run r = ok(args(gz, WALK, "--format", "binary", "--dump", dump.toString()));
        assertEquals(walkDump(), Files.readString(dump));
        assertTrue(summary(r, "trace").endsWith("(binary-events, 11 records)"), r.out());
    }

    @Test
    void lackeyModeSelectsInstructionOrDataAddresses() throws IOException {
        Path lk = tmp.resolve("lk.txt");
        Files.writeString(
                lk, "==1== Lackey\nI  04001000,3\n L 7ff000010,8\nI  04001003,2\nI  04001005,4\n S 7ff000018,8\n");
        Path a = tmp.resolve("instr.dump");
        Path b = tmp.resolve("data.dump");
        ok(args(lk, new String[] {"--eps", "0.5"}, "--key-bits", "64", "--dump", a.toString()));
        ok(args(lk, new String[] {"--eps", "0.5"}, "--key-bits", "64", "--lackey", "data", "--dump", b.toString()));
        assertTrue(Files.readString(a).startsWith("# rap-tree v1 key_bits=64 branching=4 eps=0.5 events=3 "));
        assertTrue(Files.readString(b).startsWith("# rap-tree v1 key_bits=64 branching=4 eps=0.5 events=2 "));
    }

    @Test
    void packetFieldSelectsSourceOrDestination() {
        Path kxun = RepoPaths.sharedTrace("1kxun.pcap");
        Run src = ok("profile", "--trace", kxun.toString(), "--eps", "0.01");
        Run dst = ok("profile", "--trace", kxun.toString(), "--eps", "0.01", "--packet", "dst");
        // shared/traces/README.md: 1,723 packets, 1,659 of them IPv4.
        assertTrue(summary(src, "trace").endsWith("(pcap, 1659 records, 64 skipped)"), src.out());
        assertEquals(summary(src, "trace"), summary(dst, "trace"));
        assertNotEquals(
                hotRows(src).stream().map(r -> r[1]).collect(Collectors.toList()),
                hotRows(dst).stream().map(r -> r[1]).collect(Collectors.toList()));
    }

    @Test
    void svgIsWellFormedWithOneGroupPerHotRange() throws Exception {
        Path svg = tmp.resolve("hot.svg");
        Run r = ok(args(walk, WALK, "--hot", "0.01", "--report", svg.toString()));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName());
        List<Element> groups = new ArrayList<>();
        NodeList gs = doc.getElementsByTagName("g");
        for (int i = 0; i < gs.getLength(); i++) {
            Element g = (Element) gs.item(i);
            if (g.getAttribute("class").equals("hot-range")) groups.add(g);
        }
        assertEquals(hotRows(r).size(), groups.size());
        assertEquals(
                List.of("00000000:0fffffff:10000", "10000000:1fffffff:200", "12300000:123fffff:600"),
                groups.stream()
                        .map(g -> g.getAttribute("data-lo") + ":" + g.getAttribute("data-hi") + ":"
                                + g.getAttribute("data-h"))
                        .collect(Collectors.toList()));
        // Nesting is drawn: #3 hangs from #2 by a connector, one row lower, inside #2's span of the key axis.
        assertEquals(0, groups.get(1).getElementsByTagName("path").getLength());
        assertEquals(1, groups.get(2).getElementsByTagName("path").getLength());
        Element outer = rect(groups.get(1), "position");
        Element inner = rect(groups.get(2), "position");
        assertTrue(attr(inner, "y") > attr(outer, "y"));
        assertTrue(attr(inner, "x") >= attr(outer, "x")
                && attr(inner, "x") + attr(inner, "width") <= attr(outer, "x") + attr(outer, "width"));
        // Position and width follow the key space: 10000000/4 is the second sixteenth of the axis (16..944).
        assertEquals(16 + 928 / 16.0, attr(outer, "x"), 0.01);
        assertEquals(928 / 16.0, attr(outer, "width"), 0.01);
        assertEquals(16 + 928 * (0x12300000L / Math.pow(2, 32)), attr(inner, "x"), 0.01);
        // Share bars are to scale with each other.
        assertEquals(
                10000 / 600.0,
                attr(rect(groups.get(0), "share"), "width") / attr(rect(groups.get(2), "share"), "width"),
                0.01);
        // Deterministic: a second run writes the same bytes.
        Path again = tmp.resolve("again.svg");
        ok(args(walk, WALK, "--hot", "0.01", "--report", again.toString()));
        assertEquals(Files.readString(svg), Files.readString(again));
    }

    private static double attr(Element e, String name) {
        return Double.parseDouble(e.getAttribute(name));
    }

    private static Element rect(Element group, String cls) {
        NodeList rs = group.getElementsByTagName("rect");
        for (int i = 0; i < rs.getLength(); i++) {
            if (((Element) rs.item(i)).getAttribute("class").equals(cls)) return (Element) rs.item(i);
        }
        return fail("no rect." + cls);
    }

    @Test
    void svgEscapesTheTraceName() throws Exception {
        Path odd = tmp.resolve("a&b<c>.trace");
        Files.copy(walk, odd);
        Path svg = tmp.resolve("odd.svg");
        ok(args(odd, WALK, "--report", svg.toString()));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertTrue(doc.getDocumentElement().getTextContent().contains("a&b<c>.trace"));
    }

    @Test
    void progressGoesToStderrOnlyWhenAsked() {
        Run quiet = ok(args(walk, WALK));
        Run loud = Cli.run(args(walk, WALK, "--progress"));
        assertEquals(0, loud.exit(), loud.err());
        assertEquals(quiet.out(), loud.out(), "progress never reaches stdout");
        Matcher m = Pattern.compile(
                        "\\S*/walk\\.trace: 11 records \\(100% of file\\), [0-9.]+ M records/s, [0-9.]+ s\n")
                .matcher(loud.err());
        assertTrue(m.matches(), loud.err());
        assertEquals("", Cli.run(args(walk, WALK, "--no-progress")).err());
    }

    @Test
    void outputsReplaceOldFilesOnlyOnSuccess() throws IOException {
        Path dump = tmp.resolve("keep.dump");
        Files.writeString(dump, "old\n");
        Files.writeString(tmp.resolve("bad.trace"), "12 1\nzz 1\n");
        Cli.assertOneLineBadInput(
                Cli.run(args(tmp.resolve("bad.trace"), WALK, "--dump", dump.toString())), "bad.trace:2:");
        assertEquals("old\n", Files.readString(dump));
        ok(args(walk, WALK, "--dump", dump.toString()));
        assertEquals(walkDump(), Files.readString(dump));
        assertEquals(Set.of("walk.trace", "bad.trace", "keep.dump"), Cli.files(tmp));
        assertFalse(Files.readString(dump).contains("old"));
    }
}
