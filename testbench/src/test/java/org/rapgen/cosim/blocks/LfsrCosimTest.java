package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.rapgen.hdl.Hdl.*;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.BatchResult;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.golden.sampler.LfsrModel;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.lib.LfsrTaps;

/**
 * The Lfsr block three ways, in one Verilator build: the sampler's configuration (32 bits, 16 steps, seed
 * 0xACE1ACE1) against the golden {@link LfsrModel}; widths 3..20 stepping every cycle, whose period must be exactly
 * 2^w - 1 with no state visited twice (checked exhaustively, so the taps and the unroll need no model); and widths
 * 3..64 with assorted step counts (some beyond the width) against a bit-serial stepper written here.
 */
@Cosim(LfsrCosimTest.BankProvider.class)
class LfsrCosimTest {
    static final int PERIOD_MAX = 20;
    static final int PERIOD_LANES = PERIOD_MAX - 2;
    static final int MULTI_LANES = 62;

    static long seed(int w, long salt) {
        long s = (w * 0x9E3779B97F4A7C15L + salt) >>> (64 - w);
        return s == 0 ? 1 : s;
    }

    static int steps(int w) {
        return new int[] {1, 2, 3, 7, 16, 33, 100}[w % 7];
    }

    /** All the LFSRs side by side; the period lanes advance every cycle. */
    static final class Bank extends Module {
        static final class IOB extends Bundle {
            final Bool goldenAdvance = Input(Bool());
            final UInt golden = Output(UInt(32));
            final Vec<UInt> period = Output(Vec(PERIOD_LANES, UInt(PERIOD_MAX)));
            final Bool multiAdvance = Input(Bool());
            final Vec<UInt> multi = Output(Vec(MULTI_LANES, UInt(64)));
        }

        final IOB io = IO(new IOB());

        Bank() {
            org.rapgen.hdl.lib.Lfsr g = Module(new org.rapgen.hdl.lib.Lfsr(
                    32, LfsrModel.STEPS_PER_EVENT, Integer.toUnsignedLong(LfsrModel.DEFAULT_SEED)));
            g.io.advance.connect(io.goldenAdvance);
            io.golden.connect(g.io.state);
            for (int w = 3; w <= PERIOD_MAX; w++) {
                org.rapgen.hdl.lib.Lfsr l = Module(new org.rapgen.hdl.lib.Lfsr(w, 1, seed(w, 1)));
                l.io.advance.connect(B(true));
                io.period.get(w - 3).connect(l.io.state);
            }
            for (int w = 3; w <= 64; w++) {
                org.rapgen.hdl.lib.Lfsr l = Module(new org.rapgen.hdl.lib.Lfsr(w, steps(w), seed(w, 2)));
                l.io.advance.connect(io.multiAdvance);
                io.multi.get(w - 3).connect(l.io.state);
            }
        }
    }

    static final class BankProvider extends DslProvider {
        BankProvider() {
            super(Bank::new);
        }
    }

    @Test
    void samplerConfigurationReproducesGoldenLfsr(Sim sim) {
        int n = 200_000;
        Random rnd = new Random(5);
        long[] adv = new long[n], reset = new long[n];
        for (int c = 0; c < n; c++) {
            adv[c] = rnd.nextInt(10) < 7 ? 1 : 0;
            reset[c] = c < 2 || rnd.nextInt(50_000) == 0 ? 1 : 0;
        }
        long[] got = sim.batch(n)
                .drive("reset", reset)
                .drive("io_goldenAdvance", adv)
                .sample("io_golden")
                .run()
                .values("io_golden");
        LfsrModel golden = new LfsrModel(LfsrModel.DEFAULT_SEED);
        for (int c = 2; c < n; c++) {
            assertEquals(Integer.toUnsignedLong(golden.state()), got[c], "cycle " + c);
            if (reset[c] == 1) golden = new LfsrModel(LfsrModel.DEFAULT_SEED);
            else if (adv[c] == 1) golden.event(LfsrModel.threshold(1));
        }
    }

    @Test
    void periodIsExactlyTwoToTheWidthMinusOne(Sim sim) {
        sim.reset(2);
        int chunk = 1 << 16;
        BitSet[] seen = new BitSet[PERIOD_LANES];
        for (int i = 0; i < PERIOD_LANES; i++) seen[i] = new BitSet(1 << (i + 3));
        String[] ports = new String[PERIOD_LANES];
        for (int i = 0; i < PERIOD_LANES; i++) ports[i] = "io_period_" + i;
        for (long base = 0; base < 1L << PERIOD_MAX; base += chunk) {
            BatchResult r = sim.batch(chunk).sample(ports).run();
            for (int i = 0; i < PERIOD_LANES; i++) {
                int w = i + 3;
                long period = (1L << w) - 1;
                long[] v = r.values(ports[i]);
                for (int k = 0; k < chunk && base + k <= period; k++) {
                    long c = base + k;
                    int s = (int) v[k];
                    if (c == period) {
                        assertEquals(seed(w, 1), s, "width " + w + ": back at the seed after 2^w-1 steps");
                    } else {
                        assertNotEquals(0, s, "width " + w + " reached 0 at step " + c);
                        assertFalse(seen[i].get(s), "width " + w + " revisits state " + s + " at step " + c);
                        seen[i].set(s);
                    }
                }
            }
        }
        for (int i = 0; i < PERIOD_LANES; i++)
            assertEquals((1 << (i + 3)) - 1, seen[i].cardinality(), "states visited, width " + (i + 3));
    }

    @Test
    void multiStepMatchesBitSerialStepper(Sim sim) {
        sim.reset(2);
        int n = 4000;
        Random rnd = new Random(9);
        long[] adv = new long[n];
        for (int c = 0; c < n; c++) adv[c] = rnd.nextBoolean() ? 1 : 0;
        String[] ports = new String[MULTI_LANES];
        for (int i = 0; i < MULTI_LANES; i++) ports[i] = "io_multi_" + i;
        BatchResult r = sim.batch(n).drive("io_multiAdvance", adv).sample(ports).run();
        for (int w = 3; w <= 64; w++) {
            long taps = LfsrTaps.feedbackMask(w);
            long mask = w == 64 ? -1L : (1L << w) - 1;
            long s = seed(w, 2);
            long[] v = r.values(ports[w - 3]);
            for (int c = 0; c < n; c++) {
                assertEquals(s, v[c], "width " + w + ", " + steps(w) + " steps per advance, cycle " + c);
                if (adv[c] == 1) {
                    for (int k = 0; k < steps(w); k++) s = ((s << 1) | (Long.bitCount(s & taps) & 1)) & mask;
                }
            }
        }
    }
}
