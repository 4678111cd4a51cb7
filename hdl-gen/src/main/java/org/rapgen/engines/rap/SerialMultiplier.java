package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * An exact unsigned product {@code a * b} by shift-and-add, one bit of b per step from the least significant:
 * {@code bBits} steps after {@code start}, {@code busy} falls and {@code product} holds the full
 * {@code aBits + bBits}-bit result (while busy it holds partial sums). A step is one clock, or two when {@code a} is
 * wider than {@link #ONE_CLOCK_BITS} and the step's bit of b is set: the low half of the add and its carry, then the
 * high half (a 64-bit carry chain alone takes about 9 ns on an iCE40). A zero bit adds nothing, so its step is only
 * the shift, in one clock: the schedule's q = 2 costs 33 clocks, not 64. For the rare wide products of the engine (the
 * error bound n * eps at a snapshot, the merge schedule's next * q), where a parallel 64-bit multiplier would cost far
 * more than it saves.
 *
 * <p>The classic layout: {@code b} is loaded into the low half of the product register at {@code start} and shifted
 * out of its low end while the sums move in from the top, so {@code b} is read only in the start clock. {@code a} is
 * added in every busy clock: either the caller holds it stable from {@code start} until {@code busy} falls (checked
 * in simulation) and the block keeps no copy, or the block copies it at {@code start} ({@code aBits} flip-flops, each a
 * whole iCE40 logic cell since its input is no LUT's output).
 */
public final class SerialMultiplier extends Module {
    /** The widest {@code a} added in one clock. */
    public static final int ONE_CLOCK_BITS = 32;

    /** Clocks from {@code start} until {@code busy} falls, for the operand {@code b}. */
    public static int clocks(int aBits, int bBits, long b) {
        return aBits > ONE_CLOCK_BITS ? bBits + Long.bitCount(b) : bBits;
    }

    public static final class IO extends Bundle {
        public final Bool start = Input(Bool());
        public final UInt a;
        public final UInt b;
        public final Bool busy = Output(Bool());
        public final UInt product;

        IO(int aBits, int bBits) {
            a = Input(UInt(aBits));
            b = Input(UInt(bBits));
            product = Output(UInt(aBits + bBits));
        }
    }

    public final IO io;

    /** A multiplier that copies {@code a} at start, for a caller that may change it while busy. */
    public SerialMultiplier(int aBits, int bBits) {
        this(aBits, bBits, false);
    }

    /** @param callerHoldsA the caller keeps {@code a} stable while busy, so the block keeps no copy of it */
    public SerialMultiplier(int aBits, int bBits, boolean callerHoldsA) {
        super(callerHoldsA ? new Object[] {"a", aBits, "b", bBits, "held", 1} : new Object[] {"a", aBits, "b", bBits});
        if (aBits < 1 || bBits < 1) throw new HdlException(SourceLoc.capture(), "SerialMultiplier widths must be >= 1");
        io = IO(new IO(aBits, bBits));
        int pw = aBits + bBits;
        UInt acc = Reg(UInt(pw)).named("acc");
        UInt left = RegInit(U(0, log2Up(bBits + 1))).named("bits_left");
        UInt a = callerHoldsA ? io.a : Reg(UInt(aBits)).named("a_hold");

        Bool busy = left.ne(0).named("running");
        // acc = {sum so far (aBits), unused bits of b}: add a if the lowest unused bit of b is set, shift right.
        UInt addend = Mux(acc.bit(0), a, U(0, aBits)).named("addend");
        UInt high = acc.bits(pw - 1, bBits);
        Bool lastHalf = aBits > ONE_CLOCK_BITS ? RegInit(B(false)).named("high_half") : null;
        int lb = aBits / 2;
        UInt lowSum = lastHalf == null ? null : Reg(UInt(lb + 1)).named("partial_low");
        when(io.start, () -> {
            acc.connect(io.b.pad(pw));
            if (!callerHoldsA) a.connect(io.a);
            left.connect(U(bBits));
            if (lastHalf != null) lastHalf.connect(B(false));
        }).elsewhen(busy, () -> {
            if (lastHalf == null) {
                step(acc, high.addExpand(addend).named("partial_sum"), left, bBits);
                return;
            }
            when(lastHalf.not().and(acc.bit(0).not()), () -> step(acc, high.pad(aBits + 1), left, bBits))
            .elsewhen(lastHalf.not(), () -> {
                lowSum.connect(high.bits(lb - 1, 0).addExpand(addend.bits(lb - 1, 0)));
                lastHalf.connect(B(true));
            }).otherwise(() -> {
                // high + addend + the low half's carry, the carry entering below a constant 1 (one chain, no second add)
                int hb = aBits - lb;
                UInt hiSum = Cat(high.bits(aBits - 1, lb), B(true)).pad(hb + 2)
                        .add(Cat(addend.bits(aBits - 1, lb), lowSum.bit(lb)).pad(hb + 2)).bits(hb + 1, 1);
                step(acc, Cat(hiSum, lowSum.bits(lb - 1, 0)).named("partial_sum"), left, bBits);
                lastHalf.connect(B(false));
            });
        });
        if (callerHoldsA) {
            // Simulation only: a register whose only reader is an Assert is removed by synthesis.
            UInt aBefore = RegNext(io.a).named("a_before");
            when(busy, () -> Assert(io.a.eq(aBefore), "operand a changed while busy: %x, was %x", io.a, aBefore));
        }
        io.busy.connect(busy);
        io.product.connect(acc);
    }

    /** One bit of b done: the sum moves in from the top, b's used bit leaves at the bottom. */
    private static void step(UInt acc, UInt sum, UInt left, int bBits) {
        acc.connect(bBits == 1 ? sum : Cat(sum, acc.bits(bBits - 1, 1)));
        left.connect(left.sub(1));
    }
}
