package org.rapgen.cosim.sampler;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

    static LaneBench bench;

    static SamplerParams p(String spec) {
        return SamplerParams.of(spec, K);
    }

    @BeforeAll
    static void build() {
        bench = new LaneBench("phase", LANES);
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
        bench.expectIdentical(t, i -> Traffic.fullRate());
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "skewed", "phased"})
    void randomBackpressure(String kind) {
        Tuples t = kind.equals("phased") ? phased(20_000, 37) : SamplerCosimTest.stream(kind, 20_000, 41);
        List<SamplerLane> lanes =
                bench.expectIdentical(t, i -> Traffic.random(30 + 13 * i % 70, 20 + 17 * i % 80, 900 + i));
        assertTrue(lanes.stream().anyMatch(l -> l.inStallsSeen() > 100), "the gate never stopped the producer");
    }

    /** A real trace: pc and data address of every load and store of {@code sort}. */
    @Test
    void lackeyTrace() throws Exception {
        Tuples t = Tuples.read(TupleStreams.lackeyTrace(), TraceFormat.LACKEY, K, 200_000);
        bench.expectIdentical(t, i -> i % 2 == 0 ? Traffic.fullRate() : Traffic.random(90, 60, 1100 + i));
    }
}
