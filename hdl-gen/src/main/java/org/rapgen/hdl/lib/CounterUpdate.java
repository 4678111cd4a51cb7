package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * {@link CounterSram}'s update (saturating ADD, SET, READ) as composable operators, for {@link RmwMemory}'s stage R.
 * An operator is {@code {over, addend}} (1 + C bits): "add addend; the sum exceeds the maximum anyway if over". A run
 * of commands on one counter accumulates its addends (one C-bit adder, the loop); the saturating add of the base
 * then starts from registers and is split for speed ({@link SatAdd#carrySelect}, at 5/8 of the width, see {@link #split}).
 */
final class CounterUpdate implements ComposableUpdate {
    private final int bits;

    CounterUpdate(int counterBits) {
        bits = counterBits;
    }

    @Override
    public int opBits() {
        return bits + 1;
    }

    /** ADD and SET add their value (SET to a base of 0). */
    @Override
    public UInt op(UInt cmd) {
        return CounterSram.value(cmd).pad(bits + 1);
    }

    /** ADD adds its value to the addend; a carry out of the addend sets over (any base then overflows: unsigned). */
    @Override
    public UInt compose(UInt first, UInt cmd) {
        UInt sum = first.bits(bits - 1, 0).addExpand(CounterSram.value(cmd));
        return Cat(first.bit(bits).or(sum.bit(bits)), sum.bits(bits - 1, 0));
    }

    /** READ (2) and the reserved op 3, the ops with the high bit set. */
    @Override
    public Bool keepsWord(UInt cmd) {
        return CounterSram.op(cmd).bit(1);
    }

    @Override
    public UInt identity() {
        return U(0, bits + 1);
    }

    @Override
    public Bool ignoresOld(UInt cmd) {
        return CounterSram.op(cmd).eq(CounterSram.OP_SET);
    }

    @Override
    public int decodedBits() {
        return 1;
    }

    /** The command is an ADD of a non-zero value: the only kind that can saturate. */
    @Override
    public UInt decode(UInt cmd) {
        return CounterSram.op(cmd)
                .eq(CounterSram.OP_ADD)
                .and(CounterSram.value(cmd).orR());
    }

    /**
     * The saturating add; the flag is "saturated": an ADD of a non-zero value whose run's true sum exceeds the
     * maximum. That is exactly "old + value exceeds it": the old value is the run's sum so far unless that sum
     * already exceeded, and then the old value is the maximum itself.
     */
    @Override
    public Applied apply(UInt base, UInt op, UInt decoded) {
        SatAdd sum = SatAdd.carrySelect(base, op.bits(bits - 1, 0), op.bit(bits), split(bits));
        return new Applied(sum.value, decoded.bit(0).and(sum.overflow));
    }

    /**
     * Where the saturating add is split: at 5/8 of the width (20 of 32 bits). The high part gets the shorter chains
     * because its candidates are clipped by their own carry-outs before the low carry picks one, a LUT level the low
     * part does not have (measured on the iCE40 HX8K for C = 32: 16 bits about 121 MHz, 18 about 122, 20 about 126).
     */
    static int split(int counterBits) {
        return counterBits * 5 / 8;
    }
}
