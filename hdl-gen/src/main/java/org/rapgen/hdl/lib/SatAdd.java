package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * Saturating addition as a reusable combinational function: {@code value = min(a + b, 2^wa - 1)}, and
 * {@code overflow} tells that the true sum did not fit.
 */
public final class SatAdd {
    public final UInt value;
    public final Bool overflow;

    public SatAdd(UInt a, UInt b) {
        int w = a.getWidth();
        UInt wide = a.addExpand(b);
        overflow = wide.bits(wide.getWidth() - 1, w).orR();
        value = Mux(overflow, Fill(w, B(true)), wide.bits(w - 1, 0));
    }

    private SatAdd(UInt value, Bool overflow) {
        this.value = value;
        this.overflow = overflow;
    }

    /**
     * The same function for {@code a} and {@code b} of one width, built for speed. With {@code split > 0} the carry
     * chain is split at that bit (carry select): the low part, and the high part both with carry-in 0 and with
     * carry-in 1, add in parallel, and the low part's carry-out picks one high part and its carry-out; split 0 is one
     * chain. {@code over} forces an overflow (a sum already known to exceed). The clip is an OR with the overflow
     * rather than a mux to all ones, so that synthesis does not make it the flip-flops' synchronous set, whose net
     * nextpnr then moves to a global buffer (about 1 ns slower on the iCE40).
     */
    public static SatAdd carrySelect(UInt a, UInt b, Bool over, int split) {
        int w = a.getWidth();
        if (b.getWidth() != w || split < 0 || split >= w) {
            throw new HdlException(
                    SourceLoc.callerOf(SatAdd.class),
                    "SatAdd.carrySelect needs two operands of one width w and 0 <= split < w, got " + w + " and "
                            + b.getWidth() + " bits, split " + split);
        }
        if (split == 0) {
            UInt wide = a.addExpand(b);
            Bool overflow = wide.bit(w).or(over);
            return new SatAdd(wide.bits(w - 1, 0).or(Fill(w, overflow)), overflow);
        }
        int hw = w - split;
        UInt low = a.bits(split - 1, 0).addExpand(b.bits(split - 1, 0));
        UInt aHigh = a.bits(w - 1, split);
        UInt bHigh = b.bits(w - 1, split);
        UInt high0 = aHigh.addExpand(bHigh);
        // A 1 below both operands carries into the high part in a chain of its own (high0 + 1 would be chained
        // after high0 by synthesis).
        UInt high1 = Cat(aHigh, B(true)).addExpand(Cat(bHigh, B(true))).bits(hw + 1, 1);
        // Each high candidate is clipped with its own carry-out before the low carry picks one, so the high bits
        // wait for no combined overflow signal; the low bits take the picked one.
        Bool over0 = high0.bit(hw).or(over);
        Bool over1 = high1.bit(hw).or(over);
        Bool carry = low.bit(split);
        Bool overflow = Mux(carry, over1, over0);
        UInt high = Mux(
                carry,
                high1.bits(hw - 1, 0).or(Fill(hw, over1)),
                high0.bits(hw - 1, 0).or(Fill(hw, over0)));
        return new SatAdd(Cat(high, low.bits(split - 1, 0).or(Fill(split, overflow))), overflow);
    }
}
