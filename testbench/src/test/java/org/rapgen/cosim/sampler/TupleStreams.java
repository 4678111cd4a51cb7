package org.rapgen.cosim.sampler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/** Tuple streams for the co-simulation tests. */
final class TupleStreams {
    private TupleStreams() {}

    /** Uniform: pc one of 1024 instruction addresses, w one of 16 values: about 16k distinct tuples, no favourite. */
    static Tuples random(int n, long seed, int keyBits) {
        Random r = new Random(seed);
        long[] pc = new long[n], w = new long[n];
        long mask = keyBits == 64 ? -1L : (1L << keyBits) - 1;
        for (int i = 0; i < n; i++) {
            pc[i] = (0x400000L + 4L * r.nextInt(1024)) & mask;
            w[i] = (r.nextLong() >>> 40 ^ r.nextInt(16) * 0x9E3779B97F4A7C15L) & mask;
        }
        return withFrames(pc, w, seed);
    }

    /**
     * Skewed like a value profile: a Zipf(1) choice among 200 static loads, each dominated by one or two values but
     * with a tail of rare ones, so some tuples are hot (strata fill, A_k hits) and many are cold (collisions, misses).
     */
    static Tuples skewed(int n, long seed, int keyBits) {
        Random r = new Random(seed);
        int loads = 200;
        double[] cdf = new double[loads];
        double s = 0;
        for (int i = 0; i < loads; i++) cdf[i] = s += 1.0 / (i + 1);
        long mask = keyBits == 64 ? -1L : (1L << keyBits) - 1;
        long[] pc = new long[n], w = new long[n];
        for (int i = 0; i < n; i++) {
            double u = r.nextDouble() * s;
            int load = 0;
            while (cdf[load] < u) load++;
            pc[i] = (0x8048000L + 16L * load) & mask;
            double v = r.nextDouble();
            long value = v < 0.7 ? load * 7L : v < 0.9 ? load * 7L + 1 : r.nextInt(1 << 20);
            w[i] = (value * 0x10001L + 0x1000) & mask;
        }
        return withFrames(pc, w, seed);
    }

    /** One tuple over and over: every lane's counter table updates one entry on every clock. */
    static Tuples oneEntry(int n, int keyBits) {
        return alternating(n, keyBits, 1);
    }

    /**
     * Two tuples taking turns: each entry is updated every other clock, so the read of one meets the write of the
     * other in every stage of the table's pipeline. Their (pc, w) differ in both halves, so every lane's hash
     * separates them unless it happens to map both to one entry (then the stream is {@link #oneEntry} again).
     */
    static Tuples twoEntries(int n, int keyBits) {
        return alternating(n, keyBits, 2);
    }

    private static Tuples alternating(int n, int keyBits, int distinct) {
        long mask = keyBits == 64 ? -1L : (1L << keyBits) - 1;
        long[] pc = new long[n], w = new long[n];
        for (int i = 0; i < n; i++) {
            int which = i % distinct;
            pc[i] = (0x400100L + 0x40L * which) & mask;
            w[i] = (0x7fff0000L + 0x1234L * which) & mask;
        }
        boolean[] last = new boolean[n];
        if (n > 0) last[n - 1] = true;
        return new Tuples(pc, w, last);
    }

    /** TLAST now and then (A_k drains mid-stream and starts over) and on the final tuple. */
    private static Tuples withFrames(long[] pc, long[] w, long seed) {
        Random r = new Random(~seed);
        boolean[] last = new boolean[pc.length];
        for (int i = 0; i < last.length; i++) last[i] = r.nextInt(5000) == 0;
        if (last.length > 0) last[last.length - 1] = true;
        return new Tuples(pc, w, last);
    }

    /**
     * A real tuple trace made here: {@code valgrind --tool=lackey --trace-mem=yes} on {@code sort /etc/services},
     * read as (pc of the load or store, data address); made once per machine (cached in the temp directory).
     */
    static Path lackeyTrace() throws IOException, InterruptedException {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "rapgen-traces");
        Path trace = dir.resolve("sort-services.lackey");
        if (Files.isRegularFile(trace)) return trace;
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "lackey", ".tmp");
        List<String> cmd =
                List.of("valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + tmp, "sort", "/etc/services");
        Process p;
        try {
            p = new ProcessBuilder(cmd)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new AssertionError(
                    "valgrind is needed to make the lackey trace: run scripts/bootstrap.sh or apt-get install valgrind",
                    e);
        }
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0)
            throw new AssertionError("valgrind lackey failed: " + cmd);
        Files.move(
                tmp,
                trace,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return trace;
    }
}
