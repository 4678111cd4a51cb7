package org.rapgen.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.rapgen.experiments.SastryFig4.Curve;

/** The CSV, the SVG plot and the Markdown tables of {@link SastryFig4}. */
final class Fig4Report {
    private Fig4Report() {}

    private static final int[] TABLE_N = {1000, 2000, 3000, 4000, 5000, 6000, 8000, 10000, 12000, 16000, 20000};
    private static final String[] COLORS = {"#d62728", "#d62728", "#1f77b4", "#1f77b4", "#2ca02c", "#2ca02c"};
    private static final String[] DASHES = {"", "6 3", "", "6 3", "", "6 3"};

    static String csv(List<Integer> grid, int trials, List<Curve> curves) {
        StringBuilder b = new StringBuilder("n_events,sampler,strata,trials,mean_error_pct,stderr_pct,undefined\n");
        for (Curve c : curves) {
            for (int p = 0; p < grid.size(); p++) {
                b.append(String.format(
                        Locale.ROOT,
                        "%d,%s,%d,%d,%.4f,%.4f,%d%n",
                        grid.get(p),
                        c.spec(),
                        c.strata(),
                        trials,
                        c.mean()[p],
                        c.stderr()[p],
                        c.undefined()[p]));
            }
        }
        return b.toString();
    }

    static String svg(List<Integer> grid, int rate, int strata, List<Curve> six) {
        double top = 0;
        for (Curve c : six) {
            for (double m : c.mean()) {
                top = Math.max(top, m);
            }
        }
        double yMax = 2 * Math.ceil(top / 2);
        LinePlot plot = new LinePlot(
                String.format(Locale.ROOT, "Mean error estimating a 30%% tuple, r = %d, n = %d strata", rate, strata),
                "stream length N",
                "mean ERR (%)",
                grid.get(grid.size() - 1),
                2000,
                yMax,
                yMax > 20 ? 4 : 2);
        plot.horizontal(SastryFig4.TOLERABLE_ERROR, "4% tolerable error");
        plot.vertical(4600, "paper: H[P] 4,600");
        plot.vertical(12000, "paper: R 12,000");
        double[] x = grid.stream().mapToDouble(Integer::doubleValue).toArray();
        for (int i = 0; i < six.size(); i++) {
            plot.add(new LinePlot.Series(
                    six.get(i).spec(), COLORS[i], DASHES[i], x, six.get(i).mean()));
        }
        return plot.svg();
    }

    /**
     * The N from which the mean error stays at or below 4%, interpolated linearly between grid points;
     * -1 if it is below from the first point, +infinity if it ends above.
     */
    static double crossing(List<Integer> grid, double[] mean) {
        int i = mean.length;
        while (i > 0 && mean[i - 1] <= SastryFig4.TOLERABLE_ERROR) {
            i--;
        }
        if (i == mean.length) {
            return Double.POSITIVE_INFINITY;
        }
        if (i == 0) {
            return -1;
        }
        double x0 = grid.get(i - 1);
        double x1 = grid.get(i);
        double y0 = mean[i - 1];
        double y1 = mean[i];
        return x0 + (x1 - x0) * (y0 - SastryFig4.TOLERABLE_ERROR) / (y0 - y1);
    }

    private static String crossingText(List<Integer> grid, double[] mean) {
        double c = crossing(grid, mean);
        if (c < 0) {
            return String.format(Locale.ROOT, "< %,d", grid.get(0));
        }
        if (Double.isInfinite(c)) {
            return String.format(Locale.ROOT, "> %,d", grid.get(grid.size() - 1));
        }
        return String.format(Locale.ROOT, "%,d", Math.round(c / 100.0) * 100);
    }

    static String crossings(List<Integer> grid, List<Curve> curves) {
        StringBuilder b = new StringBuilder();
        for (Curve c : curves) {
            b.append(String.format(Locale.ROOT, "%-14s N for 4%%: %s%n", c.spec(), crossingText(grid, c.mean())));
        }
        return b.toString();
    }

