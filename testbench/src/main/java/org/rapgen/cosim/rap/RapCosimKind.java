package org.rapgen.cosim.rap;

import java.io.IOException;
import java.io.PrintStream;
import org.rapgen.cli.BadInputException;
import org.rapgen.config.DesignConfig;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.VerilatorModel;
import org.rapgen.cosim.cli.CosimKind;
import org.rapgen.cosim.cli.DumpFile;
import org.rapgen.cosim.cli.SimSpeed;
import org.rapgen.designs.RapDesign;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.golden.rap.TreeDump;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * {@code cosim} for {@code design: rap}: every trace record is one beat, the last with tlast (the end of a trace
 * flushes, as in {@code profile}); the dump is the tree read out of the RTL through the CSRs.
 */
public final class RapCosimKind implements CosimKind {
    @Override
    public String design() {
        return "rap";
    }

    @Override
    public TraceRequest traceRequest(DesignConfig config) {
        return new TraceRequest(
                TraceShape.EVENTS, RapDesign.config(config.params()).keyBits());
    }

    @Override
    public int run(DesignConfig config, TraceReader trace, Options options, PrintStream out) throws IOException {
        RapConfig c = RapDesign.config(config.params());
        RapStimulus s = new RapStimulus();
        long max = (1L << c.weightBits()) - 1;
        while (trace.next()) {
            long w = trace.weight();
            if (!c.weightField() && w != 1) {
                throw new BadInputException(trace.name() + ": record " + trace.records() + ": weight " + w + ", but "
                        + config.file() + " has no weight field (weight_field: false)");
            }
            if (w > max) {
                throw new BadInputException(trace.name() + ": record " + trace.records() + ": weight " + w
                        + " does not fit the engine's " + c.weightBits() + "-bit weight (max " + max + ")");
            }
            s.beat(trace.key(), w);
        }
        if (s.size() > 0) s.markLast();
        RapCosim.Options opt = options.stressSeed() == null
                ? RapCosim.Options.fullSpeed()
                : RapCosim.Options.stress(options.stressSeed());
        out.println("cosim " + config.name() + " (" + c.describe() + ") on " + trace.name());
        long t0 = System.nanoTime();
        VerilatorModel model = RapCosim.model(c);
        RapCosimReport r;
        SimSpeed speed;
        try (Sim sim = model.newSim()) {
            SimSpeed.Start loop = SimSpeed.start(sim);
            r = RapCosim.run(sim, c, s, opt);
            speed = loop.stop();
        }
        r.print(out);
        out.println(speed.line());
        out.printf("wall time   %.1f s%n", (System.nanoTime() - t0) / 1e9);
        if (options.dump() != null && r.tree() != null) DumpFile.write(options.dump(), TreeDump.toString(r.tree()));
        return r.ok() ? 0 : 1;
    }
}
