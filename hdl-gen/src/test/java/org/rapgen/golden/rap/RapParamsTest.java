package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RapParamsTest {

    @Test
    void derivedQuantities() {
        RapParams p = RapParams.of(32, 4, 655);
        assertEquals(16, p.branching());
        assertEquals(8, p.levels());
        assertEquals(3, p.log2Levels());
        assertEquals(1024, p.m0());
        assertEquals(2, p.q());
        assertEquals(64, RapParams.of(64, 1, 1).levels());
        assertEquals(6, RapParams.of(64, 1, 1).log2Levels());
    }

    @Test
    void epsFromDoubleIsFloorTimes65536() {
        assertEquals(655, RapParams.epsToFx(0.01));
        assertEquals(6553, RapParams.epsToFx(0.1));
        assertEquals(32768, RapParams.epsToFx(0.5));
        assertEquals(1, RapParams.epsToFx(1.0 / 65536));
        assertEquals(65535, RapParams.epsToFx(Math.nextDown(1.0)));
        assertEquals(655, RapParams.ofEps(32, 4, 0.01).epsFx());
    }

    @Test
    void invalidParametersAreRejectedWithClearMessages() {
        assertMessage("key_bits must be 32 or 64, got 16", () -> RapParams.of(16, 4, 655));
        assertMessage(
                "bits per level k must be 1, 2 or 4 (branching 2, 4 or 16), got 3", () -> RapParams.of(32, 3, 655));
        assertMessage("epsFx must be 1..65535", () -> RapParams.of(32, 4, 0));
        assertMessage("epsFx must be 1..65535", () -> RapParams.of(32, 4, 65536));
        assertMessage("M0 must be >= 1, got 0", () -> new RapParams(32, 4, 655, 0, 2));
        assertMessage("q must be an integer >= 2, got 1", () -> new RapParams(32, 4, 655, 1024, 1));
        assertMessage("eps must be in (0, 1), got 1.0", () -> RapParams.epsToFx(1.0));
        assertMessage("eps must be in (0, 1), got NaN", () -> RapParams.epsToFx(Double.NaN));
        assertMessage("rounds to epsFx=0", () -> RapParams.epsToFx(1e-6));
        assertMessage(
                "does not fit in key_bits=32", () -> RapParams.of(32, 4, 655).checkKey(1L << 32));
    }

    private static void assertMessage(String expected, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(expected), () -> "message was: " + e.getMessage());
    }

    /** T(n) and the error bound against an exact BigInteger reference, over the full unsigned range of n. */
    @Test
    void thresholdMatchesExactReferenceFor64BitN() {
        SplittableRandom rnd = new SplittableRandom(1);
        for (int trial = 0; trial < 20000; trial++) {
            int k = new int[] {1, 2, 4}[trial % 3];
            int keyBits = trial % 2 == 0 ? 32 : 64;
            RapParams p = RapParams.of(keyBits, k, 1 + rnd.nextInt(65535));
            long n = switch (trial % 4) {
                case 0 -> rnd.nextLong(); // includes n >= 2^63
                case 1 -> -1L - rnd.nextInt(1000); // near 2^64-1
                case 2 -> rnd.nextInt(1 << 20);
                default -> rnd.nextLong() >>> rnd.nextInt(64);
            };
            BigInteger product = BoundCheck.unsigned(n).multiply(BigInteger.valueOf(p.epsFx()));
            assertEquals(product.shiftRight(16 + p.log2Levels()), BoundCheck.unsigned(p.threshold(n)), "T(" + n + ")");
            assertEquals(product.shiftRight(16), BoundCheck.unsigned(p.errorBound(n)), "bound(" + n + ")");
        }
    }

    @Test
    void thresholdNeverExceedsRealEpsTimesNOverL() {
        SplittableRandom rnd = new SplittableRandom(2);
        for (int trial = 0; trial < 5000; trial++) {
            double eps = rnd.nextDouble(1e-4, 0.999);
            RapParams p = RapParams.ofEps(32, 2, eps);
            long n = rnd.nextLong(1L << 50);
            // T <= eps*n/L, compared as exact decimals.
            java.math.BigDecimal real = new java.math.BigDecimal(eps)
                    .multiply(java.math.BigDecimal.valueOf(n))
                    .divide(java.math.BigDecimal.valueOf(p.levels()));
            assertTrue(java.math.BigDecimal.valueOf(p.threshold(n)).compareTo(real) <= 0);
        }
    }

    @Test
    void unsignedMultiplyHighMatchesBigInteger() {
        SplittableRandom rnd = new SplittableRandom(3);
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        for (int i = 0; i < 10000; i++) {
            long a = rnd.nextLong();
            long b = i % 2 == 0 ? rnd.nextLong() : rnd.nextInt(1 << 16);
            BigInteger hi =
                    BoundCheck.unsigned(a).multiply(BoundCheck.unsigned(b)).divide(two64);
            assertEquals(hi, BoundCheck.unsigned(FixedPoint.unsignedMultiplyHigh(a, b)));
        }
    }
}
