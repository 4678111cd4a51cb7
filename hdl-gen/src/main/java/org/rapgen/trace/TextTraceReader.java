package org.rapgen.trace;

import java.io.IOException;

/** {@code <hex key> [<decimal weight>]} events or {@code <hex pc> <hex w>} tuples, one per line. */
final class TextTraceReader extends LineTraceReader {
    private final TraceShape shape;

    TextTraceReader(ByteSource src, TraceOptions opt, TraceShape shape) {
        super(src, opt);
        this.shape = shape;
    }

    @Override
    public TraceFormat format() {
        return shape == TraceShape.EVENTS ? TraceFormat.TEXT_EVENTS : TraceFormat.TEXT_TUPLES;
    }

    @Override
    public TraceShape shape() {
        return shape;
    }

    @Override
    public boolean next() throws IOException {
        while (readLine()) {
            if (atEnd()) continue;
            if (shape == TraceShape.EVENTS) {
                parseHex("key", '\0');
                long key = value;
                long weight = 1;
                if (!atEnd()) {
                    parseDec("weight", '\0');
                    weight = value;
                    if (weight < 1) throw error("weight must be >= 1, got " + weight);
                }
                expectEnd();
                a = key;
                b = weight;
            } else {
                parseHex("pc", '\0');
                long pc = value;
                if (atEnd()) throw error("missing w (tuple lines are '<hex pc> <hex w>')");
                parseHex("w", '\0');
                expectEnd();
                a = pc;
                b = value;
            }
            records++;
            return true;
        }
        return false;
    }
}
