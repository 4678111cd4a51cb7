package org.rapgen.trace;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;

/** Writes the rapgen binary trace formats read by {@link TraceFormat#BINARY_EVENTS} / {@link TraceFormat#BINARY_TUPLES}. */
public final class BinaryTraceWriter implements Closeable {
    private final OutputStream out;
    private final TraceShape shape;
    private final byte[] rec = new byte[16];

    public BinaryTraceWriter(OutputStream out, TraceShape shape) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.shape = shape;
        this.out.write(shape == TraceShape.EVENTS ? TraceFormat.MAGIC_BINARY_EVENTS : TraceFormat.MAGIC_BINARY_TUPLES);
    }

    private static void put(byte[] b, int o, long v, int n) {
        for (int i = 0; i < n; i++) b[o + i] = (byte) (v >>> (8 * i));
    }

    public void event(long key, long weight) throws IOException {
        if (shape != TraceShape.EVENTS) throw new IllegalStateException("tuple writer");
        if (weight < 1 || weight > 0xffffffffL)
            throw new IllegalArgumentException("weight must be 1..2^32-1: " + weight);
        put(rec, 0, key, 8);
        put(rec, 8, weight, 4);
        out.write(rec, 0, 12);
    }

    public void tuple(long pc, long w) throws IOException {
        if (shape != TraceShape.TUPLES) throw new IllegalStateException("event writer");
        put(rec, 0, pc, 8);
        put(rec, 8, w, 8);
        out.write(rec, 0, 16);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
