package org.rapgen.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * The (pc, load address) tuples of a lackey trace: valgrind's lackey gives load addresses, not loaded values, so the
 * value-profiling experiments profile address invariance in their place.
 */
final class Loads {
    private Loads() {}

    /** The first {@code limit} loads of the trace, each {pc, address}; lackey needs 64-bit keys. */
    static List<long[]> first(Path trace, int limit) throws IOException {
        List<long[]> stream = new ArrayList<>();
        try (TraceReader r = TraceReader.open(
                trace,
                null,
                TraceOptions.keyBits(64).withLackeyMode(TraceOptions.LackeyMode.LOADS),
                TraceShape.TUPLES)) {
            while (stream.size() < limit && r.next()) stream.add(new long[] {r.pc(), r.w()});
        }
        return stream;
    }
}
