package org.rapgen.experiments;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.rapgen.golden.sampler.HostPolicy;
import org.rapgen.golden.sampler.LfsrModel;
import org.rapgen.golden.sampler.Profile;
import org.rapgen.golden.sampler.Sampler;
import org.rapgen.golden.sampler.SamplerConfig;
import org.rapgen.golden.sampler.SamplerSpec;
import org.rapgen.golden.sampler.TopValueError;
import org.rapgen.golden.sampler.ValueProfileHost;

/**
 * Zilles and Sohi's comparison (HPCA 2001, §5.1 and §5.2) on our traces: the weighted RMS error of per-pc invariance
 * ({@link TopValueError}) against the overhead in messages, for the host loop over the slot table {@code Z_k}
 * ({@link ValueProfileHost}) and for simple sampling, {@code R_r} and {@code H[P_r]_nA_k}, with r chosen so each sends
 * as many messages as the slot table (the median over its LFSR seeds). R's r is N / messages (its expected count);
 * H[P_r]'s, which has no seed, is the r whose count is closest, found by bisection. Also the slot table's messages per
 * tenth of the trace, the paper's overhead over time. Writes the generated block of {@code slot-table.md} in the
 * output folder.
 */
public final class SlotTableOverhead {
    private SlotTableOverhead() {}

    /** One run: messages, interrupts (0 for simple sampling), error, and messages per tenth of the trace. */
    record Run(long messages, long interrupts, double error, long[] tenths, int maskedPcs) {}

