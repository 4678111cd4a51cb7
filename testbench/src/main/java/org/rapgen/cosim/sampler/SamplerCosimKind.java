package org.rapgen.cosim.sampler;

import java.io.IOException;
import java.io.PrintStream;
import org.rapgen.cli.BadInputException;
import org.rapgen.config.DesignConfig;
import org.rapgen.cosim.cli.CosimKind;
import org.rapgen.cosim.cli.DumpFile;
import org.rapgen.designs.SamplerDesign;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * {@code cosim} for {@code design: sampler}: the trace's (pc, w) tuples go through the engine's AXI4-Stream input,
 * the last with TLAST, and the RTL's message stream is compared message by message with the golden model's. The dump
 * is the RTL's messages in the SPEC §8 format of {@code sample --out}.
 */
public final class SamplerCosimKind implements CosimKind {
    @Override
    public String design() {
        return SamplerDesign.ENTRY.name();
    }

    @Override
    public TraceRequest traceRequest(DesignConfig config) {
        return new TraceRequest(
                TraceShape.TUPLES, SamplerDesign.params(config.params()).keyBits());
    }

    @Override
    public int run(DesignConfig config, TraceReader trace, Options options, PrintStream out) throws IOException {
        if (trace.shape() != TraceShape.TUPLES) {
            throw new BadInputException(
                    trace.name() + ":0: the sampler takes (pc, w) tuples, but this trace carries single keys");
        }
        SamplerParams p = SamplerDesign.params(config.params()).check();
        Tuples tuples = Tuples.read(trace, SamplerCosimRun.DEFAULT_MAX_TUPLES);
        if (trace.next()) {
            // The run holds the whole stream in memory; refuse rather than compare a silently cut prefix.
            throw new BadInputException(
                    trace.name() + ":" + trace.location() + ": more than " + SamplerCosimRun.DEFAULT_MAX_TUPLES
                            + " tuples; cut the trace (cosim keeps every tuple in memory)");
        }
        Traffic traffic =
                options.stressSeed() == null ? Traffic.fullRate() : Traffic.random(70, 60, options.stressSeed());
        out.println("cosim " + config.name() + " on " + trace.name());
        long t0 = System.nanoTime();
        SamplerCosimRun.Report r = SamplerCosimRun.run(p, tuples, traffic, null);
        r.print(out);
        out.printf("wall time   %.1f s%n", (System.nanoTime() - t0) / 1e9);
        if (options.dump() != null) DumpFile.write(options.dump(), r.rtlMessages());
        return r.ok() ? 0 : 1;
    }
}