    static String markdown(List<Integer> grid, List<Curve> curves, int strata, int rate, String run) {
        StringBuilder b = new StringBuilder();
        b.append("Run: ").append(run).append("\n\n");
        List<Integer> cols = new ArrayList<>();
        for (int n : TABLE_N) {
            if (grid.contains(n)) {
                cols.add(n);
            }
        }
        b.append(
                "Mean ERR (%) by stream length N; the N from which the mean stays at or below 4% (interpolated), and the same"
                        + " N predicted by the normal approximation of `Fig4Theory`:\n\n");
        b.append("| sampler |");
        for (int n : cols) {
            b.append(String.format(Locale.ROOT, " N=%,d |", n));
        }
        b.append(" N for 4% | predicted |\n|---|");
        b.append("---:|".repeat(cols.size() + 2)).append('\n');
        for (Curve c : tableCurves(curves, strata)) {
            b.append("| ").append(c.spec()).append(" |");
            for (int n : cols) {
                b.append(String.format(Locale.ROOT, " %.2f |", c.mean()[grid.indexOf(n)]));
            }
            b.append(' ')
                    .append(crossingText(grid, c.mean()))
                    .append(" | ")
                    .append(predicted(c, rate))
                    .append(" |\n");
        }
        int last = grid.size() - 1;
        b.append(String.format(
                Locale.ROOT,
                "%nStandard error of each mean: at most %.3f points at N=%,d and %.3f at N=%,d."
                        + " Experiments with EST = 0 (ERR undefined, left out of the mean): %d.%n%n",
                maxStderr(curves, 0),
                grid.get(0),
                maxStderr(curves, last),
                grid.get(last),
                undefined(curves)));

        b.append(
                "Mean error relative to R, averaged over all N (the paper's three classes would show as three levels):\n\n");
        b.append("| sampler | error / error of R | predicted |\n|---|---:|---:|\n");
        double[] r = curves.get(0).mean();
        for (Curve c : tableCurves(curves, strata)) {
            double sum = 0;
            double theory = 0;
            for (int p = 0; p < grid.size(); p++) {
                sum += c.mean()[p] / r[p];
                theory += Fig4Theory.meanError(c.spec(), c.strata(), rate, grid.get(p))
                        / Fig4Theory.meanError(curves.get(0).spec(), 1, rate, grid.get(p));
            }
            b.append(String.format(
                    Locale.ROOT, "| %s | %.3f | %.3f |%n", c.spec(), sum / grid.size(), theory / grid.size()));
        }

        TreeMap<Integer, Curve[]> byStrata = new TreeMap<>();
        for (Curve c : curves) {
            int column = !c.spec().startsWith("H[")
                    ? -1
                    : c.spec().endsWith(" ratio") ? 2 : c.spec().startsWith("H[P") ? 0 : 1;
            if (column >= 0 && !c.spec().startsWith("H[R")) {
                byStrata.computeIfAbsent(c.strata(), k -> new Curve[3])[column] = c;
            }
        }
        int at = grid.contains(5000) ? 5000 : grid.get(grid.size() / 2);
        int ai = grid.indexOf(at);
        b.append(String.format(
                Locale.ROOT, "%nNumber of strata n (the figure above uses n = %d), same streams:%n%n", strata));
        b.append(String.format(
                Locale.ROOT,
                "| n | H[P] N for 4%% (predicted) | H[CR] N for 4%% (predicted) | H[CR] ratio N for 4%%"
                        + " (predicted) | H[P] ERR at N=%,d | H[CR] ERR at N=%,d |%n",
                at,
                at));
        b.append("|---:|---:|---:|---:|---:|---:|\n");
        for (var e : byStrata.entrySet()) {
            Curve p = e.getValue()[0];
            Curve cr = e.getValue()[1];
            Curve ratio = e.getValue()[2];
            b.append(String.format(
                    Locale.ROOT,
                    "| %d | %s (%s) | %s (%s) | %s (%s) | %.2f | %.2f |%n",
                    e.getKey(),
                    crossingText(grid, p.mean()),
                    predicted(p, rate),
                    crossingText(grid, cr.mean()),
                    predicted(cr, rate),
                    crossingText(grid, ratio.mean()),
                    predicted(ratio, rate),
                    p.mean()[ai],
                    cr.mean()[ai]));
        }
        return b.toString();
    }

    /** The six samplers of the figure, then the ratio estimates of CR and of H[CR] with the figure's n. */
    private static List<Curve> tableCurves(List<Curve> curves, int strata) {
        List<Curve> out = new ArrayList<>(curves.subList(0, 6));
        for (Curve c : curves) {
            if (c.spec().endsWith(" ratio") && (c.strata() == 1 || c.strata() == strata)) {
                out.add(c);
            }
        }
        return out;
    }

    private static String predicted(Curve c, int rate) {
        return String.format(
                Locale.ROOT,
                "%,d",
                Math.round(Fig4Theory.crossing(c.spec(), c.strata(), rate, SastryFig4.TOLERABLE_ERROR) / 100.0) * 100);
    }

    private static double maxStderr(List<Curve> curves, int point) {
        double m = 0;
        for (Curve c : curves) {
            m = Math.max(m, c.stderr()[point]);
        }
        return m;
    }

    private static int undefined(List<Curve> curves) {
        int u = 0;
        for (Curve c : curves) {
            for (int v : c.undefined()) {
                u += v;
            }
        }
        return u;
    }
}