    public static void main(String[] argv) throws Exception {
        Args args = new Args(
                "slot-table",
                argv,
                Args.defaults(
                        "traces",
                        TraceCache.lackeyTraces(),
                        "tuples",
                        "1000000",
                        "slots",
                        "16,32,64",
                        "seeds",
                        "5",
                        "seed",
                        "0x5EED0000",
                        "hashed",
                        "H[P_r]256A16",
                        "idle",
                        Long.toString(HostPolicy.defaults().idleTuples())));
        int limit = args.integer("tuples");
        int seeds = args.integer("seeds");
        String hashedShape = args.string("hashed");
        if (!hashedShape.contains("P_r")) throw args.fail("--hashed must contain P_r, got " + hashedShape);
        ExecutorService pool = Executors.newFixedThreadPool(args.integer("threads"), r -> {
            Thread t = new Thread(r);
            t.setDaemon(true); // an exception in main must not leave the program waiting on idle workers
            return t;
        });
        long t0 = System.nanoTime();
        HostPolicy policy = HostPolicy.defaults().withIdleTuples(args.longValue("idle"));
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "Tuples: (load pc, load address) of the first %,d loads (address invariance stands for value invariance)."
                        + " Error: weighted RMS of per-pc invariance, in percentage points. Host loop: min samples %d,"
                        + " masked at invariance >= %.2f or <= %.2f or after %d profiles, fast thrash below %d x thrash"
                        + " samples, at most 2^%d partitions, idle readout after %,d tuples. Z and R: medians over %d"
                        + " LFSR seeds (range in brackets).%n",
                limit,
                policy.minSamples(),
                policy.high(),
                policy.low(),
                policy.maxProfiles(),
                policy.fastThrash(),
                policy.maxDepth(),
                policy.idleTuples(),
                seeds));
        for (String t : args.string("traces").split(",")) {
            Path trace = Path.of(t.trim());
            if (!Files.exists(trace)) throw args.fail(trace + " does not exist (bench/make-traces.sh makes it)");
            List<long[]> stream = Loads.first(trace, limit);
            Profile exact = new Profile();
            for (long[] x : stream) exact.add(x[0], x[1], 1);
            b.append(String.format(
                    Locale.ROOT,
                    "%n### %s: %,d loads, %,d pcs, %,d distinct tuples%n%n",
                    trace.getFileName(),
                    stream.size(),
                    exact.tuples().keySet().stream()
                            .mapToLong(Profile.Tuple::pc)
                            .distinct()
                            .count(),
                    exact.tuples().size()));
            b.append("| sampler | r | messages | interrupts | masked pcs | error |\n|---|---:|---:|---:|---:|---:|\n");
            StringBuilder tenths = new StringBuilder();
            for (int k : args.integers("slots")) {
                String z = "Z" + k;
                List<Run> zRuns = seeded(pool, seeds, args.longValue("seed"), s -> host(z, s, stream, exact, policy));
                long m = (long) HotlistBias.median(sorted(zRuns, Run::messages));
                b.append(row("host + " + SamplerSpec.parse(z).canonical(), "", zRuns));
                int rr = (int) Math.max(1, Math.min(65536, Math.round(stream.size() / (double) Math.max(1, m))));
                List<Run> rRuns = seeded(pool, seeds, args.longValue("seed"), s -> simple("R" + rr, s, stream, exact));
                b.append(row("R_r", Integer.toString(rr), rRuns));
                int hr = matchingRate(hashedShape, m, stream, exact);
                b.append(row(
                        hashedShape,
                        Integer.toString(hr),
                        List.of(simple(hashed(hashedShape, hr), LfsrModel.DEFAULT_SEED, stream, exact))));
                tenths.append("| ").append(z);
                for (int i = 0; i < 10; i++) {
                    int at = i;
                    tenths.append(String.format(
                            Locale.ROOT,
                            " | %,.0f",
                            HotlistBias.median(zRuns.stream()
                                    .mapToDouble(r -> r.tenths()[at])
                                    .sorted()
                                    .toArray())));
                }
                tenths.append(" |\n");
            }
            b.append("\nThe host loop's messages per tenth of the trace (median over the seeds):\n\n");
            b.append("| table | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |\n|---|");
            b.append("---:|".repeat(10)).append('\n').append(tenths);
        }
        pool.shutdown();
        b.append(String.format(
                Locale.ROOT,
                "%nCommand: `bench/slot-table.sh --tuples %d --seeds %d --slots %s --idle %d` (%.0f s here).%n",
                limit,
                seeds,
                args.string("slots"),
                policy.idleTuples(),
                (System.nanoTime() - t0) / 1e9));
        GeneratedBlock.write(
                Path.of(args.string("out")).resolve("slot-table.md"),
                "Zilles and Sohi's slot table: error against overhead",
                "overhead",
                b.toString());
        System.out.print(b);
    }

    private static String hashed(String shape, int r) {
        return shape.replace("P_r", "P" + r);
    }

    /** The host loop over Z_k with one LFSR seed. */
    private static Run host(String spec, int seed, List<long[]> stream, Profile exact, HostPolicy policy) {
        ValueProfileHost h = new ValueProfileHost(
                SamplerSpec.parse(spec), SamplerConfig.of(64).withLfsrSeed(seed), policy);
        for (long[] t : stream) h.push(t[0], t[1]);
        h.finish();
        return new Run(h.messages(), h.interrupts(), h.error(exact), h.messagesPerPart(10), h.maskedPcs());
    }

    /** A simple sampler: its messages make the sampled profile. */
    private static Run simple(String spec, int seed, List<long[]> stream, Profile exact) {
        Profile sampled = new Profile();
        long[] messages = new long[1];
        Sampler s = SamplerSpec.parse(spec).build(SamplerConfig.of(64).withLfsrSeed(seed), (pc, w, count) -> {
            sampled.add(pc, w, count);
            messages[0]++;
        });
        for (long[] t : stream) s.push(t[0], t[1]);
        s.finish();
        return new Run(messages[0], 0, TopValueError.weightedRms(exact, sampled), new long[10], 0);
    }

    /** The r whose hashed sampler's message count is closest to {@code target} (messages fall as r grows). */
    private static int matchingRate(String shape, long target, List<long[]> stream, Profile exact) {
        int lo = 1;
        int hi = Math.max(1, stream.size());
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (simple(hashed(shape, mid), LfsrModel.DEFAULT_SEED, stream, exact)
                            .messages()
                    <= target) hi = mid;
            else lo = mid + 1;
        }
        if (lo > 1
                && Math.abs(simple(hashed(shape, lo - 1), LfsrModel.DEFAULT_SEED, stream, exact)
                                        .messages()
                                - target)
                        < Math.abs(simple(hashed(shape, lo), LfsrModel.DEFAULT_SEED, stream, exact)
                                        .messages()
                                - target)) lo--;
        return lo;
    }

    /** Runs one task per LFSR seed on the pool. */
    private static List<Run> seeded(ExecutorService pool, int seeds, long first, SeededRun task) throws Exception {
        List<Future<Run>> futures = new ArrayList<>();
        for (int s = 0; s < seeds; s++) {
            int seed = HotlistBias.lfsrSeed(first + s);
            futures.add(pool.submit(() -> task.run(seed)));
        }
        List<Run> runs = new ArrayList<>();
        for (Future<Run> f : futures) runs.add(f.get());
        return runs;
    }

    @FunctionalInterface
    private interface SeededRun {
        Run run(int seed);
    }

    private static double[] sorted(List<Run> runs, java.util.function.ToDoubleFunction<Run> f) {
        return runs.stream().mapToDouble(f).sorted().toArray();
    }

    /** A table row: medians, and the range when they differ; interrupts and masked pcs only for the host loop. */
    private static String row(String sampler, String r, List<Run> runs) {
        boolean host = r.isEmpty();
        return String.format(
                Locale.ROOT,
                "| %s | %s | %s | %s | %s | %s |%n",
                sampler,
                r,
                cell(sorted(runs, Run::messages), "%,.0f"),
                host ? cell(sorted(runs, Run::interrupts), "%,.0f") : "",
                host ? cell(sorted(runs, Run::maskedPcs), "%,.0f") : "",
                cell(Arrays.stream(sorted(runs, Run::error)).map(e -> 100 * e).toArray(), "%.2f"));
    }

    private static String cell(double[] sorted, String format) {
        String median = String.format(Locale.ROOT, format, HotlistBias.median(sorted));
        return sorted.length == 1 || sorted[0] == sorted[sorted.length - 1]
                ? median
                : median + " [" + String.format(Locale.ROOT, format, sorted[0]) + "–"
                        + String.format(Locale.ROOT, format, sorted[sorted.length - 1]) + "]";
    }
}
