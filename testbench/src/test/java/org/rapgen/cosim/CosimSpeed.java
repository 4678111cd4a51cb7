package org.rapgen.cosim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rapgen.hdl.lib.Fifo;

/**
 * Speed benchmark (not a test; run by bench/cosim-speed.sh). On one DSL design, the 32 x 1024 {@link Fifo} with random
 * push/pop, it measures in one run: a raw Verilator C++ loop, JNI per cycle (poke + peek + step), JNI batched
 * (low-level runBatch on preallocated arrays, and the Batch builder), all from the same Verilator build settings, and
 * cocotb on Icarus; every mode drives the same stimulus and folds the same samples into a checksum, which must agree.
 *
 * <p>Stimulus of cycle c: x = splitmix64(c); enq.valid = bit 0, deq.ready = bit 1, enq.bits = bits 63..32, after two
 * reset cycles. Checksum: acc = acc * 0x100000001B3 + (deq.valid << 33 | enq.ready << 32 | (deq.valid ? deq.bits : 0)).
 */
public final class CosimSpeed {
    private static final int ROUNDS = 5;
    private static final String[] INS = {"io_enq_valid", "io_enq_bits", "io_deq_ready"};
    private static final String[] OUTS = {"io_deq_valid", "io_enq_ready", "io_deq_bits"};

    /** One measured run: its speed and the checksum of what it sampled. */
    private record Run(double rate, long checksum) {
        static final Run NONE = new Run(0, 0);

        Run best(Run other) {
            return other.rate > rate ? other : this;
        }
    }

    public static void main(String[] args) throws Exception {
        Path rawSource = Path.of(args[0]).toAbsolutePath();
        Path cocotbScript = Path.of(args[1]).toAbsolutePath();
        Path python = Path.of(args[2]).toAbsolutePath();
        long n = args.length > 3 ? Long.parseLong(args[3]) : 10_000_000L;
        long nCocotb = args.length > 4 ? Long.parseLong(args[4]) : 40_000L;
        long nPerCycle = n / 4;
        Dut dut = DslDut.of(() -> new Fifo(32, 1024));
        VerilatorModel model =
                VerilatorModel.builder(dut.top()).files(dut.files()).build(); // no trace: as fast as it gets

        // Rounds are interleaved (raw, per-cycle, batched, builder, raw, ...) and the best of each kept, so a busy
        // machine slows all modes alike instead of whichever ran during the spike.
        Path rawExe = buildRaw(rawSource, dut);
        double raw = 0;
        Run perCycle = Run.NONE, batched = Run.NONE, builder = Run.NONE;
        long[] rawSums = null;
        for (int r = 0; r < ROUNDS; r++) {
            String[] out = BuildTools.run(
                            List.of(
                                    rawExe.toString(),
                                    Long.toString(n),
                                    "1",
                                    Long.toString(nPerCycle),
                                    Long.toString(nCocotb)),
                            null,
                            null)
                    .trim()
                    .split(" ");
            raw = Math.max(raw, Double.parseDouble(out[0]));
            rawSums = new long[] {
                Long.parseUnsignedLong(out[1]), Long.parseUnsignedLong(out[2]), Long.parseUnsignedLong(out[3])
            };
            perCycle = perCycle.best(perCycle(model, nPerCycle));
            batched = batched.best(batched(model, n, 1 << 20, false));
            builder = builder.best(batched(model, nPerCycle, 1 << 18, true));
        }
        Run cocotb = cocotb(python, cocotbScript, dut, nCocotb);

        System.out.printf(
                Locale.ROOT,
                "cosim speed, %s (DSL Fifo, random push/pop), %s, C++ opt %s%n",
                dut.top(),
                VerilatorInstall.get().version().lines().findFirst().orElse(""),
                VerilatorModel.DEFAULT_OPT);
        System.out.printf(Locale.ROOT, "%-36s %12s %14s %10s%n", "mode", "cycles", "cycles/s", "vs raw");
        row("raw Verilator C++ loop", n, raw, raw);
        row("JNI per cycle (3 poke, 3 peek, step)", nPerCycle, perCycle.rate, raw);
        row("JNI batched (runBatch, 1M/call)", n, batched.rate, raw);
        row("JNI batched (Batch builder)", nPerCycle, builder.rate, raw);
        row("cocotb 2.0.1 on Icarus 11", nCocotb, cocotb.rate, raw);
        agree("batched", batched.checksum, rawSums[0]);
        agree("per-cycle", perCycle.checksum, rawSums[1]);
        agree("Batch builder", builder.checksum, rawSums[1]);
        agree("cocotb", cocotb.checksum, rawSums[2]);
        System.out.printf(
                Locale.ROOT,
                "checksums agree with the raw loop over the same cycles (all: %s)%n",
                Long.toUnsignedString(rawSums[0]));
        System.out.printf(
                Locale.ROOT,
                "targets: batched >= 50%% of raw: %s; per-cycle >= 3 M cycles/s: %s%n",
                batched.rate >= 0.5 * raw ? "MET" : "MISSED",
                perCycle.rate >= 3e6 ? "MET" : "MISSED");
    }

