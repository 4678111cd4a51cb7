package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.HELD;
import static org.rapgen.hdl.lib.NameKey.WA;
import static org.rapgen.hdl.lib.NameKey.WB;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.SwitchContext;
import org.rapgen.hdl.UInt;

/**
 * An exact unsigned product {@code a * b} by shift-and-add, one bit of b per step from the least significant:
 * {@code bBits} steps after {@code start}, {@code busy} falls and {@code product} holds the full
 * {@code aBits + bBits}-bit result (while busy it holds partial sums). A step is one clock, or, when {@code a} is
 * wider than {@link #PART_BITS} and the step's bit of b is set, one clock per {@link #PART_BITS}-bit part of the add,
 * each part taking the last one's carry from a flip-flop and leaving its sum and carry in registers of its own, and
 * one more clock to move the sum into the product register: on an iCE40 a carry chain of 32 bits or more, behind the
 * addend's select, was one of the engine's slowest paths, and a 16-bit chain ending at the product register (which
 * its readers pull away) led one placement. A zero bit adds nothing, so its step is only the shift, in one clock: the
 * schedule's q = 2 costs 36 clocks, not 128. For the rare wide products of the engine (the error bound
 * n * eps at a snapshot, the merge schedule's next * q), where a parallel 64-bit multiplier would cost far more than
 * it saves.
 *
 * <p>The classic layout: {@code b} is loaded into the low half of the product register at {@code start} and shifted
 * out of its low end while the sums move in from the top, so {@code b} is read only in the start clock. {@code a} is
 * added in every busy clock: either the caller holds it stable from {@code start} until {@code busy} falls (checked
 * in simulation) and the block keeps no copy, or the block copies it at {@code start} ({@code aBits} flip-flops, each a
 * whole iCE40 logic cell since its input is no LUT's output).
 */
public final class SerialMultiplier extends Module {
    /** The widest part of {@code a} added in one clock. */
    public static final int PART_BITS = 16;

    /** The clocks of one step that adds: {@code a} in parts of at most {@link #PART_BITS} bits. */
    public static int parts(int aBits) {
        return (aBits + PART_BITS - 1) / PART_BITS;
    }

    /** Clocks from {@code start} until {@code busy} falls, for the operand {@code b}. */
    public static int clocks(int aBits, int bBits, long b) {
        int parts = parts(aBits);
        return bBits + (parts > 1 ? parts : 0) * Long.bitCount(b);
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
        super(callerHoldsA ? new Object[] {WA, aBits, WB, bBits, HELD, 1} : new Object[] {WA, aBits, WB, bBits});
        if (aBits < 1 || bBits < 1)
            throw new HdlException(SourceLoc.callerOf(SerialMultiplier.class), "SerialMultiplier widths must be >= 1");
        io = IO(new IO(aBits, bBits));
        int pw = aBits + bBits;
        UInt acc = Reg(UInt(pw)).named("acc");
        UInt left = RegInit(U(0, log2Up(bBits + 1))).named("bits_left");
        UInt a = callerHoldsA ? io.a : Reg(UInt(aBits)).named("a_hold");

        // left != 0, kept as a flip-flop stepped with left: busy feeds the engine's snapshot copy and schedule, which
        // then wait for no compare of the bit count.
        Bool busy = RegInit(B(false)).named("busy");
        Assert(busy.eq(left.ne(0)), "busy disagrees with bits_left %d", left);
        // acc = {sum so far (aBits), unused bits of b}: add a if the lowest unused bit of b is set, shift right.
        int parts = parts(aBits);
        UInt addend = parts > 1 ? null : Mux(acc.bit(0), a, U(0, aBits)).named("addend");
        UInt high = acc.bits(pw - 1, bBits);
        // Parts 0 .. parts-1 add, each into a register of its own; one more clock moves their sum into acc. So no carry
        // chain ends at acc, whose readers (the product) pull it away from the chains.
        UInt part = parts > 1 ? RegInit(U(0, log2Up(parts + 1))).named("add_part") : null;
        List<UInt> done = new ArrayList<>();
        for (int j = 0; parts > 1 && j < parts; j++)
            done.add(Reg(UInt(Math.min(aBits, (j + 1) * PART_BITS) - j * PART_BITS))
                    .named("sum_part_" + j));
        // Each part's carry out in a flip-flop of its own: one shared by all parts took a select of the parts' chains.
        List<Bool> carries = new ArrayList<>();
        for (int j = 0; parts > 1 && j < parts; j++) carries.add(Reg(Bool()).named("sum_carry_" + j));
        when(io.start, () -> {
                    acc.connect(io.b.pad(pw));
                    if (!callerHoldsA) a.connect(io.a);
                    left.connect(U(bBits));
                    busy.connect(B(true));
                    if (part != null) part.connect(U(0, part.getWidth()));
                })
                .elsewhen(busy, () -> {
                    if (part == null) {
                        step(acc, high.addExpand(addend).named("partial_sum"), left, busy, bBits);
                        return;
                    }
                    SwitchContext byPart = Switch(part);
                    for (int j = 0; j < parts; j++) {
                        int index = j;
                        int lo = j * PART_BITS;
                        int hi = Math.min(aBits, lo + PART_BITS) - 1;
                        // A part is added only after a set bit of b (part 0 runs the add only then, the others follow
                        // it), so the chain takes a itself: no select by acc's bit 0, a register with a LUT of fan-out
                        // per bit of a.
                        UInt sum = withCarry(high.bits(hi, lo), a.bits(hi, lo), j == 0 ? B(false) : carries.get(j - 1))
                                .named("part_sum_" + j);
                        Runnable add = () -> {
                            done.get(index).connect(sum.bits(hi - lo, 0));
                            carries.get(index).connect(sum.bit(hi - lo + 1));
                            part.connect(U(index + 1, part.getWidth()));
                        };
                        // A zero bit of b is only the shift.
                        byPart.is(
                                j,
                                j > 0
                                        ? add
                                        : () -> when(acc.bit(0), add)
                                                .otherwise(() -> step(acc, high.pad(aBits + 1), left, busy, bBits)));
                    }
                    byPart.is(parts, () -> {
                        step(
                                acc,
                                Cat(carries.get(parts - 1), CatLsbFirst(done)).named("partial_sum"),
                                left,
                                busy,
                                bBits);
                        part.connect(U(0, part.getWidth()));
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

    /** {@code x + y + cin}, one bit wider, in one carry chain: the carry enters below a constant 1. */
    private static UInt withCarry(UInt x, UInt y, Bool cin) {
        int w = x.getWidth();
        return Cat(x, B(true)).pad(w + 2).add(Cat(y, cin).pad(w + 2)).bits(w + 1, 1);
    }

    /** One bit of b done: the sum moves in from the top, b's used bit leaves at the bottom. */
    private static void step(UInt acc, UInt sum, UInt left, Bool running, int bBits) {
        acc.connect(bBits == 1 ? sum : Cat(sum, acc.bits(bBits - 1, 1)));
        left.connect(left.sub(1));
        running.connect(left.ne(1));
    }
}
