package org.rapgen.experiments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.rapgen.golden.sampler.MessageSink;
import org.rapgen.golden.sampler.Sampler;
import org.rapgen.golden.sampler.SamplerConfig;
import org.rapgen.golden.sampler.SamplerSpec;

/**
 * Checks Burrows et al.'s claim for the value hotlist on a trace made here: {@code count / p} is an unbiased estimate.
 * The same (pc, load address) stream runs through the hotlist's golden model once per LFSR seed; for the hottest
 * tuples, the hottest pcs and the whole stream, the mean of the estimates over the seeds is compared with the exact
 * count in units of its standard error. Also the per-pc top-1 agreement: the share of the pcs with at least
 * {@code --min-loads} loads whose most-estimated value is their most frequent one. Writes the generated block of
 * {@code hotlist.md} in the output folder.
 */
public final class HotlistBias {
    private HotlistBias() {}

    /** A (pc, value) pair; value -1 stands for "every value of the pc". */
    record Key(long pc, long w) {}

    /** One seed's estimates of the tracked keys, its total, and its top-1 agreements. */
    record Run(double[] tracked, double total, int agreed, long agreedLoads, int agreedInvariant) {}

    /** A pc whose most frequent value makes at least this share of its loads is semi-invariant. */
    static final double INVARIANT = 0.10;