    private static void row(String name, long cycles, double rate, double raw) {
        System.out.printf(Locale.ROOT, "%-36s %12d %14.0f %9.2f%%%n", name, cycles, rate, 100 * rate / raw);
    }

    private static void agree(String mode, long sum, long raw) {
        if (sum != raw)
            throw new AssertionError(
                    mode + " checksum " + Long.toUnsignedString(sum) + " != raw " + Long.toUnsignedString(raw));
    }

    static long mix(long c) {
        long x = c + 0x9E3779B97F4A7C15L;
        x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
        return x ^ (x >>> 31);
    }

    private static long fold(long acc, long valid, long ready, long bits) {
        return acc * 0x100000001B3L + (valid << 33 | ready << 32 | (valid != 0 ? bits : 0));
    }

    private static int[] ids(Sim s, String[] names) {
        int[] ids = new int[names.length];
        for (int i = 0; i < names.length; i++) ids[i] = s.port(names[i]).id();
        return ids;
    }

    /** One round of pokes, peeks and a step per cycle. */
    private static Run perCycle(VerilatorModel model, long n) {
        try (Sim s = model.newSim()) {
            s.reset(2);
            int[] in = ids(s, INS), out = ids(s, OUTS);
            long t0 = System.nanoTime(), acc = 0;
            for (long c = 0; c < n; c++) {
                long x = mix(c);
                s.poke(in[0], x & 1);
                s.poke(in[1], x >>> 32);
                s.poke(in[2], (x >>> 1) & 1);
                acc = fold(acc, s.peek(out[0]), s.peek(out[1]), s.peek(out[2]));
                s.step();
            }
            return new Run(n / ((System.nanoTime() - t0) / 1e9), acc);
        }
    }

