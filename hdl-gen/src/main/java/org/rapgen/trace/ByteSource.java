package org.rapgen.trace;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipException;

/**
 * Buffered byte input with an offset counter, shared by all readers. Failures of the gzip
 * layer are turned into {@link TraceFormatException}s at the reader's current location.
 */
final class ByteSource implements Closeable {
    final String name;
    final boolean gzip;
    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    private long base; // stream offset of buf[0]
    /** Location used for errors raised while filling (text readers keep it at the line number). */
    long errorLocation;

    ByteSource(String name, InputStream in, boolean gzip) {
        this.name = name;
        this.in = in;
        this.gzip = gzip;
    }

    /** Offset of the next byte to be read, in the decompressed stream. */
    long offset() {
        return base + pos;
    }

    private boolean fill() throws IOException {
        base += lim;
        pos = 0;
        lim = 0;
        int n;
        try {
            n = in.read(buf, 0, buf.length);
        } catch (ZipException | EOFException e) {
            if (gzip) throw new TraceFormatException(name, errorLocation, "corrupt gzip data: " + e.getMessage(), e);
            throw e;
        } catch (IOException e) {
            if (gzip && e.getClass() == IOException.class) {
                throw new TraceFormatException(name, errorLocation, "corrupt gzip data: " + e.getMessage(), e);
            }
            throw e;
        }
        if (n <= 0) return false;
        lim = n;
        return true;
    }

    /** Next byte 0..255, or -1 at end of input. */
    int read() throws IOException {
        if (pos >= lim && !fill()) return -1;
        return buf[pos++] & 0xff;
    }

    /** Reads up to {@code len} bytes; returns fewer only at end of input. */
    int readFully(byte[] dst, int off, int len) throws IOException {
        int done = 0;
        while (done < len) {
            if (pos >= lim && !fill()) break;
            int n = Math.min(len - done, lim - pos);
            System.arraycopy(buf, pos, dst, off + done, n);
            pos += n;
            done += n;
        }
        return done;
    }

    /** Skips up to {@code len} bytes; returns the number skipped (fewer only at end of input). */
    long skip(long len) throws IOException {
        long done = 0;
        while (done < len) {
            if (pos >= lim && !fill()) break;
            int n = (int) Math.min(len - done, lim - pos);
            pos += n;
            done += n;
        }
        return done;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
