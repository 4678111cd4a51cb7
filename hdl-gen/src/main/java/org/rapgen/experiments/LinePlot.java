package org.rapgen.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A minimal deterministic SVG line chart: linear axes from 0, series with markers, dashed reference lines and a legend.
 * Every number is printed with a fixed format in {@link Locale#ROOT}, so equal inputs give byte-identical files.
 */
final class LinePlot {
    /** One curve; {@code dash} is an SVG stroke-dasharray, or empty for a solid line. */
    record Series(String label, String color, String dash, double[] x, double[] y) {}

    private record Reference(boolean horizontal, double at, String label) {}

    private static final int WIDTH = 820;
    private static final int HEIGHT = 500;
    private static final int LEFT = 70;
    private static final int RIGHT = 210;
    private static final int TOP = 40;
    private static final int BOTTOM = 60;
    /** Longer series are drawn without point markers. */
    private static final int MAX_MARKERS = 60;

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final double xMax;
    private final double yMax;
    private final double xTick;
    private final double yTick;
    private final List<Series> series = new ArrayList<>();
    private final List<Reference> references = new ArrayList<>();

    LinePlot(String title, String xLabel, String yLabel, double xMax, double xTick, double yMax, double yTick) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.xMax = xMax;
        this.xTick = xTick;
        this.yMax = yMax;
        this.yTick = yTick;
    }

    void add(Series s) {
        series.add(s);
    }

    /** A dashed grey line across the plot at y = {@code at}. */
    void horizontal(double at, String label) {
        references.add(new Reference(true, at, label));
    }

    /** A dashed grey line up the plot at x = {@code at}. */
    void vertical(double at, String label) {
        references.add(new Reference(false, at, label));
    }

    private double px(double x) {
        return LEFT + (WIDTH - LEFT - RIGHT) * x / xMax;
    }

    private double py(double y) {
        return HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * Math.min(y, yMax) / yMax;
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%d", (long) v) : String.format(Locale.ROOT, "%g", v);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    String svg() {
        StringBuilder b = new StringBuilder();
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(HEIGHT)
                .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        b.append("<text x=\"")
                .append(f(WIDTH / 2.0 - RIGHT / 2.0))
                .append("\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">")
                .append(esc(title))
                .append("</text>\n");
        axes(b);
        for (Reference r : references) {
            reference(b, r);
        }
        for (Series s : series) {
            curve(b, s);
        }
        legend(b);
        b.append("</svg>\n");
        return b.toString();
    }

    private void axes(StringBuilder b) {
        double x0 = px(0);
        double y0 = py(0);
        for (double x = 0; x <= xMax + 1e-9; x += xTick) {
            b.append("<line x1=\"")
                    .append(f(px(x)))
                    .append("\" y1=\"")
                    .append(f(py(0)))
                    .append("\" x2=\"")
                    .append(f(px(x)))
                    .append("\" y2=\"")
                    .append(f(py(yMax)))
                    .append("\" stroke=\"#eeeeee\"/>\n");
            b.append("<text x=\"")
                    .append(f(px(x)))
                    .append("\" y=\"")
                    .append(f(y0 + 18))
                    .append("\" text-anchor=\"middle\">")
                    .append(num(x))
                    .append("</text>\n");
        }
        for (double y = 0; y <= yMax + 1e-9; y += yTick) {
            b.append("<line x1=\"")
                    .append(f(px(0)))
                    .append("\" y1=\"")
                    .append(f(py(y)))
                    .append("\" x2=\"")
                    .append(f(px(xMax)))
                    .append("\" y2=\"")
                    .append(f(py(y)))
                    .append("\" stroke=\"#eeeeee\"/>\n");
            b.append("<text x=\"")
                    .append(f(x0 - 8))
                    .append("\" y=\"")
                    .append(f(py(y) + 4))
                    .append("\" text-anchor=\"end\">")
                    .append(num(y))
                    .append("</text>\n");
        }
        b.append("<path d=\"M")
                .append(f(x0))
                .append(' ')
                .append(f(py(yMax)))
                .append(" L")
                .append(f(x0))
                .append(' ')
                .append(f(y0))
                .append(" L")
                .append(f(px(xMax)))
                .append(' ')
                .append(f(y0))
                .append("\" fill=\"none\" stroke=\"black\"/>\n");
        b.append("<text x=\"")
                .append(f((px(0) + px(xMax)) / 2))
                .append("\" y=\"")
                .append(HEIGHT - 18)
                .append("\" text-anchor=\"middle\">")
                .append(esc(xLabel))
                .append("</text>\n");
        b.append("<text transform=\"translate(18 ")
                .append(f((py(0) + py(yMax)) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">")
                .append(esc(yLabel))
                .append("</text>\n");
    }

    private void reference(StringBuilder b, Reference r) {
        double x1 = r.horizontal ? px(0) : px(r.at);
        double x2 = r.horizontal ? px(xMax) : px(r.at);
        double y1 = r.horizontal ? py(r.at) : py(0);
        double y2 = r.horizontal ? py(r.at) : py(yMax);
        b.append("<line x1=\"")
                .append(f(x1))
                .append("\" y1=\"")
                .append(f(y1))
                .append("\" x2=\"")
                .append(f(x2))
                .append("\" y2=\"")
                .append(f(y2))
                .append("\" stroke=\"#888888\" stroke-dasharray=\"2 4\"/>\n");
        double tx = r.horizontal ? px(xMax) - 4 : px(r.at) + 4;
        double ty = r.horizontal ? py(r.at) - 4 : py(yMax) + 12;
        b.append("<text x=\"")
                .append(f(tx))
                .append("\" y=\"")
                .append(f(ty))
                .append("\" fill=\"#555555\" font-size=\"11\"")
                .append(r.horizontal ? " text-anchor=\"end\"" : "")
                .append('>')
                .append(esc(r.label))
                .append("</text>\n");
    }

    private void curve(StringBuilder b, Series s) {
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < s.x.length; i++) {
            d.append(i == 0 ? "M" : " L").append(f(px(s.x[i]))).append(' ').append(f(py(s.y[i])));
        }
        b.append("<path d=\"")
                .append(d)
                .append("\" fill=\"none\" stroke=\"")
                .append(s.color)
                .append("\" stroke-width=\"1.5\"");
        if (!s.dash.isEmpty()) {
            b.append(" stroke-dasharray=\"").append(s.dash).append('"');
        }
        b.append("/>\n");
        for (int i = 0; s.x.length <= MAX_MARKERS && i < s.x.length; i++) {
            b.append("<circle cx=\"")
                    .append(f(px(s.x[i])))
                    .append("\" cy=\"")
                    .append(f(py(s.y[i])))
                    .append("\" r=\"2.5\" fill=\"")
                    .append(s.color)
                    .append("\"/>\n");
        }
    }

    private void legend(StringBuilder b) {
        double x = WIDTH - RIGHT + 20;
        double y = TOP + 10;
        for (Series s : series) {
            b.append("<line x1=\"")
                    .append(f(x))
                    .append("\" y1=\"")
                    .append(f(y))
                    .append("\" x2=\"")
                    .append(f(x + 28))
                    .append("\" y2=\"")
                    .append(f(y))
                    .append("\" stroke=\"")
                    .append(s.color)
                    .append("\" stroke-width=\"1.5\"");
            if (!s.dash.isEmpty()) {
                b.append(" stroke-dasharray=\"").append(s.dash).append('"');
            }
            b.append("/>\n<text x=\"")
                    .append(f(x + 36))
                    .append("\" y=\"")
                    .append(f(y + 4))
                    .append("\">")
                    .append(esc(s.label))
                    .append("</text>\n");
            y += 20;
        }
    }
}
