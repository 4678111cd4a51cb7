package org.rapgen.trace;

import java.io.IOException;

/**
 * rapgen binary traces. Layout (all little-endian):
 * <pre>
 * events: "RAPGEV1\n" then records of { u64 key; u32 weight }   (12 bytes, weight &ge; 1)
 * tuples: "RAPGTP1\n" then records of { u64 pc;  u64 w }        (16 bytes)
 * </pre>
 * Error locations are byte offsets of the offending record.
 */
final class BinaryTraceReader extends TraceReader {
    private final TraceShape shape;
    private final int recLen;
    private final byte[] rec = new byte[16];
    private boolean headerDone;

    BinaryTraceReader(ByteSource src, TraceOptions opt, TraceShape shape) {
        super(src, opt);
        this.shape = shape;
        this.recLen = shape == TraceShape.EVENTS ? 12 : 16;
    }

    @Override
    public TraceFormat format() {
        return shape == TraceShape.EVENTS ? TraceFormat.BINARY_EVENTS : TraceFormat.BINARY_TUPLES;
    }

    @Override
    public TraceShape shape() {
        return shape;
    }

    private TraceFormatException error(long off, String problem) {
        return new TraceFormatException(src.name, off, problem);
    }

    static long le64(byte[] b, int o) {
        long v = 0;
        for (int i = 7; i >= 0; i--) v = (v << 8) | (b[o + i] & 0xff);
        return v;
    }

    static long le32(byte[] b, int o) {
        return (b[o] & 0xffL) | (b[o + 1] & 0xffL) << 8 | (b[o + 2] & 0xffL) << 16 | (b[o + 3] & 0xffL) << 24;
    }

    @Override
    public boolean next() throws IOException {
        if (!headerDone) {
            byte[] magic =
                    shape == TraceShape.EVENTS ? TraceFormat.MAGIC_BINARY_EVENTS : TraceFormat.MAGIC_BINARY_TUPLES;
            src.errorLocation = 0;
            int n = src.readFully(rec, 0, 8);
            boolean ok = n == 8;
            for (int i = 0; ok && i < 8; i++) ok = rec[i] == magic[i];
            if (!ok) {
                throw error(
                        0,
                        "not a rapgen binary " + (shape == TraceShape.EVENTS ? "event" : "tuple")
                                + " trace (expected magic \""
                                + new String(magic, 0, 7, java.nio.charset.StandardCharsets.US_ASCII)
                                + "\\n\")");
            }
            headerDone = true;
        }
        long off = src.offset();
        src.errorLocation = off;
        int n = src.readFully(rec, 0, recLen);
        if (n == 0) return false;
        long recNo = records + 1;
        if (n < recLen) throw error(off, "truncated record " + recNo + ": " + n + " of " + recLen + " bytes");
        long x = le64(rec, 0);
        if (shape == TraceShape.EVENTS) {
            if (!opt.fits(x))
                throw error(off, "record " + recNo + ": key " + hex(x) + " is wider than key_bits=" + opt.keyBits());
            long wgt = le32(rec, 8);
            if (wgt == 0) throw error(off, "record " + recNo + ": weight must be >= 1, got 0");
            a = x;
            b = wgt;
        } else {
            long y = le64(rec, 8);
            if (!opt.fits(x))
                throw error(off, "record " + recNo + ": pc " + hex(x) + " is wider than key_bits=" + opt.keyBits());
            if (!opt.fits(y))
                throw error(off, "record " + recNo + ": w " + hex(y) + " is wider than key_bits=" + opt.keyBits());
            a = x;
            b = y;
        }
        records++;
        return true;
    }
}
