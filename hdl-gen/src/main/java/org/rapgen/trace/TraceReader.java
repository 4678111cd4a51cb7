package org.rapgen.trace;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Streaming, constant-memory trace reader. Usage, iterator style:
 * <pre>{@code
 * try (TraceReader r = TraceReader.open(path, TraceOptions.keyBits(32))) {
 *     while (r.next()) use(r.key(), r.weight());
 * }
 * }</pre>
 * or visitor style with {@link #forEachEvent(EventVisitor)} / {@link #forEachTuple(TupleVisitor)}.
 * Values are delivered as primitive longs; no object is allocated per record.
 *
 * <p>Every record has two words, {@code a} and {@code b}: for {@link TraceShape#EVENTS}
 * they are (key, weight), for {@link TraceShape#TUPLES} (pc, w). {@link #key()}/{@link #pc()}
 * both return {@code a}; {@link #weight()}/{@link #w()} both return {@code b}.
 *
 * <p>Malformed input of any kind raises a {@link TraceFormatException}.
 */
public abstract class TraceReader implements Closeable {
    final ByteSource src;
    final TraceOptions opt;
    long a;
    long b;
    long records;
    long skipped;

    TraceReader(ByteSource src, TraceOptions opt) {
        this.src = src;
        this.opt = opt;
    }

    /** Opens {@code file}, detecting the format (see {@link #detect}); text is read as events. */
    public static TraceReader open(Path file, TraceOptions opt) throws IOException {
        return open(file, null, opt, TraceShape.EVENTS);
    }

    /**
     * Opens {@code file} in the given format, or auto-detects it when {@code format} is null
     * ({@code preferred} then decides whether plain text holds events or tuples).
     */
    public static TraceReader open(Path file, TraceFormat format, TraceOptions opt, TraceShape preferred)
            throws IOException {
        String name = file.toString();
        InputStream raw;
        try {
            raw = Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw new TraceFormatException(name, 0, "cannot open: no such file");
        } catch (IOException e) {
            throw new TraceFormatException(name, 0, "cannot open: " + e.getMessage());
        }
        try {
            return open(name, raw, format, opt, preferred);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** As {@link #open(Path, TraceFormat, TraceOptions, TraceShape)} on an already open stream. */
    public static TraceReader open(
            String name, InputStream raw, TraceFormat format, TraceOptions opt, TraceShape preferred)
            throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        boolean gzip = b0 == 0x1f && b1 == 0x8b;
        InputStream body = in;
        if (gzip) {
            try {
                body = new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
            } catch (ZipException | EOFException e) {
                throw new TraceFormatException(name, 0, "corrupt gzip data: " + e.getMessage());
            }
        }
        byte[] head = new byte[4096];
        body.mark(head.length);
        int n = 0;
        try {
            while (n < head.length) {
                int k = body.read(head, n, head.length - n);
                if (k <= 0) break;
                n += k;
            }
        } catch (ZipException | EOFException e) {
            throw new TraceFormatException(name, 0, "corrupt gzip data: " + e.getMessage());
        }
        body.reset();
        String comp = TraceFormat.compressedKind(head, n);
        TraceFormat detected = TraceFormat.detect(head, n, preferred);
        if (format == null) {
            if (detected == null) {
                throw new TraceFormatException(
                        name,
                        0,
                        comp + "-compressed input is not supported; decompress it first"
                                + " (only gzip is read directly)");
            }
            format = detected;
        } else if (comp != null) {
            throw new TraceFormatException(
                    name,
                    0,
                    comp + "-compressed input is not supported; decompress it first" + " (only gzip is read directly)");
        }
        ByteSource src = new ByteSource(name, body, gzip);
        switch (format) {
            case TEXT_EVENTS:
                return new TextTraceReader(src, opt, TraceShape.EVENTS);
            case TEXT_TUPLES:
                return new TextTraceReader(src, opt, TraceShape.TUPLES);
            case BINARY_EVENTS:
                return new BinaryTraceReader(src, opt, TraceShape.EVENTS);
            case BINARY_TUPLES:
                return new BinaryTraceReader(src, opt, TraceShape.TUPLES);
            case LACKEY:
                return new LackeyTraceReader(src, opt);
            case PCAP:
                return PacketTraceReader.open(src, opt);
            default:
                throw new AssertionError(format);
        }
    }

    /** Detects the format of {@code file} without reading it all. */
    public static TraceFormat detect(Path file, TraceShape preferred) throws IOException {
        try (TraceReader r = open(file, null, TraceOptions.keyBits(64), preferred)) {
            return r.format();
        }
    }

    /** Advances to the next record; false at end of input. */
    public abstract boolean next() throws IOException;

    /** The format being read. */
    public abstract TraceFormat format();

    /** Whether records are events or tuples. */
    public abstract TraceShape shape();

    public final long key() {
        return a;
    }

    public final long weight() {
        return b;
    }

    public final long pc() {
        return a;
    }

    public final long w() {
        return b;
    }

    /** Records delivered so far. */
    public final long records() {
        return records;
    }

    /** Input items skipped so far (non-IPv4 packets; lackey data accesses before the first instruction). */
    public final long skipped() {
        return skipped;
    }

    /**
     * Where the record last delivered by {@link #next()} starts, in the form error messages use: the
     * 1-based line for line formats, the byte offset of the record or block for binary formats. Lets a
     * consumer that rejects a well-formed record (a weight its model cannot take) point at it.
     */
    public final long location() {
        return src.errorLocation;
    }

    /** The file name used in error messages. */
    public final String name() {
        return src.name;
    }

    /** Delivers every remaining record as an event; fails if the trace carries tuples. */
    public long forEachEvent(EventVisitor v) throws IOException {
        if (shape() != TraceShape.EVENTS) {
            throw new TraceFormatException(src.name, 0, "trace carries (pc, w) tuples; (key, weight) events expected");
        }
        long n = 0;
        while (next()) {
            v.event(a, b);
            n++;
        }
        return n;
    }

    /** Delivers every remaining record as a tuple; fails if the trace carries events. */
    public long forEachTuple(TupleVisitor v) throws IOException {
        if (shape() != TraceShape.TUPLES) {
            throw new TraceFormatException(src.name, 0, "trace carries (key, weight) events; (pc, w) tuples expected");
        }
        long n = 0;
        while (next()) {
            v.tuple(a, b);
            n++;
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        src.close();
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
