package org.rapgen.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The hot ranges as an aligned text table, one range per line in (lo, len) order. A range nested in another hot range
 * is indented under it; columns stay whitespace-separated, so {@code awk} reads them unchanged.
 */
final class HotRangeTable {
    private static final String[] HEAD = {"#", "lo", "hi", "len", "H(v)", "share"};
    private static final boolean[] RIGHT = {true, false, false, true, true, true};
    /** With notes: a last, left-aligned column. */
    private static final String[] NOTED_HEAD = {"#", "lo", "hi", "len", "H(v)", "share", "holds"};

    private HotRangeTable() {}

    static void print(HotRangeView view, PrintStream out) {
        out.printf(Locale.ROOT, "hot ranges: H(v) >= %s of n = %s%n", percent(view.h), Long.toUnsignedString(view.n));
        if (view.rows.isEmpty()) {
            out.println("  (none)");
            return;
        }
        boolean noted = !view.notes.isEmpty();
        List<String[]> lines = new ArrayList<>();
        lines.add(noted ? NOTED_HEAD : HEAD);
        for (HotRangeView.Row r : view.rows) {
            String[] cells = {
                Integer.toString(r.rank()),
                "  ".repeat(r.depth()) + view.hex(r.lo()),
                view.hex(r.hi()),
                Integer.toString(r.len()),
                Long.toUnsignedString(r.estimate()),
                percent(r.share())
            };
            if (noted) {
                cells = java.util.Arrays.copyOf(cells, NOTED_HEAD.length);
                cells[cells.length - 1] = view.notes.get(r.rank() - 1);
            }
            lines.add(cells);
        }
        int[] width = new int[lines.get(0).length];
        for (String[] l : lines) {
            for (int c = 0; c < l.length; c++) width[c] = Math.max(width[c], l[c].length());
        }
        for (String[] l : lines) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < l.length; c++) {
                String pad = " ".repeat(width[c] - l[c].length());
                sb.append(c == 0 ? "" : "  ").append(c < RIGHT.length && RIGHT[c] ? pad + l[c] : l[c] + pad);
            }
            out.println(sb.toString().stripTrailing());
        }
        out.printf(Locale.ROOT, "hot ranges hold %s of n%n", percent(view.coveredShare()));
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }
}
