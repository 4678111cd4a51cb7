package org.rapgen.trace;

import java.io.IOException;

/** Output of {@code valgrind --tool=lackey --trace-mem=yes}. */
final class LackeyTraceReader extends LineTraceReader {
    private final TraceOptions.LackeyMode mode;
    private long lastPc;
    private boolean havePc;

    LackeyTraceReader(ByteSource src, TraceOptions opt) {
        super(src, opt);
        this.mode = opt.lackeyMode();
    }

    @Override
    public TraceFormat format() {
        return TraceFormat.LACKEY;
    }

    @Override
    public TraceShape shape() {
        return mode == TraceOptions.LackeyMode.TUPLES || mode == TraceOptions.LackeyMode.LOADS
                ? TraceShape.TUPLES
                : TraceShape.EVENTS;
    }

    @Override
    public boolean next() throws IOException {
        while (readLine()) {
            if (len == 0) continue;
            if (len >= 2 && ((line[0] == '=' && line[1] == '=') || (line[0] == '-' && line[1] == '-'))) continue;
            boolean instr;
            if (len >= 3 && line[0] == 'I' && line[1] == ' ' && line[2] == ' ') {
                instr = true;
            } else if (len >= 3
                    && line[0] == ' '
                    && (line[1] == 'L' || line[1] == 'S' || line[1] == 'M')
                    && line[2] == ' ') {
                instr = false;
            } else {
                if (atEnd()) continue;
                throw error(
                        "not a lackey line (expected 'I  addr,size' or ' L|S|M addr,size'): '" + tokenText(0) + "'");
            }
            p = 3;
            parseHex("address", ',');
            long addr = value;
            if (p >= len || line[p] != ',') throw error("missing ',size' after address");
            p++;
            parseDec("size", '\0');
            expectEnd();
            if (instr) {
                lastPc = addr;
                havePc = true;
                if (mode == TraceOptions.LackeyMode.INSTR) {
                    a = addr;
                    b = 1;
                    records++;
                    return true;
                }
            } else if (mode == TraceOptions.LackeyMode.DATA) {
                a = addr;
                b = 1;
                records++;
                return true;
            } else if (mode == TraceOptions.LackeyMode.TUPLES || mode == TraceOptions.LackeyMode.LOADS) {
                if (mode == TraceOptions.LackeyMode.LOADS && line[1] == 'S') continue;
                if (!havePc) {
                    skipped++;
                    continue;
                }
                a = lastPc;
                b = addr;
                records++;
                return true;
            }
        }
        return false;
    }
}
