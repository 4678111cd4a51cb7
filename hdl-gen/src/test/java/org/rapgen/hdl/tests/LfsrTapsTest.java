package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.lib.LfsrTaps;

/**
 * Every entry of the taps table is maximal: the LFSR step, as a linear map on GF(2)^n, has multiplicative order
 * exactly 2^n - 1 (A^(2^n-1) = I and A^((2^n-1)/q) != I for every prime q dividing 2^n - 1), which holds iff its
 * characteristic polynomial is primitive. Plain arithmetic, independent of the hardware and of any table elsewhere.
 */
class LfsrTapsTest {

    /** A linear map on n-bit vectors, as the images of the unit vectors. */
    private record Linear(int n, long[] cols) {
        long apply(long v) {
            long r = 0;
            for (int j = 0; j < n; j++) if ((v >>> j & 1) != 0) r ^= cols[j];
            return r;
        }

        Linear then(Linear next) {
            long[] c = new long[n];
            for (int j = 0; j < n; j++) c[j] = next.apply(cols[j]);
            return new Linear(n, c);
        }

        static Linear identity(int n) {
            long[] c = new long[n];
            for (int j = 0; j < n; j++) c[j] = 1L << j;
            return new Linear(n, c);
        }

        boolean isIdentity() {
            for (int j = 0; j < n; j++) if (cols[j] != 1L << j) return false;
            return true;
        }

        Linear pow(BigInteger e) {
            Linear result = identity(n);
            Linear base = this;
            for (int i = 0; i < e.bitLength(); i++) {
                if (e.testBit(i)) result = result.then(base);
                base = base.then(base);
            }
            return result;
        }
    }

    /** One Fibonacci step shifting left: bit 0 becomes the XOR of bits t-1 over the taps. */
    private static Linear step(int n, int[] taps) {
        long mask = n == 64 ? -1L : (1L << n) - 1;
        long[] c = new long[n];
        for (int j = 0; j < n; j++) {
            long e = 1L << j;
            int fb = 0;
            for (int t : taps) fb ^= (int) (e >>> (t - 1) & 1);
            c[j] = ((e << 1) | fb) & mask;
        }
        return new Linear(n, c);
    }

    @Test
    void everyWidthHasMaximalPeriod() {
        for (int n = LfsrTaps.MIN_WIDTH; n <= LfsrTaps.MAX_WIDTH; n++) {
            int[] taps = LfsrTaps.of(n);
            assertEquals(n, taps[0], "the first tap is the width for n=" + n);
            Linear a = step(n, taps);
            BigInteger period = BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
            assertTrue(a.pow(period).isIdentity(), "A^(2^" + n + "-1) != I: taps " + java.util.Arrays.toString(taps));
            for (BigInteger q : primeFactors(period)) {
                assertTrue(
                        !a.pow(period.divide(q)).isIdentity(),
                        "order divides (2^" + n + "-1)/" + q + ": taps " + java.util.Arrays.toString(taps));
            }
        }
        assertNull(LfsrTaps.of(2));
        assertNull(LfsrTaps.of(65));
    }

    @Test
    void factorizationIsRight() {
        // The order test is only as good as the factorization: products must rebuild 2^n - 1 from primes.
        for (int n = 2; n <= 64; n++) {
            BigInteger m = BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
            BigInteger prod = BigInteger.ONE;
            List<BigInteger> f = factor(m);
            for (BigInteger p : f) {
                assertTrue(p.isProbablePrime(64), p + " is not prime");
                prod = prod.multiply(p);
            }
            assertEquals(m, prod, "factors of 2^" + n + "-1");
        }
        assertEquals(
                List.of(BigInteger.valueOf(3), BigInteger.valueOf(5), BigInteger.valueOf(17), BigInteger.valueOf(257)),
                new ArrayList<>(primeFactors(BigInteger.valueOf(65535))));
        assertNotEquals(
                0,
                primeFactors(BigInteger.ONE.shiftLeft(61).subtract(BigInteger.ONE))
                        .size());
    }

    private static TreeSet<BigInteger> primeFactors(BigInteger m) {
        return new TreeSet<>(factor(m));
    }

    /** Prime factors with multiplicity: trial division by small primes, then Pollard's rho. */
    private static List<BigInteger> factor(BigInteger m) {
        List<BigInteger> out = new ArrayList<>();
        for (long p = 2; p < 1000 && m.compareTo(BigInteger.ONE) > 0; p++) {
            BigInteger bp = BigInteger.valueOf(p);
            while (m.mod(bp).signum() == 0) {
                out.add(bp);
                m = m.divide(bp);
            }
        }
        split(m, out);
        return out;
    }

    private static void split(BigInteger m, List<BigInteger> out) {
        if (m.equals(BigInteger.ONE)) return;
        if (m.isProbablePrime(64)) {
            out.add(m);
            return;
        }
        BigInteger d = rho(m);
        split(d, out);
        split(m.divide(d), out);
    }

    private static BigInteger rho(BigInteger m) {
        for (long c = 1; ; c++) {
            BigInteger bc = BigInteger.valueOf(c);
            BigInteger x = BigInteger.TWO, y = BigInteger.TWO, d = BigInteger.ONE;
            while (d.equals(BigInteger.ONE)) {
                x = x.multiply(x).add(bc).mod(m);
                y = y.multiply(y).add(bc).mod(m);
                y = y.multiply(y).add(bc).mod(m);
                d = x.subtract(y).abs().gcd(m);
            }
            if (!d.equals(m)) return d;
        }
    }
}
