package org.rapgen.cosim.soak;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;
import org.rapgen.cosim.rap.RapStreams;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * The soak's traces (bench/soak.sh): real traces replayed and concatenated with random streams until there are at
 * least the asked number of records, written in rapgen's binary formats (trace-formats.md) so the co-simulation reads
 * them fast. Events: every real event trace given, then one million events of each random stream kind (uniform, Zipf,
 * one hot key, sweep, all distinct) with weights 1..16, over and over with new seeds. Tuples: every capture's
 * (source, destination) pairs, then one million random tuples (4,096 PCs, Zipf over them, random data words), over and
 * over. Deterministic: the same inputs give the same files.
 *
 * <p>Usage: {@code SoakTraces RECORDS EVENTS_OUT TUPLES_OUT TRACE...}: the traces are read as {@code profile} and
 * {@code sample} read them (format detected).
 */
public final class SoakTraces {
    private static final int KEY_BITS = 32;
    private static final int RANDOM_SEGMENT = 1_000_000;

    private SoakTraces() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: SoakTraces RECORDS EVENTS_OUT TUPLES_OUT TRACE...");
            System.exit(2);
        }
        long records = Long.parseLong(args[0]);
        List<Path> traces = new ArrayList<>();
        for (int i = 3; i < args.length; i++) traces.add(Path.of(args[i]));
        long events = writeEvents(records, Path.of(args[1]), traces);
        long tuples = writeTuples(records, Path.of(args[2]), traces);
        System.out.println(
                "soak traces: " + events + " events in " + args[1] + ", " + tuples + " tuples in " + args[2]);
    }

    private static long writeEvents(long records, Path out, List<Path> traces) throws IOException {
        long written = 0;
        try (Records w = new Records(out, "RAPGEV1\n", 12)) {
            for (int round = 0; written < records; round++) {
                for (Path t : traces) {
                    try (TraceReader r = TraceReader.open(t, null, TraceOptions.keyBits(KEY_BITS), TraceShape.EVENTS)) {
                        if (r.shape() != TraceShape.EVENTS) continue;
                        while (r.next()) {
                            w.event(r.key(), r.weight());
                            written++;
                        }
                    }
                }
                long seed = 1000L * round;
                List<LongSupplier> kinds = List.of(
                        RapStreams.uniform(KEY_BITS, seed + 1),
                        RapStreams.zipf(KEY_BITS, 5000, seed + 2),
                        RapStreams.oneHot(KEY_BITS, seed + 3),
                        RapStreams.sweep(KEY_BITS, seed + 4),
                        distinct(seed + 5));
                Random weights = new Random(seed);
                for (LongSupplier keys : kinds) {
                    for (int i = 0; i < RANDOM_SEGMENT; i++) w.event(keys.getAsLong(), 1 + weights.nextInt(16));
                    written += RANDOM_SEGMENT;
                }
            }
        }
        return written;
    }

    private static long writeTuples(long records, Path out, List<Path> traces) throws IOException {
        long written = 0;
        TraceOptions opt = TraceOptions.keyBits(KEY_BITS)
                .withPacketField(TraceOptions.PacketField.SRC_DST)
                .withLackeyMode(TraceOptions.LackeyMode.TUPLES);
        try (Records w = new Records(out, "RAPGTP1\n", 16)) {
            for (int round = 0; written < records; round++) {
                for (Path t : traces) {
                    // Tuples come from the captures: (source, destination) of each packet.
                    if (!t.getFileName().toString().matches(".*\\.pcap(ng)?")) continue;
                    try (TraceReader r = TraceReader.open(t, null, opt, TraceShape.TUPLES)) {
                        if (r.shape() != TraceShape.TUPLES) continue;
                        while (r.next()) {
                            w.tuple(r.pc(), r.w());
                            written++;
                        }
                    }
                }
                Random rnd = new Random(7919L * round);
                LongSupplier pcs = RapStreams.zipf(12, 4096, 7919L * round + 1);
                for (int i = 0; i < RANDOM_SEGMENT; i++)
                    w.tuple(0x400000 + 4 * pcs.getAsLong(), rnd.nextInt() & 0xFFFF_FFFFL);
                written += RANDOM_SEGMENT;
            }
        }
        return written;
    }

    /** Every key once, in a scrambled order: the tree fills and stays full. */
    private static LongSupplier distinct(long seed) {
        long[] next = {seed * 0x9E3779B97F4A7C15L};
        return () -> (next[0] += 0x9E3779B9L) & 0xFFFF_FFFFL;
    }

    /** A binary trace being written: the magic, then little-endian records. */
    private static final class Records implements AutoCloseable {
        private final OutputStream out;
        private final ByteBuffer record;

        Records(Path file, String magic, int size) throws IOException {
            out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
            out.write(magic.getBytes(StandardCharsets.US_ASCII));
            record = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        }

        void event(long key, long weight) throws IOException {
            record.clear();
            record.putLong(key).putInt((int) weight);
            out.write(record.array());
        }

        void tuple(long pc, long w) throws IOException {
            record.clear();
            record.putLong(pc).putLong(w);
            out.write(record.array());
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
