package org.rapgen.cosim.sampler;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.sampler.Message;
import org.rapgen.golden.sampler.MessageList;
import org.rapgen.golden.sampler.SlotRecord;

/**
 * Zilles and Sohi's slot table {@code Z_k} against its golden model, message for message, in one Verilator build
 * (it takes two clocks a tuple, so it is not a lane of {@link SamplerCosimTest}): tables from one slot to the shipped
 * 32, thresholds small enough that every interrupt cause and reselection happens often, gates in front, random,
 * skewed and real tuple streams with frame ends, random backpressure, and one pc whose total saturates.
 */
class SlotTableCosimTest {
    static final int K = 64;

    static final List<SamplerParams> LANES = List.of(
            p("Z32"),
            p("Z[fail=8,thrash=6,draw=4,keep=2]4"),
            p("Z1"),
            p("Z[fail=3,draw=2]2"),
            p("Z[keep=1,thrash=40]16"),
            p("F[0x3,0x1]Z8"),
            p("B[10,3]Z[fail=5,thrash=5]4"));

    static LaneBench bench;

    static SamplerParams p(String spec) {
        return SamplerParams.of(spec, K);
    }

    @BeforeAll
    static void build() {
        bench = new LaneBench("slots", LANES);
    }

    /** The causes the golden model's messages carry on a stream, over every lane. */
    private static Set<SlotRecord.Cause> causes(Tuples t) {
        Set<SlotRecord.Cause> seen = EnumSet.noneOf(SlotRecord.Cause.class);
        for (SamplerParams p : LANES) {
            for (Message m : GoldenSampler.messages(p, t))
                seen.add(SlotRecord.of(m.pc(), m.w(), m.count()).cause());
        }
        return seen;
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "skewed"})
    void fullRate(String kind) {
        Tuples t = SamplerCosimTest.stream(kind, 20_000, 31);
        assertTrue(causes(t).containsAll(EnumSet.allOf(SlotRecord.Cause.class)), "a cause never happens: " + causes(t));
        bench.fullRate("slot table", kind, 20_000, 31);
    }

    /** Random gaps on the input and stalls on the output, different per lane. */
    @ParameterizedTest
    @ValueSource(strings = {"random", "skewed"})
    void randomBackpressure(String kind) {
        bench.randomBackpressure(kind, 15_000, 33, 900);
    }

    /** A real trace: pc and data address of every load and store of {@code sort}, with the output stalling. */
    @Test
    void lackeyTrace() throws Exception {
        bench.lackeyTrace(K, 1100);
    }

    /**
     * One pc with a new value in nearly every tuple: its active value is reselected over and over while total goes on
     * counting, until total saturates and turns the slot off; the golden stream holding such a slot keeps the test
     * meaningful.
     */
    @Test
    void onePcWithEverNewValuesSaturatesItsTotal() {
        int n = 140_000;
        Random r = new Random(7);
        long[] pc = new long[n], w = new long[n];
        for (int i = 0; i < n; i++) {
            pc[i] = 0x400000L;
            w[i] = r.nextInt(1 << 30);
        }
        Tuples t = Tuples.endingWithLast(pc, w);
        MessageList golden = GoldenSampler.messages(LANES.get(0), t);
        boolean saturated = golden.stream()
                .map(m -> SlotRecord.of(m.pc(), m.w(), m.count()))
                .anyMatch(s -> s.off() && s.total() == 65535);
        assertTrue(saturated, "no slot of the golden Z32 saturated its total on this stream");
        bench.expectIdentical(t, i -> Traffic.fullRate());
    }
}
