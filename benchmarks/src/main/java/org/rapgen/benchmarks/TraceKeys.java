package org.rapgen.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.rapgen.trace.TraceFormat;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * The keys of one profile of a lackey trace made by {@code bench/make-traces.sh}, read once per trial into a
 * {@code long[]} so that no benchmark measures I/O or parsing. The trace folder is {@code -Drapgen.traces=DIR}, else
 * {@code $RAPGEN_TRACE_DIR}, else {@code ~/.cache/rapgen/traces}.
 */
@State(Scope.Benchmark)
public class TraceKeys {
    /** A trace name: gzip, xz, sort, python3 or bc. */
    @Param({"gzip"})
    public String trace;

    /** {@code instr}: instruction addresses (32-bit keys); {@code data}: load/store addresses (64-bit keys). */
    @Param({"instr", "data"})
    public String profile;

    long[] keys;
    int keyBits;

    @Setup
    public void load() throws IOException {
        keys = read(file(trace), mode(profile));
        keyBits = "instr".equals(profile) ? 32 : 64;
    }

    static TraceOptions.LackeyMode mode(String profile) {
        switch (profile) {
            case "instr":
                return TraceOptions.LackeyMode.INSTR;
            case "data":
                return TraceOptions.LackeyMode.DATA;
            default:
                throw new IllegalArgumentException("profile must be instr or data, got " + profile);
        }
    }

    static Path file(String trace) {
        String dir = System.getProperty("rapgen.traces");
        if (dir == null) {
            dir = System.getenv("RAPGEN_TRACE_DIR");
        }
        if (dir == null) {
            dir = System.getProperty("user.home") + "/.cache/rapgen/traces";
        }
        Path f = Path.of(dir, trace + ".lackey.gz");
        if (!Files.isRegularFile(f)) {
            throw new IllegalStateException("no trace " + f + "; make it with bench/make-traces.sh " + trace);
        }
        return f;
    }

    static long[] read(Path file, TraceOptions.LackeyMode mode) throws IOException {
        long[] out = new long[1 << 20];
        int n = 0;
        // 64-bit reading: the reader checks every line's address, also those the mode skips.
        try (TraceReader r = TraceReader.open(
                file, TraceFormat.LACKEY, TraceOptions.keyBits(64).withLackeyMode(mode), TraceShape.EVENTS)) {
            while (r.next()) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, 2 * n);
                }
                out[n++] = r.key();
            }
        }
        return Arrays.copyOf(out, n);
    }
}
