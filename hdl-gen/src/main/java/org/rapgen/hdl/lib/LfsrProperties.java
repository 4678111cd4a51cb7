package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import java.math.BigInteger;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.UInt;

/**
 * The {@link Lfsr}'s period as formal properties. The expected sequence is computed here one Fibonacci step at a
 * time from the taps (the recurrence of the class comment, not the generator's flattened masks): the state is never
 * 0, and it is the seed again exactly every period, 2^width - 1 steps (in advances: that divided by its common factor
 * with the steps per advance), counted by a counter of advances modulo the period. Up to
 * {@link #RECURRENCE_MAX_WIDTH} bits, the state after k advances is also element k of the expected sequence: with
 * that the properties are an invariant, so induction proves them for every cycle.
 */
final class LfsrProperties {
    /** Widths up to this get the whole expected sequence as a property (2^width - 1 states, one mux each). */
    static final int RECURRENCE_MAX_WIDTH = 8;

    private LfsrProperties() {}

    static void check(UInt state, Bool advance, int width, int stepsPerAdvance, BigInteger seed) {
        BigInteger steps = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
        BigInteger period = steps.divide(steps.gcd(BigInteger.valueOf(stepsPerAdvance)));
        Formal.properties(() -> {
            int bits = period.bitLength();
            UInt last = U(period.subtract(BigInteger.ONE), bits);
            UInt advances = RegInit(U(0, bits)).named("f_advances");
            when(advance, () -> advances.connect(Mux(advances.eq(last), U(0, bits), advances.add(1))));
            Formal.Assert("never_zero", state.ne(0));
            Formal.Assert(
                    "seed_again_only_after_period", state.eq(U(seed, width)).eq(advances.eq(0)));
            if (width <= RECURRENCE_MAX_WIDTH) {
                long[] expected = sequence(width, stepsPerAdvance, seed.longValueExact(), period.intValueExact());
                UInt want = U(expected[0], width);
                for (int k = 1; k < expected.length; k++) want = Mux(advances.eq(k), U(expected[k], width), want);
                Formal.Assert("state_follows_recurrence", state.eq(want));
            }
        });
    }

    /** The state after each of {@code period} advances, stepping {@code s = (s << 1 | XOR of taps) mod 2^width}. */
    private static long[] sequence(int width, int stepsPerAdvance, long seed, int period) {
        long mask = (1L << width) - 1;
        long[] out = new long[period];
        long s = seed;
        for (int k = 0; k < period; k++) {
            out[k] = s;
            for (int i = 0; i < stepsPerAdvance; i++) {
                long fb = 0;
                for (int t : LfsrTaps.of(width)) fb ^= s >>> (t - 1) & 1;
                s = (s << 1 | fb) & mask;
            }
        }
        return out;
    }
}
