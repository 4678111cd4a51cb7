package org.rapgen.cli;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.rapgen.golden.rap.HotRange;
import org.rapgen.golden.rap.RapNode;

/**
 * Hot ranges as the table and the picture show them: in (prefix, len) order, numbered from 1, each with its nesting
 * depth among the hot ranges (0 = inside no other hot range) and its share of n. Because H(v) leaves out the weight
 * of hot sub-ranges, the shares of nested ranges add up, as in the paper's Fig. 7 ("[0,fe] excluding [0,e]").
 */
final class HotRangeView {
    /** One hot range; {@code parent} is the rank of the hot range it lies in (0: none); lo and hi are unsigned. */
    record Row(int rank, int parent, int depth, long lo, long hi, int len, long estimate, double share) {}

    final int keyBits;
    final long n;
    final double h;
    final List<Row> rows;
    /** A note per row (what the range holds, e.g. the functions of a pc range), or empty: no notes. */
    final List<String> notes;

    HotRangeView(List<HotRange> hot, int keyBits, long n, double h) {
        this(hot, keyBits, n, h, List.of());
    }

    HotRangeView(List<HotRange> hot, int keyBits, long n, double h, List<String> notes) {
        if (!notes.isEmpty() && notes.size() != hot.size())
            throw new IllegalArgumentException(notes.size() + " notes for " + hot.size() + " hot ranges");
        this.notes = List.copyOf(notes);
        this.keyBits = keyBits;
        this.n = n;
        this.h = h;
        List<Row> out = new ArrayList<>();
        Deque<Row> open = new ArrayDeque<>(); // hot ancestors of the current range, innermost first
        for (HotRange r : hot) {
            RapNode v = r.node();
            while (!open.isEmpty()
                    && Long.compareUnsigned(v.prefix(), open.peek().hi()) > 0) open.pop();
            Row row = new Row(
                    out.size() + 1,
                    open.isEmpty() ? 0 : open.peek().rank(),
                    open.size(),
                    v.prefix(),
                    v.lastKey(keyBits),
                    v.len(),
                    r.estimate(),
                    ratio(r.estimate(), n));
            out.add(row);
            open.push(row);
        }
        rows = List.copyOf(out);
    }

    /** The deepest nesting level, -1 when nothing is hot. */
    int maxDepth() {
        return rows.stream().mapToInt(Row::depth).max().orElse(-1);
    }

    /** Share of n that the hot ranges account for together. */
    double coveredShare() {
        return rows.stream().mapToDouble(Row::share).sum();
    }

    String hex(long v) {
        return String.format("%0" + keyBits / 4 + "x", v);
    }

    /** x / n for unsigned 64-bit values, as a double. */
    static double ratio(long x, long n) {
        return n == 0 ? 0 : unsigned(x) / unsigned(n);
    }

    static double unsigned(long v) {
        return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
    }
}
