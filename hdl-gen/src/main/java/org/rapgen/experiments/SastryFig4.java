package org.rapgen.experiments;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.rapgen.golden.sampler.SamplerSpec;

/**
 * Reproduces Fig. 4 of Sastry et al. (ISCA 2001, §3.3): the mean error of six samplers estimating how often a tuple
 * that makes up 30% of a randomly permuted stream occurs, for stream lengths N = 1,000 ... 20,000, sampling rate
 * r = 10, 2,500 experiments per point (see {@link Fig4Trial} for one experiment). Writes {@code sastry-fig4.csv},
 * {@code sastry-fig4.svg} and the generated block of {@code sastry-fig4.md} into the output folder.
 *
 * <p>The paper does not give the number of strata n of its H[X]_n samplers in this experiment; {@code --strata}
 * sets it for the six-sampler figure, and {@code --sweep} runs H[P] and H[CR] for further n on the same streams.
 * Results depend only on the options (each experiment is seeded from (seed, N, index)), not on {@code --threads}.
 */
public final class SastryFig4 {
    static final double HOT_FRACTION = 0.3;
    static final double TOLERABLE_ERROR = 4.0;
    private static final int CHUNK = 50;

    private SastryFig4() {}

    /** The mean-error curve of one sampler over the N grid. */
    record Curve(String spec, int strata, double[] mean, double[] stderr, int[] undefined) {}

    public static void main(String[] argv) throws Exception {
        Args args = new Args(
                "sastry-fig4",
                argv,
                Args.defaults(
                        "rate",
                        "10",
                        "trials",
                        "2500",
                        "from",
                        "1000",
                        "to",
                        "20000",
                        "step",
                        "1000",
                        "strata",
                        "4",
                        "sweep",
                        "2,8,16,64,256,2048",
                        "seed",
                        "20010630"));
        int rate = args.integer("rate");
        int trials = args.integer("trials");
        int strata = args.integer("strata");
        int threads = args.integer("threads");
        long seed = args.longValue("seed");
        List<Integer> grid = new ArrayList<>();
        for (int n = args.integer("from"); n <= args.integer("to"); n += args.integer("step")) {
            grid.add(n);
        }
        if (grid.isEmpty() || trials < 1 || threads < 1 || args.integer("step") < 1 || grid.get(0) < 1) {
            throw args.fail("need from <= to, step >= 1, from >= 1, trials >= 1 and threads >= 1");
        }

        List<String> specs = new ArrayList<>(List.of(
                "R" + rate,
                "H[R" + rate + "]" + strata,
                "P" + rate,
                "CR" + rate,
                "H[P" + rate + "]" + strata,
                "H[CR" + rate + "]" + strata));
        for (int n : args.integers("sweep")) {
            if (n != strata) {
                specs.add("H[P" + rate + "]" + n);
                specs.add("H[CR" + rate + "]" + n);
            }
        }
        List<SamplerSpec> samplers = new ArrayList<>();
        for (String s : specs) {
            samplers.add(SamplerSpec.parse(s));
        }

        long start = System.nanoTime();
        double[][][] err = run(grid, trials, seed, samplers, threads);
        Duration wall = Duration.ofNanos(System.nanoTime() - start);
        Duration cpu = ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);

        List<String> names = Fig4Trial.curves(samplers);
        List<Curve> curves = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            curves.add(curve(names.get(c), SamplerSpec.parse(names.get(c).split(" ")[0]).strata, err, c));
        }
        Path out = Path.of(args.string("out"));
        Files.createDirectories(out);
        Files.writeString(out.resolve("sastry-fig4.csv"), Fig4Report.csv(grid, trials, curves));
        Files.writeString(out.resolve("sastry-fig4.svg"), Fig4Report.svg(grid, rate, strata, curves.subList(0, 6)));
        String run = String.format(
                Locale.ROOT,
                "`bench/sastry-fig4.sh` (defaults: --rate %d --trials %d --from %d --to %d --step %d --strata %d --sweep %s"
                        + " --seed %d): %d threads, wall %.1f s, CPU %.1f s.",
                rate,
                trials,
                grid.get(0),
                grid.get(grid.size() - 1),
                args.integer("step"),
                strata,
                args.string("sweep"),
                seed,
                threads,
                wall.toMillis() / 1000.0,
                cpu.toMillis() / 1000.0);
        GeneratedBlock.write(
                out.resolve("sastry-fig4.md"),
                "Sastry et al. Fig. 4 reproduced",
                "fig4",
                Fig4Report.markdown(grid, curves, strata, rate, run));
        System.out.println(run);
        System.out.print(Fig4Report.crossings(grid, curves));
    }

    /** err[point][trial][sampler]; experiments are spread over {@code threads} threads in chunks. */
    static double[][][] run(List<Integer> grid, int trials, long seed, List<SamplerSpec> samplers, int threads)
            throws Exception {
        double[][][] err = new double[grid.size()][trials][];
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> jobs = new ArrayList<>();
            for (int p = grid.size() - 1; p >= 0; p--) { // longest streams first, for an even finish
                int point = p;
                int events = grid.get(p);
                int copies = (int) Math.round(HOT_FRACTION * events);
                for (int from = 0; from < trials; from += CHUNK) {
                    int lo = from;
                    int hi = Math.min(trials, from + CHUNK);
                    jobs.add(pool.submit(() -> {
                        for (int t = lo; t < hi; t++) {
                            err[point][t] = Fig4Trial.run(events, copies, SplitMix64.mix(seed, events, t), samplers);
                        }
                    }));
                }
            }
            for (Future<?> j : jobs) {
                j.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return err;
    }

    private static Curve curve(String spec, int strata, double[][][] err, int s) {
        int points = err.length;
        double[] mean = new double[points];
        double[] stderr = new double[points];
        int[] undefined = new int[points];
        for (int p = 0; p < points; p++) {
            double sum = 0;
            double sumSq = 0;
            int k = 0;
            for (double[] trial : err[p]) {
                double e = trial[s];
                if (Double.isNaN(e)) {
                    undefined[p]++;
                } else {
                    sum += e;
                    sumSq += e * e;
                    k++;
                }
            }
            mean[p] = k == 0 ? Double.NaN : sum / k;
            double var = k < 2 ? 0 : (sumSq - sum * sum / k) / (k - 1);
            stderr[p] = k == 0 ? Double.NaN : Math.sqrt(Math.max(var, 0) / k);
        }
        return new Curve(spec, strata, mean, stderr, undefined);
    }
}