    public static void main(String[] argv) throws Exception {
        Args args = new Args(
                "hotlist-bias",
                argv,
                Args.defaults(
                        "trace",
                        TraceCache.dir() + "/gzip.lackey.gz",
                        "tuples",
                        "200000",
                        "seeds",
                        "1000",
                        "spec",
                        "V[16]256",
                        "tracked",
                        "12",
                        "min-loads",
                        "1000",
                        "seed",
                        "0x5EED0000"));
        Path trace = Path.of(args.string("trace"));
        int limit = args.integer("tuples");
        int seeds = args.integer("seeds");
        int threads = args.integer("threads");
        int minLoads = args.integer("min-loads");
        String spec = SamplerSpec.parse(args.string("spec")).canonical();
        long t0 = System.nanoTime();

        List<long[]> stream = Loads.first(trace, limit);
        Map<Key, long[]> exact = new HashMap<>();
        Map<Long, long[]> perPc = new HashMap<>();
        for (long[] t : stream) {
            exact.computeIfAbsent(new Key(t[0], t[1]), k -> new long[1])[0]++;
            perPc.computeIfAbsent(t[0], k -> new long[1])[0]++;
        }
        // The estimates worth checking are those of rows that thin: the pcs with the most loads among those with more
        // distinct values than a row keeps, each with its most frequent value and its total.
        int rowValues = SamplerSpec.parse(spec).values;
        Map<Long, int[]> distinct = new HashMap<>();
        for (Key k : exact.keySet()) distinct.computeIfAbsent(k.pc(), x -> new int[1])[0]++;
        Map<Long, Long> exactTop = topValues(exact, perPc, minLoads);
        List<Key> tracked = new ArrayList<>();
        perPc.entrySet().stream()
                .filter(e -> distinct.get(e.getKey())[0] > rowValues)
                .sorted(Comparator.comparingLong((Map.Entry<Long, long[]> e) -> -e.getValue()[0])
                        .thenComparingLong(Map.Entry::getKey))
                .limit(args.integer("tracked"))
                .forEach(e -> tracked.add(new Key(e.getKey(), -1)));
        int pcsTracked = tracked.size();
        exact.entrySet().stream()
                .filter(e -> distinct.get(e.getKey().pc())[0] > rowValues)
                .sorted(Comparator.comparingLong((Map.Entry<Key, long[]> e) -> -e.getValue()[0])
                        .thenComparingLong(e -> e.getKey().pc())
                        .thenComparingLong(e -> e.getKey().w()))
                .limit(args.integer("tracked"))
                .forEach(e -> tracked.add(e.getKey()));
        long qualifyingLoads =
                exactTop.keySet().stream().mapToLong(pc -> perPc.get(pc)[0]).sum();
        java.util.Set<Long> invariant = new java.util.HashSet<>();
        exactTop.forEach((pc, w) -> {
            if (exact.get(new Key(pc, w))[0] >= INVARIANT * perPc.get(pc)[0]) invariant.add(pc);
        });

        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Run>> futures = new ArrayList<>();
        for (int s = 0; s < seeds; s++) {
            int seed = lfsrSeed(args.longValue("seed") + s);
            futures.add(pool.submit(() -> run(spec, seed, stream, tracked, exactTop, perPc, invariant)));
        }
        List<Run> runs = new ArrayList<>();
        for (Future<Run> f : futures) runs.add(f.get());
        pool.shutdown();

        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "`%s` on the first %,d loads of `%s` (%,d pcs, %,d distinct (pc, address) tuples), %d LFSR seeds. The"
                        + " rows below are the %d pcs with the most loads among the %d with more than %d distinct"
                        + " values (the rows that thin), and the %d most frequent tuples of those pcs.%n%n",
                spec,
                stream.size(),
                trace.getFileName(),
                perPc.size(),
                exact.size(),
                seeds,
                pcsTracked,
                distinct.values().stream().filter(d -> d[0] > rowValues).count(),
                rowValues,
                tracked.size() - pcsTracked));
        b.append(
                "| tuple | exact | mean of count/p | standard error | (mean - exact) / se |\n|---|---:|---:|---:|---:|\n");
        int within = 0;
        double worst = 0;
        for (int i = 0; i <= tracked.size(); i++) {
            boolean total = i == tracked.size();
            int at = i;
            double[] x = runs.stream()
                    .mapToDouble(r -> total ? r.total() : r.tracked()[at])
                    .toArray();
            long ex = total
                    ? stream.size()
                    : tracked.get(i).w() < 0 ? perPc.get(tracked.get(i).pc())[0] : exact.get(tracked.get(i))[0];
            double mean = Arrays.stream(x).average().orElse(0);
            double sd =
                    Math.sqrt(Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1));
            double se = sd / Math.sqrt(x.length);
            double z = se == 0 ? (mean == ex ? 0 : Double.POSITIVE_INFINITY) : (mean - ex) / se;
            if (Math.abs(z) <= 3) within++;
            worst = Math.max(worst, Math.abs(z));
            String name = total
                    ? "all loads"
                    : tracked.get(i).w() < 0
                            ? "pc 0x" + Long.toHexString(tracked.get(i).pc()) + ", all values"
                            : "0x" + Long.toHexString(tracked.get(i).pc()) + " 0x"
                                    + Long.toHexString(tracked.get(i).w());
            b.append(String.format(Locale.ROOT, "| %s | %,d | %,.1f | %,.1f | %+.2f |%n", name, ex, mean, se, z));
        }
        b.append(String.format(
                Locale.ROOT,
                "%n%d of %d means lie within 3 standard errors of the exact count; the largest deviation is %.2f.%n%n",
                within,
                tracked.size() + 1,
                worst));
        double[] agreed = runs.stream().mapToDouble(r -> r.agreed()).sorted().toArray();
        double[] agreedLoads =
                runs.stream().mapToDouble(r -> r.agreedLoads()).sorted().toArray();
        b.append(String.format(
                Locale.ROOT,
                "Top-1 agreement: of the %d pcs with at least %,d loads, the median seed names the most frequent value of"
                        + " %.0f (%.1f%%); weighted by loads, %.1f%%. Over the seeds it ranges from %.0f to %.0f pcs.%n",
                exactTop.size(),
                minLoads,
                median(agreed),
                exactTop.isEmpty() ? 0 : 100 * median(agreed) / exactTop.size(),
                qualifyingLoads == 0 ? 0 : 100 * median(agreedLoads) / qualifyingLoads,
                agreed[0],
                agreed[agreed.length - 1]));
        double[] agreedInvariant =
                runs.stream().mapToDouble(r -> r.agreedInvariant()).sorted().toArray();
        b.append(String.format(
                Locale.ROOT,
                "Of those pcs, the %d whose most frequent value makes at least %.0f%% of their loads (the semi-invariant"
                        + " ones value profiling looks for): the median seed agrees on %.0f (%.1f%%), from %.0f to %.0f.%n",
                invariant.size(),
                100 * INVARIANT,
                median(agreedInvariant),
                invariant.isEmpty() ? 0 : 100 * median(agreedInvariant) / invariant.size(),
                agreedInvariant[0],
                agreedInvariant[agreedInvariant.length - 1]));
        b.append(String.format(
                Locale.ROOT,
                "%nCommand: `bench/hotlist-bias.sh --seeds %d --tuples %d --seed %s` (%.0f s here).%n",
                seeds,
                limit,
                args.string("seed"),
                (System.nanoTime() - t0) / 1e9));
        GeneratedBlock.write(
                Path.of(args.string("out")).resolve("hotlist.md"),
                "Burrows' value hotlist on our traces",
                "bias",
                b.toString());
        System.out.print(b);
    }

    /** One seed: the estimates of the tracked keys and the total, and which qualifying pcs' top values agree. */
    private static Run run(
            String spec,
            int seed,
            List<long[]> stream,
            List<Key> tracked,
            Map<Long, Long> exactTop,
            Map<Long, long[]> perPc,
            java.util.Set<Long> invariant) {
        Map<Key, long[]> est = new HashMap<>();
        double[] total = new double[1];
        MessageSink sink = (pc, w, count) -> {
            est.computeIfAbsent(new Key(pc, w), k -> new long[1])[0] += count;
            total[0] += count;
        };
        Sampler s = SamplerSpec.parse(spec).build(SamplerConfig.of(64).withLfsrSeed(seed), sink);
        for (long[] t : stream) s.push(t[0], t[1]);
        s.finish();
        double[] x = new double[tracked.size()];
        Map<Long, long[]> estPc = new HashMap<>();
        for (Map.Entry<Key, long[]> e : est.entrySet())
            estPc.computeIfAbsent(e.getKey().pc(), k -> new long[1])[0] += e.getValue()[0];
        for (int i = 0; i < x.length; i++) {
            Key k = tracked.get(i);
            long[] v = k.w() < 0 ? estPc.get(k.pc()) : est.get(k);
            x[i] = v == null ? 0 : v[0];
        }
        Map<Long, Long> top = topValues(est, estPc, 0);
        int agreed = 0;
        int agreedInvariant = 0;
        long loads = 0;
        for (Map.Entry<Long, Long> e : exactTop.entrySet()) {
            if (e.getValue().equals(top.get(e.getKey()))) {
                agreed++;
                loads += perPc.get(e.getKey())[0];
                if (invariant.contains(e.getKey())) agreedInvariant++;
            }
        }
        return new Run(x, total[0], agreed, loads, agreedInvariant);
    }

    /** Per pc with at least {@code min} counted: the value with the largest count (the smallest value on ties). */
    private static Map<Long, Long> topValues(Map<Key, long[]> counts, Map<Long, long[]> perPc, long min) {
        Map<Long, long[]> best = new HashMap<>();
        for (Map.Entry<Key, long[]> e : counts.entrySet()) {
            long pc = e.getKey().pc();
            if (perPc.get(pc)[0] < min) continue;
            long[] b = best.get(pc);
            long c = e.getValue()[0];
            if (b == null || c > b[1] || (c == b[1] && e.getKey().w() < b[0]))
                best.put(pc, new long[] {e.getKey().w(), c});
        }
        Map<Long, Long> top = new HashMap<>();
        best.forEach((pc, b) -> top.put(pc, b[0]));
        return top;
    }

    /** A nonzero 32-bit LFSR seed for run s (a SplitMix64 step, so neighbouring runs are unrelated). */
    static int lfsrSeed(long s) {
        int seed = (int) SplitMix64.mix(s);
        return seed == 0 ? 1 : seed;
    }

    /** The median of sorted values. */
    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
