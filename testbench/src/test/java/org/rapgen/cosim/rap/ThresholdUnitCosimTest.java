package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rapgen.cosim.DslDut;
import org.rapgen.cosim.Dut;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.VerilatorModel;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.ThresholdUnit;
import org.rapgen.golden.rap.RapParams;

/**
 * The threshold unit alone: T(n) of every event must equal the golden {@code RapParams.threshold(n)} (clipped
 * to the carried width), with 32-bit weights, every eps up to 65535, random output stalls, and a clear between runs.
 */
class ThresholdUnitCosimTest {
    @ParameterizedTest(name = "K={0} k={1} C={2} pieces={3}")
    @CsvSource({"32, 4, 32, 20", "64, 1, 64, 20", "32, 2, 4, 20", "32, 4, 32, 3"})
    void numbersEveryEventLikeTheGoldenModel(int keyBits, int k, int counterBits, int pieceBits) {
        RapConfig c = new RapConfig(keyBits, k, 64, counterBits, 32, true, 16, false, 655, 1024, 2, 2);
        // 3-bit pieces above P's low 48 bits: P passes 2^57 in a run, so carries cross several pieces at once.
        Dut d = DslDut.of(() -> new ThresholdUnit(c, pieceBits));
        Random r = new Random(keyBits * 31L + k);
        long clip = (1L << c.thresholdBits()) - 1;
        try (Sim sim = VerilatorModel.builder(d.top()).files(d.files()).build().newSim()) {
            sim.reset(2);
            for (int run = 0; run < 3; run++) {
                int eps = run == 0 ? 65535 : 1 + r.nextInt(65535);
                RapParams g = new RapParams(keyBits, k, eps, 1024, 2);
                sim.poke("io_epsFx", eps);
                sim.poke("io_clear", 1);
                sim.step();
                sim.poke("io_clear", 0);
                ArrayDeque<long[]> expected = new ArrayDeque<>();
                long n = 0;
                int sent = 0;
                int seen = 0;
                while (seen < 5000) {
                    boolean offer = sent < 5000 && r.nextInt(4) != 0;
                    long w = r.nextInt(8) == 0
                            ? 0xFFFF_FFFFL
                            : 1 + (r.nextLong() >>> (1 + r.nextInt(63)) & 0xFFFF_FFFFL);
                    if (w == 0) w = 1;
                    sim.poke("io_in_valid", offer ? 1 : 0);
                    sim.poke("io_in_bits_weight", w);
                    sim.poke("io_in_bits_key", sent);
                    boolean ready = r.nextInt(3) != 0;
                    sim.poke("io_out_ready", ready ? 1 : 0);
                    if (offer && sim.peek("io_in_ready") != 0) {
                        n += w;
                        expected.add(new long[] {sent, n, Math.min(g.threshold(n), clip)});
                        sent++;
                    }
                    if (ready && sim.peek("io_out_valid") != 0) {
                        long[] e = expected.poll();
                        assertEquals(e[0], sim.peek("io_out_bits_key"), "key order");
                        assertEquals(
                                e[2],
                                sim.peek("io_out_bits_threshold"),
                                "T(n) of event " + e[0] + " at n=" + e[1] + " eps=" + eps);
                        seen++;
                    }
                    sim.step();
                }
                assertEquals(1, sim.peek("io_empty") | (expected.isEmpty() ? 1 : 0));
            }
        }
    }
}
