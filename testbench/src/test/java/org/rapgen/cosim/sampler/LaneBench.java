package org.rapgen.cosim.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.rapgen.cosim.DslDut;
import org.rapgen.cosim.Dut;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.VerilatorModel;
import org.rapgen.engines.sampler.SamplerParams;

/**
 * Sampler engines that take more than one clock a tuple, side by side in one Verilator build ({@link SamplerBench}),
 * each lane against its golden model: the messages (with a hotlist's levels) must be identical and the status
 * counters must agree with what the testbench saw.
 */
final class LaneBench {
    private final List<SamplerParams> lanes;
    private final VerilatorModel model;

    LaneBench(String name, List<SamplerParams> lanes) {
        this.lanes = List.copyOf(lanes);
        Dut d = DslDut.of(() -> new SamplerBench(name, this.lanes));
        this.model = VerilatorModel.builder(d.top())
                .files(d.files())
                .flags(d.flags())
                .build();
    }

    /** Runs every lane on {@code t} with per-lane traffic; returns the lanes. */
    List<SamplerLane> run(Tuples t, IntFunction<Traffic> traffic) {
        List<SamplerLane> out = new ArrayList<>();
        try (Sim sim = model.newSim()) {
            for (int i = 0; i < lanes.size(); i++)
                out.add(new SamplerLane(sim, "io_e_" + i + "_", lanes.get(i), t, traffic.apply(i)));
            SamplerDriver.run(sim, out, 64L * t.size() + 100_000);
        }
        return out;
    }

    /** Runs and checks every lane. */
    List<SamplerLane> expectIdentical(Tuples t, IntFunction<Traffic> traffic) {
        List<SamplerLane> ran = run(t, traffic);
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < lanes.size(); i++) {
            SamplerLane l = ran.get(i);
            String spec = lanes.get(i).spec().text;
            MessageDiff d = MessageDiff.of(GoldenSampler.messages(lanes.get(i), t), l.messages());
            if (!d.identical()) bad.add(spec + ": " + d);
            Map<String, Long> s = l.finalStatus();
            assertEquals(t.size(), s.get("tuplesIn"), "tuplesIn of " + spec);
            assertEquals(l.messages().size(), s.get("messagesOut"), "messagesOut of " + spec);
            assertEquals(l.inStallsSeen(), s.get("inStalls"), "inStalls of " + spec);
            assertEquals(l.outStallsSeen(), s.get("outStalls"), "outStalls of " + spec);
        }
        assertTrue(bad.isEmpty(), String.join("\n", bad));
        return ran;
    }

    /** Every lane at full rate on a random or skewed stream; prints each lane's messages and tuples per clock. */
    List<SamplerLane> fullRate(String label, String kind, int n, long seed) {
        Tuples t = SamplerCosimTest.stream(kind, n, seed);
        List<SamplerLane> ran = expectIdentical(t, i -> Traffic.fullRate());
        for (int i = 0; i < lanes.size(); i++) {
            System.out.printf(
                    "%s %s %s: %d messages, %.3f tuples per clock%n",
                    label,
                    kind,
                    lanes.get(i).spec().text,
                    ran.get(i).messages().size(),
                    ran.get(i).tuplesPerClock());
        }
        return ran;
    }

    /** Random gaps on the input and stalls on the output, different per lane; the consumer must stall in most. */
    void randomBackpressure(String kind, int n, long seed, int trafficSeed) {
        Tuples t = SamplerCosimTest.stream(kind, n, seed);
        List<SamplerLane> ran =
                expectIdentical(t, i -> Traffic.random(30 + 11 * i % 70, 15 + 13 * i % 80, trafficSeed + i));
        assertTrue(ran.stream().filter(l -> l.outStallsSeen() > 50).count() >= 4, "the consumer rarely stalled");
    }

    /** A real trace: pc and data address of the first 200,000 loads and stores of {@code sort}, every other lane stalling. */
    void lackeyTrace(int keyBits, int trafficSeed) throws java.io.IOException, InterruptedException {
        Tuples t = Tuples.read(TupleStreams.lackeyTrace(), org.rapgen.trace.TraceFormat.LACKEY, keyBits, 200_000);
        expectIdentical(t, i -> i % 2 == 0 ? Traffic.fullRate() : Traffic.random(90, 60, trafficSeed + i));
    }
}
