package org.rapgen.cosim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import org.rapgen.cli.BadInputException;
import org.rapgen.cli.PathOption;
import org.rapgen.config.ConfigException;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.hdl.HdlException;
import org.rapgen.trace.TraceFormatException;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./rapgen cosim --trace FILE --config FILE [--dump FILE]} (SPEC §8): the configuration's RTL under Verilator
 * beside its golden model. Exit 0 when they agree, 1 on any mismatch, 2 on bad input (one line on stderr).
 */
@Command(
        name = "cosim",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description =
                "Run a configuration's RTL under Verilator against the golden model on a trace (see docs/rap-engine.md).")
public final class CosimCommand implements Callable<Integer> {
    @PathOption(PathOption.Kind.INPUT)
    @Option(
            names = "--trace",
            required = true,
            paramLabel = "FILE",
            description = "trace file: text, binary, lackey or pcap, detected; gzip is read directly")
    Path trace;

    @PathOption(PathOption.Kind.INPUT)
    @Option(
            names = "--config",
            required = true,
            paramLabel = "FILE",
            description = "design configuration (YAML), e.g. configs/rap_n128_k32.yaml")
    Path config;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(
            names = "--dump",
            paramLabel = "FILE",
            description = "write the final tree read out of the RTL (SPEC §8 dump)")
    Path dump;

    @Option(
            names = "--stress",
            paramLabel = "SEED",
            description = "random stream gaps and status checks while the stream flows (seeded)")
    Long stress;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(config)) throw new BadInputException(config + ":0: no such configuration file");
        if (!Files.isReadable(trace)) throw new BadInputException(trace + ":0: cannot read the trace");
        DesignConfig cfg;
        try {
            cfg = ConfigReader.read(config);
        } catch (ConfigException e) {
            throw new BadInputException(e.getMessage());
        }
        CosimKind kind = null;
        for (CosimKind k : ServiceLoader.load(CosimKind.class)) if (k.design().equals(cfg.design())) kind = k;
        if (kind == null)
            throw new BadInputException(config + ":0: no co-simulation for design '" + cfg.design() + "'");
        try {
            CosimKind.TraceRequest req = kind.traceRequest(cfg);
            // The format is detected, with profile's defaults for lackey (instruction addresses) and captures (source).
            TraceOptions opt = TraceOptions.keyBits(req.keyBits());
            // A design that takes tuples gets them as `sample` reads them: (pc, data address) from a lackey log,
            // (source, destination) from a capture.
            if (req.shape() == TraceShape.TUPLES) {
                opt = opt.withLackeyMode(TraceOptions.LackeyMode.TUPLES)
                        .withPacketField(TraceOptions.PacketField.SRC_DST);
            }
            try (TraceReader r = TraceReader.open(trace, null, opt, req.shape())) {
                return kind.run(cfg, r, new CosimKind.Options(dump, stress), System.out);
            }
        } catch (TraceFormatException e) {
            throw new BadInputException(e.getMessage());
        } catch (HdlException e) {
            throw new BadInputException(config + ":0: " + e.getMessage());
        }
    }
}
