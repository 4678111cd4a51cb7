package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * A wide counter whose carry chain is cut in two: the low half adds (or, counting down, subtracts) on the clock of the
 * event, the high half takes the low half's carry (borrow) one clock later. A 64-bit carry chain is about 9 ns on an
 * iCE40, two 32-bit halves half that.
 * {@link #value} is exact whenever {@link #settled}: readers either wait for it or, like the engine's status snapshot,
 * only look after the events have stopped for a clock. Built in the caller's module.
 */
final class SplitCounter {
    private final UInt lo;
    private final UInt hi;
    private final Bool carry;
    private final int lowBits;
    private final boolean down;

    SplitCounter(String name, int width, int lowBits) {
        this(name, width, lowBits, false);
    }

    /** {@code down}: {@link #add} subtracts. */
    SplitCounter(String name, int width, int lowBits, boolean down) {
        this.lowBits = lowBits;
        this.down = down;
        lo = RegInit(U(0, lowBits)).named(name + "_lo");
        hi = RegInit(U(0, width - lowBits)).named(name + "_hi");
        carry = RegInit(B(false)).named(name + "_carry");
        carry.connect(B(false));
        UInt c = carry.pad(width - lowBits);
        hi.connect(down ? hi.sub(c) : hi.add(c));
    }

    /** Adds (subtracts) {@code amount}, narrower than the low half, on this clock edge; at most once per clock. */
    void add(UInt amount) {
        UInt a = amount.pad(lowBits + 1);
        UInt wide = lo.pad(lowBits + 1);
        UInt sum = down ? wide.sub(a) : wide.add(a);
        lo.connect(sum.bits(lowBits - 1, 0));
        carry.connect(sum.bit(lowBits));
    }

    /** Becomes {@code value} on this clock edge (overrides {@link #add}). */
    void load(UInt value) {
        set(value.bits(lowBits - 1, 0), value.bits(value.getWidth() - 1, lowBits));
    }

    UInt low() {
        return lo;
    }

    /** The high half is zero: with {@link #low}, the value is below 2^lowBits (when settled). */
    Bool highIsZero() {
        return hi.orR().not();
    }

    /** Zero on this clock edge, whatever else happens (call after {@link #add}). */
    void clear() {
        set(U(0, lowBits), U(0, hi.getWidth()));
    }

    private void set(UInt low, UInt high) {
        lo.connect(low);
        hi.connect(high);
        carry.connect(B(false));
    }

    UInt value() {
        return Cat(hi, lo);
    }

    /** No carry is on its way to the high half. */
    Bool settled() {
        return carry.not();
    }
}
