package org.rapgen.experiments;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.rapgen.golden.sampler.LfsrModel;
import org.rapgen.golden.sampler.PhaseParams;
import org.rapgen.golden.sampler.PhaseTable;
import org.rapgen.golden.sampler.PhaseTracker;
import org.rapgen.golden.sampler.SamplerHash;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * Nagpurkar et al.'s Fig. 11 protocol on our traces: the error of an instruction-count profile against the share of
 * intervals sampled, for phase-aware sampling (the phase gate's golden model: the tracker, the phase table, the third
 * interval of each phase; with the hardware's last-phase prediction and with the paper's perfect prediction), periodic
 * sampling and random sampling, and the share each needs to reach at most 5 % error. Writes the generated block of
 * {@code phase-gate.md} in the output folder.
 *
 * <p>A trace is cut into intervals of {@code --len} instructions (the paper's are 10 M instructions of much longer
 * runs). Error: {@code 100 * sum |est(pc) - exact(pc)| / sum exact(pc)} over the instruction addresses. Phase-aware
 * estimate: each phase's sampled interval stands for every interval of that phase (the phase trace is recorded, as
 * the paper's daemon does); a phase never sampled contributes nothing. Periodic and random estimates scale the
 * sampled intervals by (intervals / sampled). The phase-aware share is set by the similarity threshold.
 */
public final class PhaseFig11 {
    static final double TARGET = 5.0;
    static final int[] THRESHOLDS = {1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 70, 100};
    static final int[] PERIODS = {100, 50, 40, 33, 25, 20, 16, 14, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2};

    private PhaseFig11() {}

    /** A trace cut into intervals: per interval its signature and its sparse profile over dense pc numbers. */
    record Intervals(String name, int[][] signatures, int[][] pcs, int[][] counts, long[] exact) {
        int size() {
            return signatures.length;
        }
    }

    /** One point of a curve. */
    record Point(double sampled, double error) {}

    public static void main(String[] argv) throws Exception {
        Args args = new Args(
                "phase-fig11",
                argv,
                Args.defaults("traces", TraceCache.lackeyTraces(), "len", "20000", "random-seeds", "20"));
        int len = args.integer("len");
        int seeds = args.integer("random-seeds");
        PhaseParams d = PhaseParams.defaults();
        PhaseParams base = new PhaseParams(len, d.buckets(), d.threshold(), d.signatures(), d.phases(), d.pick());
        StringBuilder b = new StringBuilder();
        List<double[]> needed = new ArrayList<>();
        b.append(String.format(
                Locale.ROOT,
                "Intervals of %,d instructions; %d-bucket signatures, %d-entry signature table, %d-entry phase table,"
                        + " the third interval of each phase. Random: %d seeds per share.%n%n",
                len,
                base.buckets(),
                base.signatures(),
                base.phases(),
                seeds));
        for (String t : args.string("traces").split(",")) {
            Path trace = Path.of(t.trim());
            if (!Files.exists(trace)) throw args.fail(trace + " does not exist (bench/make-traces.sh makes it)");
            Intervals iv = read(trace, len, base);
            double[] n = report(b, iv, base, seeds);
            needed.add(n);
        }
        b.append("\n| share sampled for at most 5 % error | phase, last-phase prediction | phase, perfect prediction |"
                + " periodic | average random | max random |\n|---|---:|---:|---:|---:|---:|\n");
        double[] mean = new double[5];
        String[] names = args.string("traces").split(",");
        for (int i = 0; i < needed.size(); i++) {
            b.append("| ").append(Path.of(names[i].trim()).getFileName());
            for (int s = 0; s < 5; s++) {
                b.append(" | ").append(share(needed.get(i)[s]));
                mean[s] += Double.isNaN(needed.get(i)[s]) ? 100 : needed.get(i)[s];
            }
            b.append(" |\n");
        }
        b.append("| mean (never = 100 %)");
        for (int s = 0; s < 5; s++) b.append(String.format(Locale.ROOT, " | %.1f %%", mean[s] / needed.size()));
        b.append(" |\n| Nagpurkar et al., Fig. 11 | — | 10 % | 10 % | 20 % | never |\n");
        b.append(String.format(
                Locale.ROOT, "%nCommand: `bench/phase-fig11.sh --len %d --random-seeds %d`.%n", len, seeds));
        GeneratedBlock.write(
                Path.of(args.string("out")).resolve("phase-gate.md"),
                "Nagpurkar's phase gate on our traces",
                "fig11",
                b.toString());
        System.out.print(b);
    }

