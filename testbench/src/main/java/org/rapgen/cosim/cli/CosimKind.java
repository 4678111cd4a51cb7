package org.rapgen.cosim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.rapgen.config.DesignConfig;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * How {@code ./rapgen cosim} co-simulates one kind of design (found with {@link java.util.ServiceLoader} by the
 * configuration's {@code design:} name). The RAP engine is one; the sampler engine can add its own.
 */
public interface CosimKind {
    /** The catalog design name this kind handles, e.g. {@code rap}. */
    String design();

    /** What the trace records are for this design (events or tuples), and the key width, from the configuration. */
    TraceRequest traceRequest(DesignConfig config);

    /**
     * Runs the RTL against the golden model on every record of {@code trace} and prints the report on {@code out}.
     *
     * @return 0 if RTL and golden model agreed everywhere, 1 otherwise
     * @throws org.rapgen.cli.BadInputException for a record the engine cannot take
     */
    int run(DesignConfig config, TraceReader trace, Options options, PrintStream out) throws IOException;

    record TraceRequest(TraceShape shape, int keyBits) {}

    /**
     * @param dump        where to write the design's result file ({@link DumpFile}), or null
     * @param stressSeed  null for a steady source; otherwise the seed of random stream gaps and mid-stream checks
     */
    record Options(Path dump, Long stressSeed) {}
}
