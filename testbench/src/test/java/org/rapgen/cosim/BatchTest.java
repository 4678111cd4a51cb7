package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The batched call must be indistinguishable from poke/peek/step per cycle. */
class BatchTest {

    @Test
    void batchedEqualsPerCycleOnCounter() {
        VerilatorModel m = Bringup.model(new Bringup.Counter());
        int n = 5000;
        Random rnd = new Random(7);
        long[] en = new long[n], load = new long[n], lv = new long[n], reset = new long[n];
        for (int c = 0; c < n; c++) {
            reset[c] = c < 2 || rnd.nextInt(1000) == 0 ? 1 : 0;
            en[c] = rnd.nextInt(3) == 0 ? 0 : 1;
            load[c] = rnd.nextInt(40) == 0 ? 1 : 0;
            lv[c] = rnd.nextInt(10) == 0 ? 0xfffffff0L : rnd.nextInt() & 0xffffffffL;
        }
        long[] count = new long[n], wrap = new long[n];
        try (Sim s = m.newSim()) {
            for (int c = 0; c < n; c++) {
                s.poke("reset", reset[c]);
                s.poke("io_en", en[c]);
                s.poke("io_load", load[c]);
                s.poke("io_loadValue", lv[c]);
                count[c] = s.peek("io_count");
                wrap[c] = s.peek("io_wrap");
                s.step();
            }
        }
        try (Sim s = m.newSim()) {
            // Split into two batches: state must carry across batch boundaries too.
            int half = n / 2;
            BatchResult a = runCounter(s, 0, half, reset, en, load, lv);
            BatchResult b = runCounter(s, half, n, reset, en, load, lv);
            assertEquals(n, s.cycle());
            assertArrayEquals(count, concat(a.values("io_count"), b.values("io_count")));
            assertArrayEquals(wrap, concat(a.values("io_wrap"), b.values("io_wrap")));
        }
    }

    private static BatchResult runCounter(Sim s, int from, int to, long[] reset, long[] en, long[] load, long[] lv) {
        return s.batch(to - from)
                .drive("reset", java.util.Arrays.copyOfRange(reset, from, to))
                .drive("io_en", java.util.Arrays.copyOfRange(en, from, to))
                .drive("io_load", java.util.Arrays.copyOfRange(load, from, to))
                .drive("io_loadValue", java.util.Arrays.copyOfRange(lv, from, to))
                .sample("io_count", "io_wrap")
                .run();
    }

    private static long[] concat(long[] a, long[] b) {
        long[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void batchedWidePortsMatchPerCycle() {
        VerilatorModel m = Bringup.model(new Bringup.Adder());
        int n = 300;
        Random rnd = new Random(3);
        BigInteger[] a = new BigInteger[n], b = new BigInteger[n];
        for (int c = 0; c < n; c++) {
            a[c] = new BigInteger(100, rnd);
            b[c] = new BigInteger(100, rnd);
        }
        BigInteger[] sum = new BigInteger[n], sumReg = new BigInteger[n];
        try (Sim s = m.newSim()) {
            for (int c = 0; c < n; c++) {
                s.poke("io_a", a[c]);
                s.poke("io_b", b[c]);
                sum[c] = s.peekBig("io_sum");
                sumReg[c] = s.peekBig("io_sumReg");
                s.step();
            }
        }
        try (Sim s = m.newSim()) {
            BatchResult r = s.batch(n)
                    .drive("io_a", a)
                    .drive("io_b", b)
                    .sample("io_sum", "io_sumReg")
                    .run();
            assertArrayEquals(sum, r.bigValues("io_sum"));
            assertArrayEquals(sumReg, r.bigValues("io_sumReg"));
        }
        BigInteger mod = BigInteger.ONE.shiftLeft(100);
        for (int c = 1; c < n; c++) {
            assertEquals(a[c].add(b[c]).mod(mod), sum[c], "sum @" + c);
            assertEquals(a[c - 1].add(b[c - 1]).mod(mod), sumReg[c], "registered sum @" + c);
        }
    }

    @Test
    void badBatchShapesAreRejected() {
        VerilatorModel m = Bringup.model(new Bringup.Counter());
        try (Sim s = m.newSim()) {
            assertThrows(IllegalArgumentException.class, () -> s.batch(4).drive("io_en", new long[3]));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> s.batch(4).drive("io_count", new long[4]).run());
            int en = s.port("io_en").id();
            assertThrows(
                    IllegalArgumentException.class,
                    () -> s.runBatch(4, new int[] {en}, new long[3], new int[0], new long[0]));
        }
    }
}
