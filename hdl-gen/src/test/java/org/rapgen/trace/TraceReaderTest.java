package org.rapgen.trace;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceReaderTest {
    static final Path TRACES = Path.of(System.getProperty("rapgen.root", "../.."), "..", "shared", "traces")
            .normalize();
    static final Path SYNFLOOD = TRACES.resolve("pkt.TCP.synflood.spoofed.pcap");

    /** The real captures live in shared/traces beside the repository (as in CI); their absence is a failure, not a skip. */
    static void requireSharedTraces() {
        if (!Files.isReadable(SYNFLOOD))
            fail("shared traces not found at " + TRACES
                    + ": the tests expect the project's shared/ folder beside the repository");
    }

    static final Path BACNET = TRACES.resolve("amp.UDP.bacnet.IOT.37810.pcapng");
    static final Path KXUN = TRACES.resolve("1kxun.pcap");

    @TempDir
    Path tmp;

    Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    Path writeBytes(String name, byte[] b) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, b);
        return p;
    }

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(bo)) {
            o.write(b);
        }
        return bo.toByteArray();
    }

    /** Reads all records as {a, b} pairs. */
    static List<long[]> readAll(Path p, TraceFormat f, TraceOptions o, TraceShape pref) throws IOException {
        List<long[]> out = new ArrayList<>();
        try (TraceReader r = TraceReader.open(p, f, o, pref)) {
            while (r.next()) out.add(new long[] {r.key(), r.weight()});
        }
        return out;
    }

    static long count(Path p, TraceFormat f, TraceOptions o) throws IOException {
        try (TraceReader r = TraceReader.open(p, f, o, TraceShape.EVENTS)) {
            long n = 0;
            while (r.next()) n++;
            return n;
        }
    }

    static TraceFormatException fails(Path p, TraceFormat f, TraceOptions o, TraceShape pref) {
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> readAll(p, f, o, pref));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith(p + ":" + e.location() + ": "), e.getMessage());
        return e;
    }

    static final TraceOptions K32 = TraceOptions.keyBits(32);
    static final TraceOptions K64 = TraceOptions.keyBits(64);

    // ---------------------------------------------------------------- text

    static final String EVENTS_TEXT = "# header comment\n\nAB 3\n0x10\r\n  ffffffff 7 # trailing comment\n\t0 1\n";

    @Test
    void textEvents() throws IOException {
        Path p = write("e.txt", EVENTS_TEXT);
        List<long[]> r = readAll(p, TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS);
        assertEquals(4, r.size());
        assertArrayEquals(new long[] {0xab, 3}, r.get(0));
        assertArrayEquals(new long[] {0x10, 1}, r.get(1));
        assertArrayEquals(new long[] {0xffffffffL, 7}, r.get(2));
        assertArrayEquals(new long[] {0, 1}, r.get(3));
        assertEquals(TraceFormat.TEXT_EVENTS, TraceReader.detect(p, TraceShape.EVENTS));
    }

    @Test
    void textTuplesAndVisitor() throws IOException {
        Path p = write("t.txt", "400100 deadbeef\n# c\n400104 0\nffffffffffffffff 1\n");
        long[] sum = new long[2];
        try (TraceReader r = TraceReader.open(p, null, K64, TraceShape.TUPLES)) {
            assertEquals(TraceFormat.TEXT_TUPLES, r.format());
            assertEquals(3, r.forEachTuple((pc, w) -> {
                sum[0] += pc;
                sum[1] += w;
            }));
        }
        assertEquals(0x400100L + 0x400104L - 1, sum[0]);
        assertEquals(0xdeadbeefL + 1, sum[1]);
        // a tuple trace is not an event trace
        try (TraceReader r = TraceReader.open(p, TraceFormat.TEXT_TUPLES, K64, TraceShape.TUPLES)) {
            assertThrows(TraceFormatException.class, () -> r.forEachEvent((k, w) -> {}));
        }
    }

    @Test
    void textMalformed() throws IOException {
        assertEquals(
                "bad hex key 'x12'",
                fails(write("a.txt", "10\nx12\n"), TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS)
                        .problem());
        TraceFormatException e =
                fails(write("b.txt", "1\n2\n# c\n100000000\n"), TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS);
        assertEquals(4, e.location());
        assertEquals("key 0x100000000 is wider than key_bits=32", e.problem());
        assertEquals(
                "key '10000000000000000' is wider than 64 bits",
                fails(write("c.txt", "10000000000000000\n"), TraceFormat.TEXT_EVENTS, K64, TraceShape.EVENTS)
                        .problem());
        assertEquals(
                "weight must be >= 1, got 0",
                fails(write("d.txt", "1 0\n"), TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS)
                        .problem());
        assertEquals(
                "bad decimal weight '1f'",
                fails(write("e.txt", "1 1f\n"), TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS)
                        .problem());
        assertEquals(
                "unexpected extra field '3'",
                fails(write("f.txt", "1 2 3\n"), TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS)
                        .problem());
        assertEquals(
                "weight '99999999999999999999' is too large",
                fails(write("g.txt", "1 99999999999999999999\n"), TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS)
                        .problem());
        e = fails(write("h.txt", "1 2\n3\n"), TraceFormat.TEXT_TUPLES, K32, TraceShape.TUPLES);
        assertEquals(2, e.location());
        assertTrue(e.problem().startsWith("missing w"), e.problem());
        assertEquals(
                "w 0x1ff is wider than key_bits=8",
                fails(write("i.txt", "1 1ff\n"), TraceFormat.TEXT_TUPLES, TraceOptions.keyBits(8), TraceShape.TUPLES)
                        .problem());
        assertEquals(
                "bad hex key '0x'",
                fails(write("j.txt", "0x\n"), TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS)
                        .problem());
        TraceFormatException missing =
                assertThrows(TraceFormatException.class, () -> TraceReader.open(tmp.resolve("nope.txt"), K32));
        assertEquals(tmp.resolve("nope.txt") + ":0: cannot open: no such file", missing.getMessage());
    }

    // ---------------------------------------------------------------- binary

    @Test
    void binaryRoundTripAndGzip() throws IOException {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (BinaryTraceWriter w = new BinaryTraceWriter(bo, TraceShape.EVENTS)) {
            w.event(0x12345678L, 1);
            w.event(0xffffffffL, 0xffffffffL);
            w.event(0, 42);
        }
        byte[] ev = bo.toByteArray();
        assertEquals(8 + 3 * 12, ev.length);
        // layout check: key LE then weight LE
        assertEquals(0x78, ev[8] & 0xff);
        assertEquals(0x12, ev[11] & 0xff);
        assertEquals(1, ev[16] & 0xff);
        for (Path p : new Path[] {writeBytes("e.bin", ev), writeBytes("e.bin.gz", gzip(ev))}) {
            assertEquals(TraceFormat.BINARY_EVENTS, TraceReader.detect(p, TraceShape.TUPLES));
            List<long[]> r = readAll(p, null, K32, TraceShape.EVENTS);
            assertEquals(3, r.size());
            assertArrayEquals(new long[] {0xffffffffL, 0xffffffffL}, r.get(1));
            assertArrayEquals(new long[] {0, 42}, r.get(2));
        }
        bo.reset();
        try (BinaryTraceWriter w = new BinaryTraceWriter(bo, TraceShape.TUPLES)) {
            w.tuple(-1L, 0x8000000000000000L);
            w.tuple(5, 6);
        }
        Path t = writeBytes("t.bin", bo.toByteArray());
        List<long[]> r = readAll(t, null, K64, TraceShape.EVENTS);
        assertArrayEquals(new long[] {-1L, 0x8000000000000000L}, r.get(0));
        assertArrayEquals(new long[] {5, 6}, r.get(1));
    }

    @Test
    void binaryMalformed() throws IOException {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (BinaryTraceWriter w = new BinaryTraceWriter(bo, TraceShape.EVENTS)) {
            w.event(1, 1);
            w.event(0x1_0000_0000L, 1);
        }
        byte[] ev = bo.toByteArray();
        TraceFormatException e = fails(writeBytes("wide.bin", ev), TraceFormat.BINARY_EVENTS, K32, TraceShape.EVENTS);
        assertEquals(20, e.location());
        assertEquals("record 2: key 0x100000000 is wider than key_bits=32", e.problem());
        e = fails(
                writeBytes("trunc.bin", java.util.Arrays.copyOf(ev, ev.length - 5)),
                TraceFormat.BINARY_EVENTS,
                K64,
                TraceShape.EVENTS);
        assertEquals(20, e.location());
        assertEquals("truncated record 2: 7 of 12 bytes", e.problem());
        byte[] zero = ev.clone();
        zero[16] = 0;
        assertEquals(
                "record 1: weight must be >= 1, got 0",
                fails(writeBytes("w0.bin", zero), TraceFormat.BINARY_EVENTS, K64, TraceShape.EVENTS)
                        .problem());
        e = fails(
                writeBytes("magic.bin", "RAPGXX1\n".getBytes(StandardCharsets.US_ASCII)),
                TraceFormat.BINARY_EVENTS,
                K64,
                TraceShape.EVENTS);
        assertEquals(0, e.location());
        assertTrue(e.problem().startsWith("not a rapgen binary event trace"), e.problem());
        // tuple file read as event binary
        assertTrue(fails(
                        writeBytes("tup.bin", "RAPGTP1\n".getBytes(StandardCharsets.US_ASCII)),
                        TraceFormat.BINARY_EVENTS,
                        K64,
                        TraceShape.EVENTS)
                .problem()
                .startsWith("not a rapgen binary event trace"));
    }

    // ---------------------------------------------------------------- gzip

    @Test
    void gzipText() throws IOException {
        Path p = writeBytes("e.txt.gz", gzip(EVENTS_TEXT.getBytes(StandardCharsets.US_ASCII)));
        assertEquals(4, readAll(p, null, K32, TraceShape.EVENTS).size());
        assertEquals(
                4, readAll(p, TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS).size());
    }

    @Test
    void gzipCorrupt() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200_000; i++)
            sb.append(Integer.toHexString(i * 7919))
                    .append(' ')
                    .append(i % 13 + 1)
                    .append('\n');
        byte[] gz = gzip(sb.toString().getBytes(StandardCharsets.US_ASCII));
        // truncated gzip stream
        TraceFormatException e =
                fails(writeBytes("t.gz", java.util.Arrays.copyOf(gz, gz.length / 2)), null, K32, TraceShape.EVENTS);
        assertTrue(e.problem().startsWith("corrupt gzip data"), e.problem());
        assertTrue(e.location() > 1000, "line number reached: " + e.location());
        // garbage in the deflate body
        byte[] bad = gz.clone();
        for (int i = gz.length / 3; i < gz.length / 3 + 64; i++) bad[i] = (byte) 0xff;
        e = fails(writeBytes("b.gz", bad), TraceFormat.TEXT_EVENTS, K32, TraceShape.EVENTS);
        assertTrue(e.problem().startsWith("corrupt gzip data") || e.problem().startsWith("bad "), e.problem());
        // a gzip magic and nothing else
        e = fails(writeBytes("h.gz", new byte[] {0x1f, (byte) 0x8b, 8}), null, K32, TraceShape.EVENTS);
        assertEquals(0, e.location());
        assertTrue(e.problem().startsWith("corrupt gzip data"), e.problem());
    }

    @Test
    void xzIsRejectedClearly() throws IOException {
        Path p = writeBytes("x.xz", new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 4});
        TraceFormatException e = fails(p, null, K32, TraceShape.EVENTS);
        assertTrue(e.problem().startsWith("xz-compressed input is not supported"), e.problem());
    }

    @Test
    void sharedXzKeyList() throws Exception {
        Path xz = TRACES.resolve("ipsrc-181k.txt.xz");
        requireSharedTraces();
        Path out = tmp.resolve("ipsrc.txt");
        Process pr;
        try {
            pr = new ProcessBuilder("xz", "-dc", xz.toString())
                    .redirectOutput(out.toFile())
                    .start();
        } catch (IOException noXz) {
            fail("xz not found: run scripts/bootstrap.sh or apt-get install xz-utils");
            return;
        }
        assertEquals(0, pr.waitFor());
        assertEquals(181_009, count(out, null, K32));
        assertEquals(
                "key 0x880056a5 is wider than key_bits=31",
                fails(out, null, TraceOptions.keyBits(31), TraceShape.EVENTS).problem());
    }

    // ---------------------------------------------------------------- lackey

    static final String LACKEY_SAMPLE = "==123== Lackey, an example Valgrind tool\n"
            + " S 1ffefffd80,8\n" + "I  04016b0,3\n" + " L 1ffefffd88,8\n" + "I  04016b3,5\n"
            + " M 0421e70,4\n" + " S 1ffefffd78,8\n" + "==123== \n";

    @Test
    void lackeySample() throws IOException {
        Path p = write("l.txt", LACKEY_SAMPLE);
        assertEquals(TraceFormat.LACKEY, TraceReader.detect(p, TraceShape.EVENTS));
        List<long[]> i = readAll(p, null, K64, TraceShape.EVENTS);
        assertEquals(2, i.size());
        assertArrayEquals(new long[] {0x4016b0, 1}, i.get(0));
        List<long[]> d = readAll(p, null, K64.withLackeyMode(TraceOptions.LackeyMode.DATA), TraceShape.EVENTS);
        assertEquals(4, d.size());
        assertArrayEquals(new long[] {0x1ffefffd80L, 1}, d.get(0));
        try (TraceReader r = TraceReader.open(
                p, TraceFormat.LACKEY, K64.withLackeyMode(TraceOptions.LackeyMode.TUPLES), TraceShape.TUPLES)) {
            assertEquals(TraceShape.TUPLES, r.shape());
            List<long[]> t = new ArrayList<>();
            r.forEachTuple((pc, w) -> t.add(new long[] {pc, w}));
            assertEquals(3, t.size());
            assertEquals(1, r.skipped());
            assertArrayEquals(new long[] {0x4016b0, 0x1ffefffd88L}, t.get(0));
            assertArrayEquals(new long[] {0x4016b3, 0x421e70}, t.get(1));
            assertArrayEquals(new long[] {0x4016b3, 0x1ffefffd78L}, t.get(2));
        }
    }

    @Test
    void lackeyLoadsLeaveTheStoresOut() throws IOException {
        Path p = write("loads.txt", LACKEY_SAMPLE);
        try (TraceReader r = TraceReader.open(
                p, TraceFormat.LACKEY, K64.withLackeyMode(TraceOptions.LackeyMode.LOADS), TraceShape.TUPLES)) {
            assertEquals(TraceShape.TUPLES, r.shape());
            List<long[]> t = new ArrayList<>();
            r.forEachTuple((pc, w) -> t.add(new long[] {pc, w}));
            assertEquals(2, t.size()); // the L, and the M (a load and a store of one address)
            assertArrayEquals(new long[] {0x4016b0, 0x1ffefffd88L}, t.get(0));
            assertArrayEquals(new long[] {0x4016b3, 0x421e70}, t.get(1));
        }
    }

    @Test
    void lackeyMalformed() throws IOException {
        TraceFormatException e =
                fails(write("l1.txt", "I  04016b0,3\n X 1,2\n"), TraceFormat.LACKEY, K64, TraceShape.EVENTS);
        assertEquals(2, e.location());
        assertTrue(e.problem().startsWith("not a lackey line"), e.problem());
        assertEquals(
                "missing ',size' after address",
                fails(write("l2.txt", "I  04016b0\n"), TraceFormat.LACKEY, K64, TraceShape.EVENTS)
                        .problem());
        assertEquals(
                "bad hex address '04016g0'",
                fails(write("l3.txt", "I  04016g0,3\n"), TraceFormat.LACKEY, K64, TraceShape.EVENTS)
                        .problem());
        assertEquals(
                "address 0x1ffefffd88 is wider than key_bits=32",
                fails(
                                write("l4.txt", " L 1ffefffd88,8\n"),
                                TraceFormat.LACKEY,
                                K32.withLackeyMode(TraceOptions.LackeyMode.DATA),
                                TraceShape.EVENTS)
                        .problem());
    }

    @Test
    void lackeyFromValgrind() throws Exception {
        Path log = tmp.resolve("lackey.log");
        Process pr;
        try {
            pr = new ProcessBuilder("valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + log, "/bin/true")
                    .redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("vg.out").toFile())
                    .start();
        } catch (IOException noValgrind) {
            fail("valgrind not found: run scripts/bootstrap.sh or apt-get install valgrind");
            return;
        }
        assertEquals(0, pr.waitFor(), () -> {
            try {
                return Files.readString(tmp.resolve("vg.out"));
            } catch (IOException e) {
                return e.toString();
            }
        });
        // independent count with String operations
        long iLines = 0, dLines = 0;
        long firstI = -1;
        for (String s : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            if (s.startsWith("I  ")) {
                iLines++;
                if (firstI < 0)
                    firstI = Long.parseLong(s.substring(3, s.indexOf(',')).trim(), 16);
            } else if (s.startsWith(" L ") || s.startsWith(" S ") || s.startsWith(" M ")) {
                dLines++;
            }
        }
        assertTrue(iLines > 10_000, "instructions traced: " + iLines);
        assertTrue(dLines > 5_000, "data accesses traced: " + dLines);
        assertEquals(TraceFormat.LACKEY, TraceReader.detect(log, TraceShape.EVENTS));
        try (TraceReader r = TraceReader.open(log, K64)) {
            assertTrue(r.next());
            assertEquals(firstI, r.key());
            long n = 1;
            while (r.next()) n++;
            assertEquals(iLines, n);
        }
        assertEquals(dLines, count(log, null, K64.withLackeyMode(TraceOptions.LackeyMode.DATA)));
        try (TraceReader r =
                TraceReader.open(log, null, K64.withLackeyMode(TraceOptions.LackeyMode.TUPLES), TraceShape.TUPLES)) {
            long n = r.forEachTuple((pc, w) -> {});
            assertEquals(dLines, n + r.skipped());
        }
        // gzip of the real log reads the same
        Path gz = writeBytes("lackey.log.gz", gzip(Files.readAllBytes(log)));
        assertEquals(iLines, count(gz, null, K64));
    }

    // ---------------------------------------------------------------- packet captures

    @Test
    void sharedPcapCounts() throws IOException {
        requireSharedTraces();
        try (TraceReader r = TraceReader.open(SYNFLOOD, K32)) {
            assertEquals(TraceFormat.PCAP, r.format());
            assertEquals(37_841, r.forEachEvent((k, w) -> assertEquals(1, w)));
            assertEquals(0, r.skipped());
        }
        try (TraceReader r = TraceReader.open(
                BACNET, TraceFormat.PCAP, K32.withPacketField(TraceOptions.PacketField.DST), TraceShape.EVENTS)) {
            assertEquals(9_617, r.forEachEvent((k, w) -> {}));
        }
        try (TraceReader r = TraceReader.open(KXUN, K32)) {
            long n = r.forEachEvent((k, w) -> {});
            // the README's 1,659 is the IPv4 count; the file holds 1,723 packets (checked independently)
            assertEquals(1_659, n);
            assertEquals(1_723, n + r.skipped());
        }
        // tuples (src, dst), and the gzip of a capture
        Path gz = writeBytes("syn.pcap.gz", gzip(Files.readAllBytes(SYNFLOOD)));
        try (TraceReader r =
                TraceReader.open(gz, null, K32.withPacketField(TraceOptions.PacketField.SRC_DST), TraceShape.EVENTS)) {
            assertEquals(TraceShape.TUPLES, r.shape());
            assertEquals(37_841, r.forEachTuple((s, d) -> {}));
        }
    }

    @Test
    void sharedPcapFirstPacketMatchesIndependentParse() throws IOException {
        requireSharedTraces();
        byte[] all = Files.readAllBytes(SYNFLOOD);
        // first record: 24-byte global header, 16-byte record header, Ethernet (14), IPv4 src at +12
        int ip = 24 + 16 + 14;
        long src = ByteBuffer.wrap(all, ip + 12, 4).order(ByteOrder.BIG_ENDIAN).getInt() & 0xffffffffL;
        long dst = ByteBuffer.wrap(all, ip + 16, 4).order(ByteOrder.BIG_ENDIAN).getInt() & 0xffffffffL;
        List<long[]> r = readAll(
                SYNFLOOD, TraceFormat.PCAP, K32.withPacketField(TraceOptions.PacketField.SRC_DST), TraceShape.TUPLES);
        assertArrayEquals(new long[] {src, dst}, r.get(0));
    }

    /** Builds a pcapng (with the given byte order) holding the packets of a classic little-endian pcap. */
    static byte[] toPcapng(byte[] pcap, ByteOrder order, int maxPackets, boolean withSimpleBlock) {
        ByteBuffer out = ByteBuffer.allocate(pcap.length * 2 + 4096).order(order);
        ByteBuffer in = ByteBuffer.wrap(pcap).order(ByteOrder.LITTLE_ENDIAN);
        int linkType = in.getInt(20);
        // SHB
        out.putInt(0x0A0D0D0A)
                .putInt(28)
                .putInt(0x1A2B3C4D)
                .putShort((short) 1)
                .putShort((short) 0)
                .putLong(-1)
                .putInt(28);
        // IDB
        out.putInt(1)
                .putInt(20)
                .putShort((short) linkType)
                .putShort((short) 0)
                .putInt(0)
                .putInt(20);
        // an unknown block (custom, type 0xBAD) that must be skipped
        out.putInt(0xBAD).putInt(16).putInt(0x11223344).putInt(16);
        int pos = 24;
        for (int n = 0; n < maxPackets && pos < pcap.length; n++) {
            int incl = in.getInt(pos + 8);
            int orig = in.getInt(pos + 12);
            int pad = (4 - incl % 4) % 4;
            if (withSimpleBlock && n == 1) {
                int len = 12 + 4 + incl + pad;
                out.putInt(3).putInt(len).putInt(incl);
            } else {
                int len = 12 + 20 + incl + pad;
                out.putInt(6)
                        .putInt(len)
                        .putInt(0)
                        .putInt(in.getInt(pos))
                        .putInt(in.getInt(pos + 4))
                        .putInt(incl)
                        .putInt(orig);
            }
            out.put(pcap, pos + 16, incl);
            for (int i = 0; i < pad; i++) out.put((byte) 0);
            out.putInt(out.getInt(out.position() - incl - pad - (withSimpleBlock && n == 1 ? 8 : 24)));
            pos += 16 + incl;
        }
        return java.util.Arrays.copyOf(out.array(), out.position());
    }

    @Test
    void pcapngBothByteOrders() throws IOException {
        requireSharedTraces();
        byte[] pcap = Files.readAllBytes(SYNFLOOD);
        List<long[]> expect =
                readAll(SYNFLOOD, TraceFormat.PCAP, K32, TraceShape.EVENTS).subList(0, 500);
        for (ByteOrder bo : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            Path p = writeBytes("s-" + bo + ".pcapng", toPcapng(pcap, bo, 500, true));
            assertEquals(TraceFormat.PCAP, TraceReader.detect(p, TraceShape.EVENTS));
            List<long[]> got = readAll(p, null, K32, TraceShape.EVENTS);
            assertEquals(500, got.size(), bo.toString());
            for (int i = 0; i < 500; i++) assertArrayEquals(expect.get(i), got.get(i), bo + " packet " + i);
        }
    }

    @Test
    void bigEndianClassicPcapAndRawLinkType() throws IOException {
        // hand-made: big-endian nanosecond pcap, LINKTYPE_RAW, one IPv4 and one IPv6 packet
        ByteBuffer b = ByteBuffer.allocate(24 + 16 + 20 + 16 + 40).order(ByteOrder.BIG_ENDIAN);
        b.putInt(0xa1b23c4d)
                .putShort((short) 2)
                .putShort((short) 4)
                .putInt(0)
                .putInt(0)
                .putInt(65535)
                .putInt(101);
        b.putInt(1).putInt(2).putInt(20).putInt(20);
        b.put(new byte[] {0x45, 0, 0, 20, 0, 0, 0, 0, 64, 6, 0, 0, 10, 0, 0, 1, (byte) 192, (byte) 168, 1, 2});
        b.putInt(1).putInt(3).putInt(40).putInt(40);
        byte[] v6 = new byte[40];
        v6[0] = 0x60;
        b.put(v6);
        Path p = writeBytes("be.pcap", b.array());
        try (TraceReader r =
                TraceReader.open(p, null, K32.withPacketField(TraceOptions.PacketField.DST), TraceShape.EVENTS)) {
            assertTrue(r.next());
            assertEquals(0xc0a80102L, r.key());
            assertFalse(r.next());
            assertEquals(1, r.skipped());
        }
    }

    @Test
    void pcapMalformed() throws IOException {
        // a text file given as pcap
        TraceFormatException e = fails(write("notpcap.txt", "0a 1\n"), TraceFormat.PCAP, K32, TraceShape.EVENTS);
        assertEquals(0, e.location());
        assertTrue(e.problem().startsWith("not a pcap or pcapng file (bad magic"), e.problem());
        requireSharedTraces();
        byte[] pcap = Files.readAllBytes(SYNFLOOD);
        // truncated in the middle of the 3rd packet
        int pos = 24;
        for (int i = 0; i < 2; i++)
            pos += 16
                    + ByteBuffer.wrap(pcap, pos + 8, 4)
                            .order(ByteOrder.LITTLE_ENDIAN)
                            .getInt();
        e = fails(
                writeBytes("trunc.pcap", java.util.Arrays.copyOf(pcap, pos + 20)),
                TraceFormat.PCAP,
                K32,
                TraceShape.EVENTS);
        assertEquals(pos, e.location());
        assertTrue(e.problem().startsWith("truncated packet 3"), e.problem());
        e = fails(writeBytes("hdr.pcap", java.util.Arrays.copyOf(pcap, 10)), TraceFormat.PCAP, K32, TraceShape.EVENTS);
        assertTrue(e.problem().startsWith("truncated pcap file header"), e.problem());
        assertTrue(fails(SYNFLOOD, TraceFormat.PCAP, TraceOptions.keyBits(16), TraceShape.EVENTS)
                .problem()
                .startsWith("IPv4 addresses need key_bits >= 32"));
        byte[] lt = java.util.Arrays.copyOf(pcap, 24);
        lt[20] = (byte) 147;
        assertEquals(
                "unsupported link type 147",
                fails(writeBytes("lt.pcap", lt), TraceFormat.PCAP, K32, TraceShape.EVENTS)
                        .problem());
        // pcapng with a broken block length and with a mismatched trailer
        byte[] ng = toPcapng(pcap, ByteOrder.LITTLE_ENDIAN, 5, false);
        byte[] badLen = ng.clone();
        int idb = 28;
        int firstPkt = idb + 20 + 16;
        ByteBuffer.wrap(badLen).order(ByteOrder.LITTLE_ENDIAN).putInt(firstPkt + 4, 13);
        e = fails(writeBytes("len.pcapng", badLen), TraceFormat.PCAP, K32, TraceShape.EVENTS);
        assertEquals(firstPkt, e.location());
        assertEquals("bad block length 13", e.problem());
        byte[] trailer = ng.clone();
        int blen = ByteBuffer.wrap(ng).order(ByteOrder.LITTLE_ENDIAN).getInt(firstPkt + 4);
        ByteBuffer.wrap(trailer).order(ByteOrder.LITTLE_ENDIAN).putInt(firstPkt + blen - 4, blen + 4);
        e = fails(writeBytes("trl.pcapng", trailer), TraceFormat.PCAP, K32, TraceShape.EVENTS);
        assertTrue(e.problem().startsWith("block trailing length"), e.problem());
        e = fails(
                writeBytes("cut.pcapng", java.util.Arrays.copyOf(ng, firstPkt + 30)),
                TraceFormat.PCAP,
                K32,
                TraceShape.EVENTS);
        assertEquals(firstPkt, e.location());
        assertTrue(e.problem().startsWith("truncated block"), e.problem());
        byte[] bom = ng.clone();
        bom[8] = 0x55;
        assertTrue(fails(writeBytes("bom.pcapng", bom), TraceFormat.PCAP, K32, TraceShape.EVENTS)
                .problem()
                .startsWith("bad pcapng byte-order magic"));
        byte[] iface = ng.clone();
        ByteBuffer.wrap(iface).order(ByteOrder.LITTLE_ENDIAN).putInt(firstPkt + 8, 3);
        assertEquals(
                "packet 1 references undefined interface 3",
                fails(writeBytes("if.pcapng", iface), TraceFormat.PCAP, K32, TraceShape.EVENTS)
                        .problem());
    }
}