    private static String share(double v) {
        return Double.isNaN(v) ? "never" : String.format(Locale.ROOT, "%.1f %%", v);
    }

    /** Reads a lackey trace's instruction addresses and cuts them into intervals (a partial last one is dropped). */
    static Intervals read(Path trace, int len, PhaseParams p) throws Exception {
        PhaseTracker sig = new PhaseTracker(p, new SamplerHash(64, SamplerHash.DEFAULT_SEED), new LfsrModel(1));
        Map<Long, Integer> dense = new HashMap<>();
        List<int[]> sigs = new ArrayList<>();
        List<int[]> pcs = new ArrayList<>();
        List<int[]> counts = new ArrayList<>();
        Map<Integer, int[]> cur = new HashMap<>();
        int[] signature = new int[p.buckets()];
        int pos = 0;
        try (TraceReader r = TraceReader.open(trace, null, TraceOptions.keyBits(64), TraceShape.EVENTS)) {
            while (r.next()) {
                long pc = r.key();
                int id = dense.computeIfAbsent(pc, k -> dense.size());
                cur.computeIfAbsent(id, k -> new int[1])[0]++;
                signature[sig.bucket(pc)]++;
                if (++pos == len) {
                    sigs.add(signature);
                    int[] ids = cur.keySet().stream()
                            .mapToInt(Integer::intValue)
                            .sorted()
                            .toArray();
                    int[] cs = new int[ids.length];
                    for (int i = 0; i < ids.length; i++) cs[i] = cur.get(ids[i])[0];
                    pcs.add(ids);
                    counts.add(cs);
                    cur.clear();
                    signature = new int[p.buckets()];
                    pos = 0;
                }
            }
        }
        long[] exact = new long[dense.size()];
        for (int j = 0; j < pcs.size(); j++) {
            for (int i = 0; i < pcs.get(j).length; i++) exact[pcs.get(j)[i]] += counts.get(j)[i];
        }
        return new Intervals(
                trace.getFileName().toString(),
                sigs.toArray(new int[0][]),
                pcs.toArray(new int[0][]),
                counts.toArray(new int[0][]),
                exact);
    }

