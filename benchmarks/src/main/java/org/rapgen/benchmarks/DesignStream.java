package org.rapgen.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.designs.RapDesign;
import org.rapgen.designs.SamplerDesign;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * One default design's configuration and a trace read the way {@code ./rapgen cosim} reads it for that design: keys
 * for {@code rap} (a capture's IPv4 sources), (pc, w) tuples for {@code sampler} (a capture's source and destination,
 * a lackey log's pc and data address), pre-loaded into arrays once per trial so no benchmark times I/O or parsing.
 */
@State(Scope.Benchmark)
public class DesignStream {
    /** The configuration file (configs/*.yaml); absolute, since the forked JVM may not share the working folder. */
    @Param({"configs/rap_n32_k32.yaml"})
    public String config;

    /** The trace file. */
    @Param({"../shared/traces/pkt.TCP.synflood.spoofed.pcap"})
    public String trace;

    /** Non-null for a {@code rap} configuration. */
    RapConfig rap;
    /** Non-null for a {@code sampler} configuration. */
    SamplerParams sampler;
    /** Keys (rap) or pcs (sampler). */
    long[] a;
    /** Sampler only: the tuples' w. */
    long[] b;

    @Setup
    public void load() throws IOException {
        DesignConfig cfg = ConfigReader.read(Path.of(config));
        TraceOptions opt;
        TraceShape shape;
        switch (cfg.design()) {
            case "rap" -> {
                rap = RapDesign.config(cfg.params());
                opt = TraceOptions.keyBits(rap.keyBits());
                shape = TraceShape.EVENTS;
            }
            case "sampler" -> {
                sampler = SamplerDesign.params(cfg.params()).check();
                opt = TraceOptions.keyBits(sampler.keyBits())
                        .withLackeyMode(TraceOptions.LackeyMode.TUPLES)
                        .withPacketField(TraceOptions.PacketField.SRC_DST);
                shape = TraceShape.TUPLES;
            }
            default ->
                throw new IllegalArgumentException(config + ": design '" + cfg.design() + "' has no golden model");
        }
        read(opt, shape);
    }

    private void read(TraceOptions opt, TraceShape shape) throws IOException {
        a = new long[1 << 16];
        b = new long[a.length];
        int n = 0;
        try (TraceReader r = TraceReader.open(Path.of(trace), null, opt, shape)) {
            if (r.shape() != shape)
                throw new IOException(trace + ": the trace does not carry " + shape + " for " + config);
            while (r.next()) {
                if (n == a.length) {
                    a = Arrays.copyOf(a, 2 * n);
                    b = Arrays.copyOf(b, 2 * n);
                }
                if (shape == TraceShape.EVENTS) {
                    a[n] = r.key();
                } else {
                    a[n] = r.pc();
                    b[n] = r.w();
                }
                n++;
            }
        }
        a = Arrays.copyOf(a, n);
        b = Arrays.copyOf(b, n);
    }
}
