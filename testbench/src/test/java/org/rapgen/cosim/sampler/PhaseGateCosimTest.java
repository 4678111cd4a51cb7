package org.rapgen.cosim.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rapgen.cosim.DslDut;
import org.rapgen.cosim.Dut;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.VerilatorModel;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.sampler.MessageList;
import org.rapgen.trace.TraceFormat;

/**
 * The phase gate {@code PH[...]} in front of samplers, against the golden model, message for message, in one
 * Verilator build (the gate stops the stream while it classifies an interval, so its engines are not lanes of
 * {@link SamplerCosimTest}, whose engines all take one tuple a clock): a stream that changes phase, random and skewed
 * streams with frames, a real trace, random backpressure; intervals of one tuple with one bucket, one signature
 * entry and one phase-table entry; random replacement in full tables; other gates before it.
 */
class PhaseGateCosimTest {
    static final int K = 64;

    static final List<SamplerParams> LANES = List.of(
            p("PH[len=50,sigs=4,phases=2]H[P4]16"),
            p("B[10,3]PH[len=20,buckets=4,thr=20,sigs=2,phases=1,pick=1]A4"),
            p("PH[len=1,buckets=1,sigs=1,phases=1]"),
            p("PH[len=256,thr=40]R2"),
            p("PH[len=40,buckets=8,thr=15,sigs=8,phases=3,pick=2]"),
            p("F[0x1,0x1]PH[len=30,buckets=16,thr=30,sigs=4,phases=4]A4"));

    static VerilatorModel model;

    static SamplerParams p(String spec) {
        return SamplerParams.of(spec, K);
    }

    @BeforeAll
    static void build() {
        Dut d = DslDut.of(() -> new SamplerBench("phase", LANES));
        model = VerilatorModel.builder(d.top())
                .files(d.files())
                .flags(d.flags())
                .build();
    }

    private static List<SamplerLane> run(Tuples t, IntFunction<Traffic> traffic) {
        List<SamplerLane> lanes = new ArrayList<>();
        try (Sim sim = model.newSim()) {
            for (int i = 0; i < LANES.size(); i++)
                lanes.add(new SamplerLane(sim, "io_e_" + i + "_", LANES.get(i), t, traffic.apply(i)));
            SamplerDriver.run(sim, lanes, 64L * t.size() + 100_000);
        }
        return lanes;
    }

    private static void expectIdentical(Tuples t, List<SamplerLane> lanes) {
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < LANES.size(); i++) {
            SamplerLane l = lanes.get(i);
            String spec = LANES.get(i).spec().text;
            MessageDiff d = MessageDiff.of(GoldenSampler.messages(LANES.get(i), t), l.messages());
            if (!d.identical()) bad.add(spec + ": " + d);
            Map<String, Long> s = l.finalStatus();
            assertEquals(t.size(), s.get("tuplesIn"), "tuplesIn of " + spec);
            assertEquals(l.messages().size(), s.get("messagesOut"), "messagesOut of " + spec);
            assertEquals(l.inStallsSeen(), s.get("inStalls"), "inStalls of " + spec);
            assertEquals(l.outStallsSeen(), s.get("outStalls"), "outStalls of " + spec);
        }
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }

    /** Blocks of 100 to 600 tuples, each from one of five pc ranges of different sizes, with frames now and then. */
    static Tuples phased(int n, long seed) {
        Random r = new Random(seed);
        long[] pc = new long[n], w = new long[n];
        boolean[] last = new boolean[n];
        int i = 0;
        while (i < n) {
            int program = r.nextInt(5);
            int block = 100 + r.nextInt(500);
            for (int j = 0; j < block && i < n; j++, i++) {
                pc[i] = 0x400000L + 0x10000L * program + 4L * r.nextInt(4 << program);
                w[i] = r.nextInt(8);
                last[i] = r.nextInt(4000) == 0;
            }
        }
        last[n - 1] = true;
        return new Tuples(pc, w, last);
    }

    @Test
    void aStreamThatChangesPhase() {
        Tuples t = phased(40_000, 31);
        for (SamplerParams p : LANES) {
            MessageList golden = GoldenSampler.messages(p, t);
            assertFalse(golden.isEmpty(), p.spec().text + " samples nothing on this stream, so the test is empty");
        }
        expectIdentical(t, run(t, i -> Traffic.fullRate()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "skewed", "phased"})
    void randomBackpressure(String kind) {
        Tuples t = kind.equals("phased") ? phased(20_000, 37) : SamplerCosimTest.stream(kind, 20_000, 41);
        List<SamplerLane> lanes = run(t, i -> Traffic.random(30 + 13 * i % 70, 20 + 17 * i % 80, 900 + i));
        expectIdentical(t, lanes);
        assertTrue(lanes.stream().anyMatch(l -> l.inStallsSeen() > 100), "the gate never stopped the producer");
    }

    /** A real trace: pc and data address of every load and store of {@code sort}. */
    @Test
    void lackeyTrace() throws Exception {
        Tuples t = Tuples.read(TupleStreams.lackeyTrace(), TraceFormat.LACKEY, K, 200_000);
        expectIdentical(t, run(t, i -> i % 2 == 0 ? Traffic.fullRate() : Traffic.random(90, 60, 1100 + i)));
    }
}