    /** Appends one trace's curves; returns the shares needed for 5 % (NaN: never) in the summary's column order. */
    private static double[] report(StringBuilder b, Intervals iv, PhaseParams base, int seeds) {
        b.append(String.format(Locale.ROOT, "**%s**: %,d intervals.%n%n", iv.name(), iv.size()));
        b.append("| threshold | phases | last-phase prediction: sampled, error | perfect prediction: sampled, error |\n"
                + "|---:|---:|---:|---:|\n");
        List<Point> predicted = new ArrayList<>();
        List<Point> perfect = new ArrayList<>();
        for (int thr : THRESHOLDS) {
            PhaseParams p =
                    new PhaseParams(base.len(), base.buckets(), thr, base.signatures(), base.phases(), base.pick());
            PhaseTracker tracker =
                    new PhaseTracker(p, new SamplerHash(64, SamplerHash.DEFAULT_SEED), new LfsrModel(0x1234567));
            int[] phase = new int[iv.size()];
            for (int j = 0; j < phase.length; j++) phase[j] = tracker.classify(iv.signatures()[j].clone());
            Point a = phaseAware(iv, phase, p, true);
            Point o = phaseAware(iv, phase, p, false);
            predicted.add(a);
            perfect.add(o);
            b.append(String.format(
                    Locale.ROOT,
                    "| %d %% | %d | %.1f %%, %.2f %% | %.1f %%, %.2f %% |%n",
                    thr,
                    tracker.phases(),
                    a.sampled(),
                    a.error(),
                    o.sampled(),
                    o.error()));
        }
        List<Point> periodic = new ArrayList<>();
        List<Point> avgRandom = new ArrayList<>();
        List<Point> maxRandom = new ArrayList<>();
        b.append("\n| share | periodic error | average random error | max random error |\n|---:|---:|---:|---:|\n");
        for (int k : PERIODS) {
            boolean[] pick = new boolean[iv.size()];
            for (int j = k - 1; j < pick.length; j += k) pick[j] = true;
            Point per = scaled(iv, pick);
            double sum = 0;
            double max = 0;
            for (int s = 0; s < seeds; s++) {
                SplittableRandom rnd = new SplittableRandom(1000L * k + s);
                boolean[] r = new boolean[iv.size()];
                for (int j = 0; j < r.length; j++) r[j] = rnd.nextInt(k) == 0;
                double e = scaled(iv, r).error();
                sum += e;
                max = Math.max(max, e);
            }
            periodic.add(per);
            avgRandom.add(new Point(100.0 / k, sum / seeds));
            maxRandom.add(new Point(100.0 / k, max));
            b.append(String.format(
                    Locale.ROOT,
                    "| %.1f %% | %.2f %% | %.2f %% | %.2f %% |%n",
                    100.0 / k,
                    per.error(),
                    sum / seeds,
                    max));
        }
        b.append('\n');
        return new double[] {needed(predicted), needed(perfect), needed(periodic), needed(avgRandom), needed(maxRandom)
        };
    }

    /** The smallest share sampled among the points at or below the target error (NaN if none). */
    static double needed(List<Point> curve) {
        return curve.stream()
                .filter(p -> p.error() <= TARGET)
                .mapToDouble(Point::sampled)
                .min()
                .orElse(Double.NaN);
    }

    /**
     * Phase-aware sampling: each interval asks the phase table about its predicted phase (the last interval's, or
     * with perfect prediction its own); each phase's first sampled interval represents all intervals of that phase.
     */
    static Point phaseAware(Intervals iv, int[] phase, PhaseParams p, boolean lastPhase) {
        PhaseTable table = new PhaseTable(p.phases(), p.pick(), new LfsrModel(0x7654321));
        Map<Integer, Integer> representative = new HashMap<>();
        int sampled = 0;
        for (int j = 0; j < phase.length; j++) {
            boolean take = lastPhase ? j > 0 && table.decide(phase[j - 1]) : table.decide(phase[j]);
            if (!take) continue;
            sampled++;
            representative.putIfAbsent(phase[j], j);
        }
        double[] est = new double[iv.exact().length];
        for (int j = 0; j < phase.length; j++) {
            Integer rep = representative.get(phase[j]);
            if (rep != null) add(est, iv, rep, 1);
        }
        return new Point(100.0 * sampled / phase.length, error(est, iv.exact()));
    }

    /** Periodic or random sampling: the chosen intervals, scaled by intervals / chosen. */
    static Point scaled(Intervals iv, boolean[] pick) {
        int chosen = 0;
        for (boolean b : pick) if (b) chosen++;
        double[] est = new double[iv.exact().length];
        for (int j = 0; j < pick.length; j++) if (pick[j]) add(est, iv, j, (double) pick.length / chosen);
        return new Point(100.0 * chosen / pick.length, chosen == 0 ? 100 : error(est, iv.exact()));
    }

    private static void add(double[] est, Intervals iv, int j, double weight) {
        int[] ids = iv.pcs()[j];
        int[] cs = iv.counts()[j];
        for (int i = 0; i < ids.length; i++) est[ids[i]] += weight * cs[i];
    }

    static double error(double[] est, long[] exact) {
        double diff = 0;
        double total = 0;
        for (int i = 0; i < exact.length; i++) {
            diff += Math.abs(est[i] - exact[i]);
            total += exact[i];
        }
        return 100 * diff / total;
    }
}
