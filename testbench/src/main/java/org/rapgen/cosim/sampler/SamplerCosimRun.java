package org.rapgen.cosim.sampler;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.rapgen.config.DesignConfig;
import org.rapgen.cosim.DslDut;
import org.rapgen.cosim.Dut;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.VerilatorModel;
import org.rapgen.cosim.cli.SimSpeed;
import org.rapgen.designs.SamplerDesign;
import org.rapgen.engines.sampler.SamplerEngine;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.sampler.MessageList;
import org.rapgen.trace.TraceFormat;

/**
 * {@code ./rapgen cosim} for a {@code sampler} configuration: the engine the configuration generates runs under
 * Verilator on a tuple trace, fed through its AXI4-Stream ports, and its message stream is compared message by
 * message with the golden model's ({@code org.rapgen.golden.sampler}) for the same composition and parameters.
 * The trace's last tuple carries TLAST (the golden model's {@code finish()}), so an A_k drains at the end.
 * Reports tuples, cycles, tuples per clock and mismatches; {@link Report#ok()} is false on any mismatch.
 */
public final class SamplerCosimRun {
    /** Default cap on tuples read from a trace (the run keeps them in memory: 16 bytes each). */
    public static final int DEFAULT_MAX_TUPLES = 20_000_000;

    private SamplerCosimRun() {}

    /**
     * @param traffic      producer/consumer behaviour; {@link Traffic#fullRate()} measures throughput
     * @param format       trace format, or null to detect it
     * @param maxTuples    read at most this many tuples
     * @param dump         if not null, the RTL's messages are written here as {@code <hex pc> <hex w> <count>}
     */
    public record Options(Traffic traffic, TraceFormat format, int maxTuples, Path dump) {
        public static Options defaults() {
            return new Options(Traffic.fullRate(), null, DEFAULT_MAX_TUPLES, null);
        }
    }

    /** What a run found. {@code cycles} counts from reset release, the table's start-up clear included. */
    public record Report(
            String spec,
            String top,
            long tuples,
            long cycles,
            double tuplesPerClock,
            MessageDiff diff,
            Map<String, Long> status,
            MessageList rtl,
            SimSpeed speed) {
        public boolean ok() {
            return diff.identical();
        }

        /** The RTL's messages, one {@code <hex pc> <hex w> <count>} line each (SPEC §8). */
        public String rtlMessages() {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < rtl.size(); i++) b.append(rtl.get(i)).append('\n');
            return b.toString();
        }

        public void print(PrintStream out) {
            out.printf("sampler %s (%s)%n", spec, top);
            out.printf(
                    "tuples %d%ncycles %d%ntuples/cycle %.4f (first to last accepted tuple)%n",
                    tuples, cycles, tuplesPerClock);
            out.println(speed.line());
            out.printf("messages golden %d rtl %d%nmismatches %d%n", diff.expected(), diff.actual(), diff.mismatches());
            for (String m : diff.first()) out.println("  " + m);
            out.println("status " + status);
        }
    }

    /** Runs a configuration (design {@code sampler}) on a trace. */
    public static Report run(DesignConfig cfg, Path trace, Options o) throws IOException {
        if (!cfg.design().equals(SamplerDesign.ENTRY.name()))
            throw new IllegalArgumentException(cfg.file() + ": design is '" + cfg.design() + "', not sampler");
        SamplerParams p = SamplerDesign.params(cfg.params()).check();
        Report r = run(p, Tuples.read(trace, o.format(), p.keyBits(), o.maxTuples()), o.traffic(), o.dump());
        return r;
    }

    /** Runs engine parameters on tuples held in memory. */
    public static Report run(SamplerParams p, Tuples t, Traffic traffic, Path dump) throws IOException {
        Dut d = DslDut.of(() -> new SamplerEngine(p));
        VerilatorModel model = VerilatorModel.builder(d.top())
                .files(d.files())
                .flags(d.flags())
                .build();
        MessageList golden = GoldenSampler.messages(p, t);
        try (Sim sim = model.newSim()) {
            SamplerLane lane = new SamplerLane(sim, "io_", p, t, traffic);
            SimSpeed.Start loop = SimSpeed.start(sim);
            long cycles = SamplerDriver.run(sim, List.of(lane), 64L * t.size() + 4L * p.tableDepth() + 100_000);
            SimSpeed speed = loop.stop();
            Report r = new Report(
                    p.spec().canonical(),
                    d.top(),
                    t.size(),
                    cycles,
                    lane.tuplesPerClock(),
                    MessageDiff.of(golden, lane.messages()),
                    lane.finalStatus(),
                    lane.messages(),
                    speed);
            if (dump != null) Files.writeString(dump, r.rtlMessages(), StandardCharsets.UTF_8);
            return r;
        }
    }
}
