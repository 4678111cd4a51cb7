package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.SEED;
import static org.rapgen.hdl.lib.NameKey.ST;
import static org.rapgen.hdl.lib.NameKey.W;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * Maximal-length Fibonacci LFSR shifting left, taps from {@link LfsrTaps} (XAPP052). One step is
 * {@code fb = XOR of s[t-1] over the taps t; s = (s << 1 | fb) mod 2^width}, so the newest bit is bit 0. On a clock
 * edge with {@code advance} high the state moves {@code stepsPerAdvance} steps at once. The state starts at
 * {@code seed} after reset and, since the seed is nonzero and the taps are maximal, never reaches 0: the period is
 * 2^width - 1 steps.
 *
 * <p>The unroll is flattened: each bit of the next state is the XOR of the current bits selected by a mask computed
 * here in Java (GF(2) arithmetic on the step matrix), so the logic depth is that of one XOR tree whatever the step
 * count.
 */
public final class Lfsr extends Module {
    public static final class IO extends Bundle {
        public final Bool advance = Input(Bool());
        public final UInt state;

        IO(int width) {
            state = UInt(width);
        }
    }

    public final IO io;

    public Lfsr(int width, int stepsPerAdvance, long seed) {
        this(width, stepsPerAdvance, seed, Mutant.NONE);
    }

    Lfsr(int width, int stepsPerAdvance, long seed, Mutant mutant) {
        super(W, width, ST, stepsPerAdvance, SEED, Long.toHexString(seed));
        SourceLoc loc = SourceLoc.callerOf(Lfsr.class);
        if (LfsrTaps.of(width) == null)
            throw new HdlException(
                    loc, "Lfsr width must be in " + LfsrTaps.MIN_WIDTH + ".." + LfsrTaps.MAX_WIDTH + ", got " + width);
        if (stepsPerAdvance < 1)
            throw new HdlException(loc, "Lfsr steps per advance must be >= 1, got " + stepsPerAdvance);
        if (seed == 0)
            throw new HdlException(loc, "Lfsr seed must be nonzero (the all-zero state never leaves itself)");
        if (width < 64 && (seed >>> width) != 0) {
            throw new HdlException(
                    loc,
                    "Lfsr seed 0x" + Long.toHexString(seed) + " does not fit in " + width
                            + " bits (pass an unsigned value, e.g. 0xACE1ACE1L)");
        }
        io = IO(new IO(width));
        UInt state = RegInit(U(unsigned(seed), width)).named("state");
        long taps = LfsrTaps.feedbackMask(width);
        // The mutant drops the highest tap below the width's own (every listed polynomial has one).
        if (mutant == Mutant.LFSR_TAP_DROPPED) taps &= ~Long.highestOneBit(taps & ~(1L << (width - 1)));
        long[] masks = advanceMasks(width, stepsPerAdvance, taps);
        List<Bool> next = new ArrayList<>();
        for (int bit = width - 1; bit >= 0; bit--) {
            long m = masks[bit];
            next.add(
                    Long.bitCount(m) == 1
                            ? state.bit(Long.numberOfTrailingZeros(m))
                            : state.and(U(unsigned(m), width)).xorR());
        }
        when(io.advance, () -> state.connect(Cat(next)));
        io.state.connect(state);
        LfsrProperties.check(state, io.advance, width, stepsPerAdvance, unsigned(seed));
    }

    /** masks[j]: which current bits XOR together to give bit j after {@code steps} steps of feedback mask {@code taps}. */
    static long[] advanceMasks(int width, int steps, long taps) {
        long[] m = new long[width];
        for (int j = 0; j < width; j++) m[j] = 1L << j;
        for (int s = 0; s < steps; s++) {
            long fb = 0;
            for (int j = 0; j < width; j++) if ((taps >>> j & 1) != 0) fb ^= m[j];
            System.arraycopy(m, 0, m, 1, width - 1);
            m[0] = fb;
        }
        return m;
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }
}
