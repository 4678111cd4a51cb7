package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * A wide counter whose carry chain is cut: the low part adds (or, counting down, subtracts) on the clock of the
 * event, and each high piece of at most {@link #PIECE_BITS} bits takes the carry (borrow) of the piece below one clock
 * later. A 64-bit carry chain is about 9 ns on an iCE40, a 32-bit low part half that and a 16-bit piece a quarter.
 * {@link #value} is exact whenever {@link #settled}: readers either wait for it or, like the engine's status
 * snapshot, only look after the events have stopped and every carry has landed.
 *
 * <p>Counting down, a borrow between high pieces waits only after the piece below wrapped to all ones, so
 * {@link #highIsZero} reads nonzero then, as the value does. A borrow out of the low part is not seen in the high part
 * until it lands; the low part is large then (see {@code merge_now}). Counting up, a carry between high pieces leaves
 * the piece below at zero, so there only {@link #value} when {@link #settled} is exact. Built in the caller's module.
 */
public final class SplitCounter {
    /** The widest high piece: a 16-bit carry chain, about 2 ns. */
    public static final int PIECE_BITS = 16;

    private final UInt lo;
    /** The high pieces, lowest first; carries.get(i) waits to enter hi.get(i). */
    private final List<UInt> hi = new ArrayList<>();

    private final List<Bool> carries = new ArrayList<>();
    private final int lowBits;
    private final boolean down;

    public SplitCounter(String name, int width, int lowBits) {
        this(name, width, lowBits, false);
    }

    /** {@code down}: {@link #add} subtracts. */
    public SplitCounter(String name, int width, int lowBits, boolean down) {
        this.lowBits = lowBits;
        this.down = down;
        lo = RegInit(U(0, lowBits)).named(name + "_lo");
        int pieces = (width - lowBits + PIECE_BITS - 1) / PIECE_BITS;
        for (int i = 0; i < pieces; i++) {
            String suffix = pieces == 1 ? "" : "_" + i;
            int w = Math.min(PIECE_BITS, width - lowBits - i * PIECE_BITS);
            hi.add(RegInit(U(0, w)).named(name + "_hi" + suffix));
            carries.add(RegInit(B(false)).named(name + "_carry" + suffix));
        }
        carries.get(0).connect(B(false));
        for (int i = 0; i < pieces; i++) {
            UInt piece = hi.get(i);
            int w = piece.getWidth();
            UInt sum = step(piece, carries.get(i).pad(w + 1));
            piece.connect(sum.bits(w - 1, 0));
            if (i + 1 < pieces) carries.get(i + 1).connect(sum.bit(w));
        }
    }

    /** {@code x} plus (minus) {@code amount}, one bit wider: the top bit is the carry (borrow) out. */
    private UInt step(UInt x, UInt amount) {
        UInt wide = x.pad(amount.getWidth());
        return down ? wide.sub(amount) : wide.add(amount);
    }

    /** Adds (subtracts) {@code amount}, narrower than the low part, on this clock edge; at most once per clock. */
    public void add(UInt amount) {
        UInt sum = step(lo, amount.pad(lowBits + 1));
        lo.connect(sum.bits(lowBits - 1, 0));
        carries.get(0).connect(sum.bit(lowBits));
    }

    /** Becomes {@code value} on this clock edge (overrides {@link #add}). */
    public void load(UInt value) {
        lo.connect(value.bits(lowBits - 1, 0));
        int bit = lowBits;
        for (UInt piece : hi) {
            piece.connect(value.bits(bit + piece.getWidth() - 1, bit));
            bit += piece.getWidth();
        }
        for (Bool c : carries) c.connect(B(false));
    }

    public UInt low() {
        return lo;
    }

    /** The high part reads zero (see the class comment for when that is the value's). */
    public Bool highIsZero() {
        Bool zero = hi.get(0).orR().not();
        for (int i = 1; i < hi.size(); i++) zero = zero.and(hi.get(i).orR().not());
        return zero;
    }

    /** Zero on this clock edge, whatever else happens (call after {@link #add}). */
    public void clear() {
        load(U(0, value().getWidth()));
    }

    public UInt value() {
        List<UInt> msbFirst = new ArrayList<>(hi);
        Collections.reverse(msbFirst);
        msbFirst.add(lo);
        return Cat(msbFirst);
    }

    /** No carry is on its way to a high piece. */
    public Bool settled() {
        Bool none = carries.get(0).not();
        for (int i = 1; i < carries.size(); i++) none = none.and(carries.get(i).not());
        return none;
    }
}
