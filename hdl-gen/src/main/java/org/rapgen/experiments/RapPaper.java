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
import org.rapgen.experiments.RapTraceRun.Config;
import org.rapgen.experiments.RapTraceRun.Result;
import org.rapgen.trace.TraceOptions.LackeyMode;

/**
 * Mysore et al. (TACO 2008) §5.2-§5.3 on lackey traces made on this machine ({@code bench/make-traces.sh}): for each
 * trace, instruction addresses (K = 32; they fit) and data addresses (K = 64; the stack lies above 2^32), the golden
 * RAP models with branching 16 at eps = 10% and 1%, unbounded and hardware-exact (N slots, 32-bit counters, combining
 * queue), and unbounded with branching 2 and 4 at eps = 10%. Writes
 * {@code rap-paper.csv}, {@code rap-paper-nodes.svg} and the generated block of {@code rap-paper.md}.
 */
public final class RapPaper {
    static final double[] EPS = {0.10, 0.01};
    /** The paper's branching factor 16 (the generator's default is 4); the sensitivity runs also try 2 and 4. */
    static final int BITS_PER_LEVEL = 4;

    private RapPaper() {}

    public static void main(String[] argv) throws Exception {
        String cache = TraceCache.dir();
        Args args = new Args(
                "rap-paper",
                argv,
                Args.defaults(
                        "traces",
                        cache,
                        "names",
                        "gzip,xz,sort,python3,bc",
                        "nodes",
                        "512,4096",
                        "hot",
                        "0.10",
                        "warmup",
                        "65536",
                        "sample-every",
                        "65536"));
        List<Integer> nodes = args.integers("nodes");
        int threads = args.integer("threads");
        int sampleEvery = args.integer("sample-every");
        long warmup = args.longValue("warmup");
        double hot = Double.parseDouble(args.string("hot"));
        List<String> names = List.of(args.string("names").split(","));
        List<Config> configs = new ArrayList<>();
        for (double eps : EPS) {
            configs.add(new Config(eps, BITS_PER_LEVEL, 0, 64, false));
            for (int n : nodes) {
                configs.add(new Config(eps, BITS_PER_LEVEL, n, 32, true));
            }
        }
        configs.add(new Config(EPS[0], 1, 0, 64, false));
        configs.add(new Config(EPS[0], 2, 0, 64, false));
        for (String name : names) {
            if (!Files.isRegularFile(trace(args, name))) {
                throw args.fail("no trace " + trace(args, name) + "; make it with bench/make-traces.sh " + name);
            }
        }

        long start = System.nanoTime();
        List<Result> results = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<Result>>> jobs = new ArrayList<>();
            for (String name : names) {
                Path file = trace(args, name);
                jobs.add(pool.submit(
                        () -> RapTraceRun.run(file, name, LackeyMode.INSTR, 32, hot, configs, warmup, sampleEvery)));
                jobs.add(pool.submit(
                        () -> RapTraceRun.run(file, name, LackeyMode.DATA, 64, hot, configs, warmup, sampleEvery)));
            }
            for (Future<List<Result>> j : jobs) {
                results.addAll(j.get());
            }
        } finally {
            pool.shutdownNow();
        }
        Duration wall = Duration.ofNanos(System.nanoTime() - start);
        Duration cpu = ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);

        Path out = Path.of(args.string("out"));
        Files.createDirectories(out);
        Files.writeString(out.resolve("rap-paper.csv"), RapPaperReport.csv(results, hot));
        Files.writeString(out.resolve("rap-paper-nodes.svg"), RapPaperReport.nodesPlot(results, sampleEvery));
        String run = String.format(
                Locale.ROOT,
                "`bench/rap-paper.sh` (--names %s --nodes %s --hot %s --warmup %d): %d threads,"
                        + " wall %.1f s, CPU %.1f s.",
                args.string("names"),
                args.string("nodes"),
                args.string("hot"),
                warmup,
                threads,
                wall.toMillis() / 1000.0,
                cpu.toMillis() / 1000.0);
        GeneratedBlock.write(
                out.resolve("rap-paper.md"),
                "RAP paper §5.2-§5.3 reproduced",
                "rap-paper",
                RapPaperReport.markdown(results, warmup, run));
        System.out.println(run);
        System.out.print(RapPaperReport.summary(results));
    }

    private static Path trace(Args args, String name) {
        return Path.of(args.string("traces"), name + ".lackey.gz");
    }
}
