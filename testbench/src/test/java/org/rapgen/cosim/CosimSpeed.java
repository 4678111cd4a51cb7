package org.rapgen.cosim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Speed benchmark (not a test; run by bench/cosim-speed.sh). On the bring-up counter it
 * measures, in one run: a raw Verilator C++ loop, JNI per cycle (poke + peek + step), JNI
 * batched (low-level runBatch on preallocated arrays, and the Batch builder), all with the
 * same stimulus and the same C++ optimisation level, and checks they compute the same thing.
 */
public final class CosimSpeed {
    private static final int ROUNDS = 5;

    public static void main(String[] args) throws Exception {
        Path rawSource = Path.of(args.length > 0 ? args[0] : "testbench/bench/raw_counter.cpp").toAbsolutePath();
        long n = args.length > 1 ? Long.parseLong(args[1]) : 20_000_000L;
        Dut dut = new Bringup.Counter().dut();
        VerilatorModel model = VerilatorModel.builder(dut.top()).files(dut.files()).build();  // no trace: as fast as it gets

        // Rounds are interleaved (raw, per-cycle, batched, builder, raw, ...) and the best of each
        // kept, so a busy machine slows all modes alike instead of whichever ran during the spike.
        Path rawExe = buildRaw(rawSource, dut);
        double rawRate = 0;
        long rawSum = 0;
        double[] perCycle = {0, 0}, batched = {0, 0}, builder = {0, 0};
        for (int r = 0; r < ROUNDS; r++) {
            String[] raw = Toolchain.run(List.of(rawExe.toString(), Long.toString(n), "1"), null, null).trim().split(" ");
            rawRate = Math.max(rawRate, Double.parseDouble(raw[0]));
            rawSum = Long.parseUnsignedLong(raw[1]);
            perCycle = best(perCycle, perCycle(model, n / 4));
            batched = best(batched, batched(model, n, 1 << 20));
            builder = best(builder, batchBuilder(model, n / 4, 1 << 18));
        }

        System.out.printf(Locale.ROOT, "cosim speed, counter DUT, %s, C++ opt %s%n", Toolchain.version("verilator").lines().findFirst().orElse(""), VerilatorModel.DEFAULT_OPT);
        System.out.printf(Locale.ROOT, "%-34s %14s %10s%n", "mode", "cycles/s", "vs raw");
        row("raw Verilator C++ loop", rawRate, rawRate);
        row("JNI per cycle (poke+peek+step)", perCycle[0], rawRate);
        row("JNI batched (runBatch, 1M/call)", batched[0], rawRate);
        row("JNI batched (Batch builder)", builder[0], rawRate);
        // Same stimulus, same DUT: the per-cycle checksum covers n/4 cycles, batched and raw cover n.
        if ((long) batched[1] != rawSum) throw new AssertionError("batched checksum " + (long) batched[1] + " != raw " + rawSum);
        System.out.printf(Locale.ROOT, "checksums agree (raw == batched): %d%n", rawSum);
        System.out.printf(Locale.ROOT, "targets: batched >= 50%% of raw: %s; per-cycle >= 3 M cycles/s: %s%n",
                batched[0] >= 0.5 * rawRate ? "MET" : "MISSED", perCycle[0] >= 3e6 ? "MET" : "MISSED");
    }

    private static double[] best(double[] a, double[] b) {
        return b[0] > a[0] ? b : a;
    }

    private static void row(String name, double rate, double raw) {
        System.out.printf(Locale.ROOT, "%-34s %14.0f %9.1f%%%n", name, rate, 100 * rate / raw);
    }

    private static long en(long c) {
        return (c % 7) != 0 ? 1 : 0;
    }

    /** One round of poke + peek + step per cycle: {cycles/s, checksum of io_count samples}. */
    private static double[] perCycle(VerilatorModel model, long n) {
        try (Sim s = model.newSim()) {
            int enId = s.port("io_en").id(), countId = s.port("io_count").id();
            long t0 = System.nanoTime(), acc = 0;
            for (long c = 0; c < n; c++) {
                s.poke(enId, en(c));
                acc += s.peek(countId);
                s.step();
            }
            return new double[] {n / ((System.nanoTime() - t0) / 1e9), acc};
        }
    }

    /** One round of low-level runBatch calls on preallocated arrays; stimulus generation is not timed (raw precomputes too). */
    private static double[] batched(VerilatorModel model, long n, int chunk) {
        long[] in = new long[chunk], out = new long[chunk];
        try (Sim s = model.newSim()) {
            int[] inIds = {s.port("io_en").id()}, outIds = {s.port("io_count").id()};
            long acc = 0, nanos = 0;
            for (long done = 0; done < n; done += chunk) {
                int k = (int) Math.min(chunk, n - done);
                long[] i = k == chunk ? in : new long[k], o = k == chunk ? out : new long[k];
                for (int c = 0; c < k; c++) i[c] = en(done + c);
                long t0 = System.nanoTime();
                s.runBatch(k, inIds, i, outIds, o);
                nanos += System.nanoTime() - t0;
                for (int c = 0; c < k; c++) acc += o[c];
            }
            return new double[] {n / (nanos / 1e9), acc};
        }
    }

    /** One round through the Batch builder (includes its packing and unpacking). */
    private static double[] batchBuilder(VerilatorModel model, long n, int chunk) {
        try (Sim s = model.newSim()) {
            long nanos = 0;
            for (long done = 0; done < n; done += chunk) {
                int k = (int) Math.min(chunk, n - done);
                long[] i = new long[k];
                for (int c = 0; c < k; c++) i[c] = en(done + c);
                long t0 = System.nanoTime();
                s.batch(k).drive("io_en", i).sample("io_count").run().values("io_count");
                nanos += System.nanoTime() - t0;
            }
            return new double[] {n / (nanos / 1e9), 0};
        }
    }

    /** Builds the raw loop once per (source, RTL, opt, Verilator) in the build cache. */
    private static Path buildRaw(Path source, Dut dut) throws Exception {
        BuildCache.Key key = new BuildCache.Key().add("kind", "raw-bench").add("source", Files.readAllBytes(source))
                .add("verilator", Toolchain.version("verilator")).add("cxx", Toolchain.version(Toolchain.cxx()))
                .add("opt", VerilatorModel.DEFAULT_OPT);
        for (Path f : dut.files()) key.add("rtl", Files.readAllBytes(f));
        Path entry = BuildCache.user().get(key.hex(), dir -> {
            BuildCache.noteVerilatorInvocation();
            Toolchain.run(List.of("verilator", "--cc", "--exe", "--build", "-j", "2", source.toString(),
                    "--Mdir", dir.resolve("obj").toString(), "--top-module", dut.top(), "-o", dir.resolve("raw").toString(),
                    "-MAKEFLAGS", "OPT_FAST=" + VerilatorModel.DEFAULT_OPT + " OPT_GLOBAL=" + VerilatorModel.DEFAULT_OPT,
                    dut.files().get(0).toString()), dir, dir.resolve("build.log"));
            BuildCache.deleteTree(dir.resolve("obj"));
        });
        return entry.resolve("raw");
    }
}
