package org.rapgen.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.util.List;
import org.rapgen.golden.rap.HotRange;

/**
 * The hot-range table and SVG of {@code profile}, for commands outside this package ({@code cpu}), with a note per
 * range (the functions a pc range holds) as an extra column and label.
 */
public final class HotRangeReport {
    private HotRangeReport() {}

    public static void printTable(
            List<HotRange> hot, int keyBits, long n, double h, List<String> notes, PrintStream out) {
        HotRangeTable.print(new HotRangeView(hot, keyBits, n, h, notes), out);
    }

    public static void writeSvg(
            List<HotRange> hot,
            int keyBits,
            long n,
            double h,
            List<String> notes,
            String title,
            String subtitle,
            Writer out)
            throws IOException {
        HotRangeSvg.write(new HotRangeView(hot, keyBits, n, h, notes), title, subtitle, out);
    }
}
