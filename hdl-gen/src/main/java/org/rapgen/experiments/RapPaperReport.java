package org.rapgen.experiments;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import org.rapgen.experiments.RapTraceRun.Result;

/** The CSV, the tree-size plot and the Markdown tables of {@link RapPaper}. */
final class RapPaperReport {
    private RapPaperReport() {}

    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"
    };

    static String csv(List<Result> results, double hot) {
        StringBuilder b =
                new StringBuilder("trace,profile,key_bits,model,eps,hot,events,updates,distinct_keys,max_nodes,"
                        + "max_nodes_after_warmup,avg_nodes,hot_ranges,avg_error_pct,max_error_pct,splits,merges,deferred_splits,overflow,"
                        + "saturations\n");
        for (Result r : results) {
            var s = r.status();
            b.append(String.format(
                    Locale.ROOT,
                    "%s,%s,%d,%s,%.2f,%.2f,%d,%d,%d,%d,%d,%.1f,%d,%.3f,%.3f,%d,%d,%d,%d,%d%n",
                    r.trace(),
                    r.profile(),
                    r.keyBits(),
                    r.config().label(),
                    r.config().eps(),
                    hot,
                    r.events(),
                    s.updates(),
                    r.distinctKeys(),
                    s.highWaterNodes(),
                    r.maxNodesAfterWarmup(),
                    r.averageNodes(),
                    r.hotRanges(),
                    100 * r.averageError(),
                    100 * r.maxError(),
                    s.splits(),
                    s.merges(),
                    s.deferredSplits(),
                    s.overflow() ? 1 : 0,
                    s.saturations()));
        }
        return b.toString();
    }

    /** Tree size over the run (the paper's Fig. 9): instruction addresses, eps = 10%, unbounded model. */
    static String nodesPlot(List<Result> results, int sampleEvery) {
        List<Result> shown = unbounded(results, "instr", 0.10, RapPaper.BITS_PER_LEVEL);
        double xMax = 0;
        double yMax = 0;
        for (Result r : shown) {
            xMax = Math.max(xMax, r.events() / 1e6);
            for (long v : r.nodesOverTime()) {
                yMax = Math.max(yMax, v);
            }
        }
        xMax = 5 * Math.ceil(xMax / 5);
        yMax = 100 * Math.ceil(yMax / 100);
        LinePlot plot = new LinePlot(
                "RAP tree size over the run: instruction addresses, eps = 10%",
                "events (millions)", "nodes", xMax, 5, yMax, yMax > 500 ? 100 : 50);
        for (int i = 0; i < shown.size(); i++) {
            long[] v = shown.get(i).nodesOverTime();
            double[] x = new double[v.length];
            double[] y = new double[v.length];
            for (int j = 0; j < v.length; j++) {
                x[j] = (j + 1.0) * sampleEvery / 1e6;
                y[j] = v[j];
            }
            plot.add(new LinePlot.Series(shown.get(i).trace(), COLORS[i % COLORS.length], "", x, y));
        }
        return plot.svg();
    }

    /** The results of one model configuration on one profile, in trace order; nodeSlots 0 = unbounded. */
    static List<Result> select(List<Result> results, String profile, double eps, int bitsPerLevel, int nodeSlots) {
        List<Result> out = new ArrayList<>();
        for (Result r : results) {
            var c = r.config();
            if (r.profile().equals(profile)
                    && c.eps() == eps
                    && c.bitsPerLevel() == bitsPerLevel
                    && c.nodeSlots() == nodeSlots) {
                out.add(r);
            }
        }
        return out;
    }

    private static List<Result> unbounded(List<Result> results, String profile, double eps, int bitsPerLevel) {
        return select(results, profile, eps, bitsPerLevel, 0);
    }

    private static List<Result> unbounded(List<Result> results, String profile, double eps) {
        return unbounded(results, profile, eps, RapPaper.BITS_PER_LEVEL);
    }

    private static Result find(
            List<Result> results, String trace, String profile, double eps, int bitsPerLevel, int nodeSlots) {
        for (Result r : select(results, profile, eps, bitsPerLevel, nodeSlots)) {
            if (r.trace().equals(trace)) {
                return r;
            }
        }
        throw new IllegalStateException("no result for " + trace + " " + profile + " eps " + eps);
    }

    private static Result find(List<Result> results, String trace, String profile, double eps) {
        return find(results, trace, profile, eps, RapPaper.BITS_PER_LEVEL, 0);
    }

    static String markdown(List<Result> results, long warmup, String run) {
        Set<String> traces = new LinkedHashSet<>();
        Set<Integer> slots = new TreeSet<>();
        for (Result r : results) {
            traces.add(r.trace());
            if (r.config().nodeSlots() != 0) {
                slots.add(r.config().nodeSlots());
            }
        }
        StringBuilder b = new StringBuilder("Run: ").append(run).append("\n\n");
        b.append(String.format(
                Locale.ROOT,
                "Memory (§5.2, Fig. 8), unbounded model: the maximum tree size (the largest size just"
                        + " before a merge) over%nthe run and, in brackets, after the first %,d events; the average size over the run (read"
                        + " after every event).%nIn nodes. Branching 16 (k = 4), M0 = 1024, q = 2.%n%n",
                warmup));
        b.append(
                "| trace | profile | K | events | distinct keys | max, eps=10% | avg, eps=10% | max, eps=1% | avg, eps=1% |\n");
        b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        rows(
                b,
                traces,
                results,
                (a, c) -> String.format(
                        Locale.ROOT,
                        "| %s | %s | %d | %,d | %,d | %d (%d) | %.0f | %d (%d) | %.0f |%n",
                        a.trace(),
                        a.profile(),
                        a.keyBits(),
                        a.events(),
                        a.distinctKeys(),
                        a.status().highWaterNodes(),
                        a.maxNodesAfterWarmup(),
                        a.averageNodes(),
                        c.status().highWaterNodes(),
                        c.maxNodesAfterWarmup(),
                        c.averageNodes()));
        b.append(
                "\nHot-range error (§5.3, Fig. 10), unbounded model, h = 10%: the number of hot ranges, the average and the maximum\n"
                        + "percentage error of their estimates against the exact profile, and accuracy = 100% - average error.\n\n");
        b.append("| trace | profile | hot, eps=10% | avg err | max err | hot, eps=1% | avg err | max err |\n");
        b.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        rows(
                b,
                traces,
                results,
                (a, c) -> String.format(
                        Locale.ROOT,
                        "| %s | %s | %d | %.2f%% | %.2f%% | %d | %.2f%% | %.2f%% |%n",
                        a.trace(),
                        a.profile(),
                        a.hotRanges(),
                        100 * a.averageError(),
                        100 * a.maxError(),
                        c.hotRanges(),
                        100 * c.averageError(),
                        100 * c.maxError()));
        b.append(
                "\nSummary over the traces beside the paper's figures (the paper profiles basic blocks and load values of SPEC"
                        + " programs;\nhere: instruction and load/store addresses):\n\n");
        b.append("| | ours, instr | paper, code | ours, data | paper, values |\n|---|---:|---:|---:|---:|\n");
        b.append(String.format(
                Locale.ROOT,
                "| largest max nodes, eps=10%% | %d | 453 (gcc); \"500 is sufficient\" | %d | 733 (parser) |%n",
                maxOf(unbounded(results, "instr", 0.10)),
                maxOf(unbounded(results, "data", 0.10))));
        b.append(String.format(
                Locale.ROOT,
                "| largest max nodes after warm-up, eps=10%% | %d | | %d | |%n",
                maxAfterWarmup(unbounded(results, "instr", 0.10)),
                maxAfterWarmup(unbounded(results, "data", 0.10))));
        b.append(String.format(
                Locale.ROOT,
                "| mean of avg nodes, eps=10%% | %.0f | ~450 (\"average 450\") | %.0f | 203 (parser);"
                        + " \"average 300\" |%n",
                meanAvgNodes(unbounded(results, "instr", 0.10)),
                meanAvgNodes(unbounded(results, "data", 0.10))));
        b.append(String.format(
                Locale.ROOT,
                "| mean of avg error, eps=10%% | %.2f%% | ~2%% (98%% accurate) | %.2f%% | 3.4%% (96.6%% accurate) |%n",
                meanError(unbounded(results, "instr", 0.10)),
                meanError(unbounded(results, "data", 0.10))));
        b.append(String.format(
                Locale.ROOT,
                "| largest max error, eps=10%% | %.2f%% | 13.5%% (gcc) | %.2f%% | ~20%% (vortex) |%n",
                maxError(unbounded(results, "instr", 0.10)),
                maxError(unbounded(results, "data", 0.10))));
        b.append(String.format(
                Locale.ROOT,
                "| mean of avg error, eps=1%% | %.2f%% | | %.2f%% | \"negligible\" |%n",
                meanError(unbounded(results, "instr", 0.01)),
                meanError(unbounded(results, "data", 0.01))));

        b.append(
                "\nBranching factor (§3.2.2's multibit trie), unbounded model, eps = 10%: max / avg nodes for b = 2, 4 and 16.\n\n");
        b.append("| trace | profile | b=2 | b=4 | b=16 |\n|---|---|---:|---:|---:|\n");
        for (String t : traces) {
            for (String p : List.of("instr", "data")) {
                b.append("| ").append(t).append(" | ").append(p).append(" |");
                for (int k : new int[] {1, 2, RapPaper.BITS_PER_LEVEL}) {
                    Result r = find(results, t, p, 0.10, k, 0);
                    b.append(String.format(
                            Locale.ROOT, " %d / %.0f |", r.status().highWaterNodes(), r.averageNodes()));
                }
                b.append('\n');
            }
        }

        b.append(
                "\nHardware-exact model (b = 16, C = 32-bit counters, behind the W = 16 combining queue) with N node slots; the hot-range"
                        + "\nerror is against the exact profile, as above:\n\n");
        b.append(
                "| trace | profile | eps | N | updates after combining | max nodes | deferred splits | overflow | avg err | max err |\n");
        b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int n : slots) {
            for (double eps : RapPaper.EPS) {
                for (String t : traces) {
                    for (String p : List.of("instr", "data")) {
                        Result h = find(results, t, p, eps, RapPaper.BITS_PER_LEVEL, n);
                        var s = h.status();
                        b.append(String.format(
                                Locale.ROOT,
                                "| %s | %s | %.0f%% | %d | %,d | %d | %,d | %s | %.2f%% | %.2f%% |%n",
                                t,
                                p,
                                100 * eps,
                                n,
                                s.updates(),
                                s.highWaterNodes(),
                                s.deferredSplits(),
                                s.overflow() ? "yes" : "no",
                                100 * h.averageError(),
                                100 * h.maxError()));
                    }
                }
            }
        }
        return b.toString();
    }

    static String summary(List<Result> results) {
        StringBuilder b = new StringBuilder();
        for (String p : List.of("instr", "data")) {
            for (double eps : RapPaper.EPS) {
                List<Result> u = unbounded(results, p, eps);
                b.append(String.format(
                        Locale.ROOT,
                        "%-5s eps=%4.0f%%: largest max nodes %d (%d after warm-up), mean avg nodes %.0f,"
                                + " mean avg error %.2f%%, largest max error %.2f%%%n",
                        p,
                        100 * eps,
                        maxOf(u),
                        maxAfterWarmup(u),
                        meanAvgNodes(u),
                        meanError(u),
                        maxError(u)));
            }
        }
        return b.toString();
    }

    private static long maxOf(List<Result> rs) {
        long m = 0;
        for (Result r : rs) {
            m = Math.max(m, r.status().highWaterNodes());
        }
        return m;
    }

    /** Appends one row per trace and profile, made from its unbounded results at eps = 10% and eps = 1%. */
    private static void rows(
            StringBuilder b, Set<String> traces, List<Result> results, BiFunction<Result, Result, String> row) {
        for (String t : traces) {
            for (String p : List.of("instr", "data")) {
                b.append(row.apply(find(results, t, p, 0.10), find(results, t, p, 0.01)));
            }
        }
    }

    private static long maxAfterWarmup(List<Result> rs) {
        long m = 0;
        for (Result r : rs) {
            m = Math.max(m, r.maxNodesAfterWarmup());
        }
        return m;
    }

    private static double meanAvgNodes(List<Result> rs) {
        double s = 0;
        for (Result r : rs) {
            s += r.averageNodes();
        }
        return s / rs.size();
    }

    private static double meanError(List<Result> rs) {
        double s = 0;
        for (Result r : rs) {
            s += r.averageError();
        }
        return 100 * s / rs.size();
    }

    private static double maxError(List<Result> rs) {
        double m = 0;
        for (Result r : rs) {
            m = Math.max(m, r.maxError());
        }
        return 100 * m;
    }
}
