package org.rapgen.bench;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;

/**
 * The performance report's naive TCAM baseline must do the job it is compared on: under Verilator, random prefix
 * entries and keys against a Java model of its contract (longest valid match, lowest slot on a tie, one clock late).
 */
@Cosim(NaiveTcamTest.Tcam16x8.class)
class NaiveTcamTest {
    static final int N = 16;
    static final int K = 8;

    static final class Tcam16x8 extends DslProvider {
        Tcam16x8() {
            super(() -> new NaiveTcam(N, K));
        }
    }

    /** Written from NaiveTcam's documented behaviour. */
    private static final class Ref {
        final long[] value = new long[N];
        final long[] mask = new long[N];
        final int[] len = new int[N];
        final boolean[] valid = new boolean[N];

        /** {hit, index, len} of the longest matching prefix. */
        long[] lookup(long key) {
            int best = -1;
            for (int i = 0; i < N; i++) {
                boolean match = valid[i] && ((key | mask[i]) == (value[i] | mask[i]));
                if (match && (best < 0 || len[i] > len[best])) best = i;
            }
            return best < 0 ? new long[] {0, 0, 0} : new long[] {1, best, len[best]};
        }
    }

    @Test
    void longestPrefixMatchesTheModel(Sim sim) {
        Ref ref = new Ref();
        sim.reset(2);
        Random rnd = new Random(7);
        int hits = 0;
        for (int c = 0; c < 4000; c++) {
            boolean wr = rnd.nextInt(3) == 0;
            int index = rnd.nextInt(N);
            int len = rnd.nextInt(K + 1);
            long mask = (1L << (K - len)) - 1;
            long value = rnd.nextInt(1 << K);
            long key = rnd.nextInt(1 << K);
            sim.poke("io_wr_en", wr ? 1 : 0);
            sim.poke("io_wr_index", index);
            sim.poke("io_wr_value", value);
            sim.poke("io_wr_mask", mask);
            sim.poke("io_wr_len", len);
            sim.poke("io_key", key);
            long[] expected = ref.lookup(key);
            sim.step();
            sim.expect("io_hit", expected[0]);
            if (expected[0] == 1) {
                hits++;
                sim.expect("io_index", expected[1]);
                sim.expect("io_len", expected[2]);
            }
            if (wr) {
                ref.value[index] = value;
                ref.mask[index] = mask;
                ref.len[index] = len;
                ref.valid[index] = true;
            }
        }
        if (hits < 1000) throw new AssertionError("too few matches to test the priority loop: " + hits);
    }
}
