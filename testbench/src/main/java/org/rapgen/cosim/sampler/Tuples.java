package org.rapgen.cosim.sampler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.rapgen.trace.TraceFormat;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * A tuple stream in memory: pc, w and the end-of-frame mark (AXI-Stream TLAST) of each tuple. {@code last} on a tuple
 * means "finish() after it" for the golden model and TLAST for the hardware.
 */
public record Tuples(long[] pc, long[] w, boolean[] last) {
    public Tuples {
        if (pc.length != w.length || pc.length != last.length)
            throw new IllegalArgumentException("ragged tuple arrays");
    }

    public int size() {
        return pc.length;
    }

    /** The same tuples with TLAST on the final one only (the stream ends there: A_k drains). */
    public static Tuples endingWithLast(long[] pc, long[] w) {
        boolean[] last = new boolean[pc.length];
        if (last.length > 0) last[last.length - 1] = true;
        return new Tuples(pc, w, last);
    }

    /**
     * Reads at most {@code max} tuples from a trace (any format the trace reader knows that carries tuples: text
     * {@code <hex pc> <hex w>}, binary, valgrind lackey in tuple mode, gzip of these), TLAST on the final one.
     */
    public static Tuples read(Path file, TraceFormat format, int keyBits, int max) throws IOException {
        TraceOptions opt = TraceOptions.keyBits(keyBits).withLackeyMode(TraceOptions.LackeyMode.TUPLES);
        try (TraceReader r = TraceReader.open(file, format, opt, TraceShape.TUPLES)) {
            return read(r, max);
        }
    }

    /** At most {@code max} tuples of an open tuple trace; the last one carries TLAST. */
    public static Tuples read(TraceReader r, int max) throws IOException {
        if (r.shape() != TraceShape.TUPLES)
            throw new IOException(r.name() + ": trace carries events, not (pc, w) tuples");
        long[] pc = new long[1024];
        long[] w = new long[1024];
        int n = 0;
        while (n < max && r.next()) {
            if (n == pc.length) {
                pc = Arrays.copyOf(pc, 2 * n);
                w = Arrays.copyOf(w, 2 * n);
            }
            pc[n] = r.pc();
            w[n] = r.w();
            n++;
        }
        return endingWithLast(Arrays.copyOf(pc, n), Arrays.copyOf(w, n));
    }
}
