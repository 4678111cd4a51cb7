package org.rapgen.cosim.sampler;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.sampler.HotlistSampler;
import org.rapgen.golden.sampler.MessageList;

/**
 * Burrows' value hotlist {@code V[n]rows} against its golden model, message for message and level for level, in one
 * Verilator build (its engines take several clocks a tuple, so they are not lanes of {@link SamplerCosimTest}, whose
 * engines all take one a clock): random, skewed and real tuple streams, frame ends, gates in front, narrow counts
 * that overflow, one pc with ever new values that drives its level to the top, and random backpressure.
 */
class HotlistCosimTest {
    static final int K = 64;

    static final List<SamplerParams> LANES = List.of(
            p("V[4]16").withCounters(3, 32),
            p("V[3]8").withCounters(8, 32),
            p("V[1]2").withCounters(2, 32),
            p("V[16]64").withCounters(16, 32),
            p("V[31]2").withCounters(4, 32),
            p("B[10,3]V[4]16").withCounters(6, 32),
            p("F[0x3,0x1]V[2]4").withCounters(5, 32),
            p("V[4]16").withCounters(3, 32).withHashStages(1));

    static LaneBench bench;

    static SamplerParams p(String spec) {
        return SamplerParams.of(spec, K);
    }

    @BeforeAll
    static void build() {
        bench = new LaneBench("hotlist", LANES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "skewed"})
    void fullRate(String kind) {
        bench.fullRate("hotlist", kind, 20_000, 21);
    }

    /** Random gaps on the input and stalls on the output, different per lane; offered during the clear too. */
    @ParameterizedTest
    @ValueSource(strings = {"random", "skewed"})
    void randomBackpressure(String kind) {
        bench.randomBackpressure(kind, 15_000, 23, 500);
    }

    /** A real trace: pc and data address of every load and store of {@code sort}, with the output stalling. */
    @Test
    void lackeyTrace() throws Exception {
        bench.lackeyTrace(K, 700);
    }

    /**
     * One pc with a new value in nearly every tuple: each sampled tuple thins the row, so its level climbs to the top,
     * where a full row is flushed instead. The golden stream reaching the top level keeps the test meaningful.
     */
    @Test
    void onePcWithEverNewValuesClimbsToTheTopLevel() {
        int n = 300_000;
        Random r = new Random(5);
        long[] pc = new long[n], w = new long[n];
        for (int i = 0; i < n; i++) {
            pc[i] = 0x400000L;
            w[i] = r.nextInt(1 << 30);
        }
        Tuples t = Tuples.endingWithLast(pc, w);
        MessageList golden = GoldenSampler.messages(LANES.get(2), t);
        boolean top = false;
        for (int i = 0; i < golden.size(); i++) top |= golden.level(i) == HotlistSampler.MAX_LEVEL;
        assertTrue(top, "the golden V[1]2 never reached the top level on this stream");
        bench.expectIdentical(t, i -> Traffic.fullRate());
    }
}
