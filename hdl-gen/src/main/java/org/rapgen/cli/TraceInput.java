package org.rapgen.cli;

import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.rapgen.trace.TraceFormat;
import org.rapgen.trace.TraceFormatException;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * An open trace for a command: every read problem becomes a one-line {@link BadInputException} naming file and
 * location, and the bytes consumed from the file (compressed, if it is gzip) are counted for {@link Progress}.
 */
final class TraceInput implements Closeable {
    private final TraceReader reader;
    private final Counting counted;
    private final long size;

    private TraceInput(TraceReader reader, Counting counted, long size) {
        this.reader = reader;
        this.counted = counted;
        this.size = size;
    }

    /**
     * Opens {@code file}; {@code formatName} null detects the format, and {@code shape} says what the command
     * consumes (plain text is read as that shape; a binary file of the other shape is an error).
     */
    static TraceInput open(Path file, String formatName, TraceOptions opt, TraceShape shape) {
        TraceFormat format = formatName == null ? null : format(formatName);
        if (!Files.exists(file)) throw new BadInputException(file + ":0: cannot open: no such file");
        if (!Files.isRegularFile(file)) throw new BadInputException(file + ":0: cannot open: not a regular file");
        try {
            long size = Files.size(file);
            Counting counted = new Counting(Files.newInputStream(file));
            TraceReader reader;
            try {
                reader = TraceReader.open(file.toString(), counted, format, opt, shape);
            } catch (IOException | RuntimeException e) {
                counted.close();
                throw e;
            }
            TraceInput in = new TraceInput(reader, counted, size);
            if (reader.shape() != shape) {
                in.close();
                throw new BadInputException(file + ":0: " + in.formatName() + " trace carries "
                        + describe(reader.shape()) + "; this command reads " + describe(shape));
            }
            return in;
        } catch (IOException e) {
            throw readFailure(file.toString(), e);
        }
    }

    private static TraceFormat format(String name) {
        try {
            return TraceFormat.fromName(name);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--format: " + e.getMessage());
        }
    }

    private static String describe(TraceShape shape) {
        return shape == TraceShape.EVENTS ? "(key, weight) events" : "(pc, w) tuples";
    }

    private static BadInputException readFailure(String name, IOException e) {
        if (e instanceof TraceFormatException) return new BadInputException(e.getMessage());
        return new BadInputException(name + ":0: read error: " + e.getMessage());
    }

    /** Advances to the next record; false at the end of the trace. */
    boolean next() {
        try {
            return reader.next();
        } catch (IOException e) {
            throw readFailure(reader.name(), e);
        }
    }

    TraceReader reader() {
        return reader;
    }

    /** The format being read, as the user-facing names spell it ({@code text-events}, {@code pcap}). */
    String formatName() {
        return reader.format().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A well-formed record that the model rejects, reported at its location in the file. */
    BadInputException badRecord(String problem) {
        return new BadInputException(reader.name() + ":" + reader.location() + ": " + problem);
    }

    /** Fraction of the file's bytes consumed so far, 0..1. */
    double fractionRead() {
        return size == 0 ? 1.0 : Math.min(1.0, counted.count / (double) size);
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            // Reading is over; a close failure cannot change the result.
        }
    }

    /** Counts the bytes read through it. */
    private static final class Counting extends FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) count++;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) count += n;
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long k = super.skip(n);
            count += k;
            return k;
        }
    }
}
