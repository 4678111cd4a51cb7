package org.rapgen.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * The hot ranges as a self-contained SVG, after the paper's two pictures of them:
 * <ul>
 *   <li>top, as Fig. 12: the horizontal axis is the whole key space 0..2^K-1, each hot range a box at its position
 *       and width, one row lower per level of nesting, numbered like the paper's "nodes 1-4" (ranges narrower than
 *       two pixels are drawn two pixels wide so they stay visible);</li>
 *   <li>below, as Fig. 7: the hot ranges as a tree (indented under the hot range they lie in), each with its min and
 *       max and a bar as long as its share of n.</li>
 * </ul>
 * Every range is one {@code <g class="hot-range">} holding both its drawings, a tooltip and {@code data-*}
 * attributes. The output depends only on its inputs (no time stamps, {@link Locale#ROOT} numbers).
 */
final class HotRangeSvg {
    private static final int WIDTH = 960;
    private static final int MARGIN = 16;
    private static final int ROW = 24;
    private static final int AXIS_WIDTH = WIDTH - 2 * MARGIN;
    private static final int BAR_X = 470;
    private static final int BAR_MAX = 380;
    private static final int INDENT = 18;
    /** Tableau 10: distinct, print-safe colours; a range has the same colour in both drawings. */
    private static final String[] COLOURS = {
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"
    };

    private HotRangeSvg() {}

    static void write(HotRangeView view, String title, String subtitle, Writer out) throws IOException {
        int levels = view.maxDepth() + 1;
        int positionTop = 92;
        int axisY = positionTop + Math.max(levels, 1) * ROW + 4;
        int treeTop = axisY + 70;
        int footerY = treeTop + Math.max(view.rows.size(), 1) * ROW + 18;
        int height = footerY + 16;

        StringBuilder s = new StringBuilder();
        s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        s.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                        + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
                WIDTH,
                height,
                WIDTH,
                height));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", WIDTH, height));
        text(s, MARGIN, 26, "font-size=\"16\" font-weight=\"bold\"", title);
        text(s, MARGIN, 46, "fill=\"#444\"", subtitle);
        text(
                s,
                MARGIN,
                positionTop - 12,
                "font-weight=\"bold\"",
                "Position in the key space (nested ranges one row lower)");
        axis(s, view, axisY);
        double longest =
                view.rows.stream().mapToDouble(HotRangeView.Row::share).max().orElse(1.0);
        text(
                s,
                MARGIN,
                treeTop - 20,
                "font-weight=\"bold\"",
                "Share of n (H(v): a range's weight without the hot ranges " + "inside it"
                        + (view.rows.isEmpty()
                                ? ")"
                                : "; bars to scale, longest " + HotRangeTable.percent(longest) + ")"));
        if (view.rows.isEmpty()) text(s, MARGIN, treeTop + 14, "fill=\"#444\"", "no hot ranges");
        double[] labelEnd = new double[Math.max(levels, 1)];
        for (HotRangeView.Row r : view.rows) range(s, view, r, positionTop, treeTop, labelEnd, BAR_MAX / longest);
        text(
                s,
                MARGIN,
                footerY,
                "fill=\"#444\"",
                "hot ranges hold " + HotRangeTable.percent(view.coveredShare())
                        + " of n; the rest lies in ranges below the threshold");
        s.append("</svg>\n");
        out.write(s.toString());
    }

    private static void axis(StringBuilder s, HotRangeView view, int y) {
        s.append(String.format(
                Locale.ROOT,
                "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n",
                MARGIN,
                y,
                MARGIN + AXIS_WIDTH,
                y));
        for (int q = 0; q <= 4; q++) {
            double x = MARGIN + AXIS_WIDTH * q / 4.0;
            // The quarter points of the key space: q * 2^(K-2), and 2^K - 1 at the right end.
            long key = q == 4 ? -1L >>> (64 - view.keyBits) : (long) q << (view.keyBits - 2);
            String anchor = q == 0 ? "start" : q == 4 ? "end" : "middle";
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>\n",
                    x,
                    y,
                    x,
                    y + 5));
            text(s, x, y + 18, "text-anchor=\"" + anchor + "\" font-family=\"monospace\"", view.hex(key));
        }
    }

    /**
     * @param labelEnd per row of the position panel, where the last number label ends: a label that would overlap it
     *                 moves right, so neighbouring narrow ranges read as a list of numbers
     * @param barScale pixels per unit of share
     */
    private static void range(
            StringBuilder s,
            HotRangeView view,
            HotRangeView.Row r,
            int positionTop,
            int treeTop,
            double[] labelEnd,
            double barScale) {
        String colour = COLOURS[(r.rank() - 1) % COLOURS.length];
        String span = view.hex(r.lo()) + "–" + view.hex(r.hi());
        s.append(String.format(
                Locale.ROOT,
                "<g class=\"hot-range\" data-rank=\"%d\" data-lo=\"%s\" data-hi=\"%s\" "
                        + "data-len=\"%d\" data-h=\"%s\" data-share=\"%.6f\">\n",
                r.rank(),
                view.hex(r.lo()),
                view.hex(r.hi()),
                r.len(),
                Long.toUnsignedString(r.estimate()),
                r.share()));
        s.append("<title>")
                .append(escape(String.format(
                        Locale.ROOT,
                        "#%d %s (len %d): H = %s, %s of n",
                        r.rank(),
                        span,
                        r.len(),
                        Long.toUnsignedString(r.estimate()),
                        HotRangeTable.percent(r.share()))))
                .append("</title>\n");

        // Fig. 12: position and width in the key space; width 2^(K-len) of 2^K keys is exactly 2^-len of the axis.
        double x = MARGIN + AXIS_WIDTH * HotRangeView.unsigned(r.lo()) / Math.scalb(1.0, view.keyBits);
        double w = Math.max(2.0, AXIS_WIDTH * Math.scalb(1.0, -r.len()));
        int y = positionTop + r.depth() * ROW;
        s.append(String.format(
                Locale.ROOT,
                "<rect class=\"position\" x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" "
                        + "fill=\"%s\" fill-opacity=\"0.55\" stroke=\"%s\"/>\n",
                x,
                y,
                w,
                ROW - 6,
                colour,
                colour));
        String number = Integer.toString(r.rank());
        double labelX = Math.max(w >= 24 ? x + 4 : x + w + 3, labelEnd[r.depth()] + 4);
        labelEnd[r.depth()] = labelX + 8 * number.length();
        text(s, labelX, y + ROW - 10, "font-weight=\"bold\"", number);

        // Fig. 7: the tree of hot ranges with min, max and share.
        int rowY = treeTop + (r.rank() - 1) * ROW;
        int treeX = MARGIN + r.depth() * INDENT;
        if (r.parent() > 0) {
            int parentX = MARGIN + (r.depth() - 1) * INDENT + 6;
            int parentBottom = treeTop + (r.parent() - 1) * ROW + 4;
            s.append(String.format(
                    Locale.ROOT,
                    "<path class=\"nesting\" d=\"M%d %d V%d H%d\" fill=\"none\" " + "stroke=\"#888\"/>\n",
                    parentX,
                    parentBottom,
                    rowY + 9,
                    treeX - 2));
        }
        text(s, treeX, rowY + 13, "font-family=\"monospace\"", "#" + r.rank() + " " + span + " /" + r.len());
        double bar = Math.max(1.0, barScale * r.share());
        s.append(String.format(
                Locale.ROOT,
                "<rect class=\"share\" x=\"%d\" y=\"%d\" width=\"%.2f\" height=\"%d\" " + "fill=\"%s\"/>\n",
                BAR_X,
                rowY + 2,
                bar,
                ROW - 8,
                colour));
        String note = view.notes.isEmpty() ? "" : view.notes.get(r.rank() - 1);
        text(s, BAR_X + bar + 6, rowY + 13, "", HotRangeTable.percent(r.share()) + (note.isEmpty() ? "" : "  " + note));
        s.append("</g>\n");
    }

    private static void text(StringBuilder s, double x, double y, String attrs, String content) {
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%.2f\" y=\"%.2f\"%s>%s</text>\n",
                x,
                y,
                attrs.isEmpty() ? "" : " " + attrs,
                escape(content)));
    }

    static String escape(String t) {
        return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
