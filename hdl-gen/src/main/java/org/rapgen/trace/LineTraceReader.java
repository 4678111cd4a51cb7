package org.rapgen.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Base of the line-oriented readers: reads lines into a reusable buffer and parses numbers in place. */
abstract class LineTraceReader extends TraceReader {
    static final int MAX_LINE = 1 << 16;

    byte[] line = new byte[256];
    int len;
    long lineNo;
    /** Cursor used by the token helpers. */
    int p;
    /** Result of the last token parse. */
    long value;

    LineTraceReader(ByteSource src, TraceOptions opt) {
        super(src, opt);
    }

    /** Reads the next line (without the terminator, trailing CR removed). False at end of input. */
    final boolean readLine() throws IOException {
        src.errorLocation = lineNo + 1;
        int c = src.read();
        if (c < 0) return false;
        lineNo++;
        len = 0;
        while (c >= 0 && c != '\n') {
            if (len == line.length) {
                if (len >= MAX_LINE) throw error("line longer than " + MAX_LINE + " bytes");
                line = java.util.Arrays.copyOf(line, len * 2);
            }
            line[len++] = (byte) c;
            c = src.read();
        }
        if (len > 0 && line[len - 1] == '\r') len--;
        p = 0;
        return true;
    }

    final TraceFormatException error(String problem) {
        return new TraceFormatException(src.name, lineNo, problem);
    }

    final void skipBlanks() {
        while (p < len && (line[p] == ' ' || line[p] == '\t')) p++;
    }

    /** True if, after blanks, the line ends or a comment starts. */
    final boolean atEnd() {
        skipBlanks();
        return p >= len || line[p] == '#';
    }

    static boolean isDelim(byte c) {
        return c == ' ' || c == '\t' || c == '#';
    }

    final String tokenText(int start) {
        int e = start;
        while (e < len && !isDelim(line[e]) && line[e] != ',') e++;
        String s = new String(line, start, e - start, StandardCharsets.ISO_8859_1);
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    /**
     * Parses a hex token at the cursor (optional 0x prefix) into {@link #value}, ending at a blank,
     * '#', end of line or {@code stop}. Checks the width against key_bits.
     */
    final void parseHex(String what, char stop) throws TraceFormatException {
        skipBlanks();
        int start = p;
        if (p + 1 < len && line[p] == '0' && (line[p + 1] == 'x' || line[p + 1] == 'X')) p += 2;
        int digitsStart = p;
        long v = 0;
        int sig = 0; // significant hex digits so far
        while (p < len && !isDelim(line[p]) && line[p] != stop) {
            int d = Character.digit(line[p], 16);
            if (d < 0 || line[p] < 0) throw error("bad hex " + what + " '" + tokenText(start) + "'");
            if (sig > 0 || d != 0) sig++;
            if (sig > 16) throw error(what + " '" + tokenText(start) + "' is wider than 64 bits");
            v = (v << 4) | d;
            p++;
        }
        if (p == digitsStart) {
            if (p == start && (p >= len || line[p] == '#')) throw error("missing " + what);
            throw error("bad hex " + what + " '" + tokenText(start) + "'");
        }
        if (!opt.fits(v)) {
            throw error(what + " " + hex(v) + " is wider than key_bits=" + opt.keyBits());
        }
        value = v;
    }

    /** Parses a non-negative decimal token into {@link #value}. */
    final void parseDec(String what, char stop) throws TraceFormatException {
        skipBlanks();
        int start = p;
        long v = 0;
        while (p < len && !isDelim(line[p]) && line[p] != stop) {
            int d = line[p] - '0';
            if (d < 0 || d > 9) throw error("bad decimal " + what + " '" + tokenText(start) + "'");
            if (v > (Long.MAX_VALUE - d) / 10) throw error(what + " '" + tokenText(start) + "' is too large");
            v = v * 10 + d;
            p++;
        }
        if (p == start) throw error("missing " + what);
        value = v;
    }

    final void expectEnd() throws TraceFormatException {
        if (!atEnd()) throw error("unexpected extra field '" + tokenText(p) + "'");
    }
}