    /**
     * One round of batched calls in chunks: the low-level runBatch on preallocated arrays, or the Batch builder
     * (timed with its packing and unpacking). Stimulus generation is not timed (the raw loop precomputes it too).
     */
    private static Run batched(VerilatorModel model, long n, int chunk, boolean viaBuilder) {
        try (Sim s = model.newSim()) {
            s.reset(2);
            int[] inIds = ids(s, INS), outIds = ids(s, OUTS);
            long[] in = new long[3 * chunk], out = new long[3 * chunk];
            long acc = 0, nanos = 0;
            for (long done = 0; done < n; done += chunk) {
                int k = (int) Math.min(chunk, n - done);
                long[] i = k == chunk ? in : new long[3 * k], o = k == chunk ? out : new long[3 * k];
                for (int c = 0; c < k; c++) {
                    long x = mix(done + c);
                    i[3 * c] = x & 1;
                    i[3 * c + 1] = x >>> 32;
                    i[3 * c + 2] = (x >>> 1) & 1;
                }
                long t0 = System.nanoTime();
                if (viaBuilder) {
                    long[][] cols = new long[3][k];
                    for (int c = 0; c < k; c++) for (int p = 0; p < 3; p++) cols[p][c] = i[3 * c + p];
                    BatchResult r = s.batch(k)
                            .drive(INS[0], cols[0])
                            .drive(INS[1], cols[1])
                            .drive(INS[2], cols[2])
                            .sample(OUTS)
                            .run();
                    for (int p = 0; p < 3; p++) {
                        long[] v = r.values(OUTS[p]);
                        for (int c = 0; c < k; c++) o[3 * c + p] = v[c];
                    }
                } else {
                    s.runBatch(k, inIds, i, outIds, o);
                }
                nanos += System.nanoTime() - t0;
                for (int c = 0; c < k; c++) acc = fold(acc, o[3 * c], o[3 * c + 1], o[3 * c + 2]);
            }
            return new Run(n / (nanos / 1e9), acc);
        }
    }

    /** cocotb's usual per-cycle loop on Icarus, in a child process. */
    private static Run cocotb(Path python, Path script, Dut dut, long n) throws Exception {
        if (!Files.isExecutable(python))
            throw new IllegalStateException(python + " not found: run scripts/bootstrap.sh (cocotb lives in .venv)");
        Path out = Files.createTempFile("rapgen-cocotb-speed", ".txt");
        try {
            List<String> cmd = new ArrayList<>(List.of(
                    python.toString(),
                    script.toString(),
                    "--top",
                    dut.top(),
                    "--cycles",
                    Long.toString(n),
                    "--out",
                    out.toString()));
            for (Path f : dut.files()) cmd.add(f.toString());
            BuildTools.run(cmd, script.getParent(), null);
            String[] r = Files.readString(out).trim().split(" ");
            return new Run(Double.parseDouble(r[0]), Long.parseUnsignedLong(r[1]));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Builds the raw loop once per (source, RTL, opt, Verilator) in the build cache. */
    private static Path buildRaw(Path source, Dut dut) throws Exception {
        BuildCache.Key key = new BuildCache.Key()
                .add("kind", "raw-bench")
                .add("source", Files.readAllBytes(source))
                .add("verilator", VerilatorInstall.get().version())
                .add("cxx", BuildTools.version(BuildTools.cxx()))
                .add("opt", VerilatorModel.DEFAULT_OPT)
                .add("top", dut.top());
        for (Path f : dut.files()) key.add("rtl", Files.readAllBytes(f));
        Path entry = BuildCache.user().get(key.hex(), dir -> {
            BuildCache.noteVerilatorInvocation();
            Files.writeString(
                    dir.resolve("raw_top.h"), "#include \"V" + dut.top() + ".h\"\n#define TOP V" + dut.top() + "\n");
            VerilatorInstall verilator = VerilatorInstall.get();
            List<String> cmd = new ArrayList<>(List.of(
                    verilator.executable().toString(),
                    "--cc",
                    "--exe",
                    "--build",
                    "-j",
                    "2",
                    source.toString(),
                    "--Mdir",
                    dir.resolve("obj").toString(),
                    "--top-module",
                    dut.top(),
                    "-o",
                    dir.resolve("raw").toString(),
                    "-CFLAGS",
                    "-I" + dir,
                    "-MAKEFLAGS",
                    "OPT_FAST=" + VerilatorModel.DEFAULT_OPT + " OPT_GLOBAL=" + VerilatorModel.DEFAULT_OPT));
            for (Path f : dut.files()) cmd.add(f.toString());
            BuildTools.run(cmd, dir, dir.resolve("build.log"), verilator.env());
            BuildCache.deleteTree(dir.resolve("obj"));
        });
        return entry.resolve("raw");
    }
}
