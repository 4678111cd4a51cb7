package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.LV;
import static org.rapgen.hdl.lib.NameKey.PC;
import static org.rapgen.hdl.lib.NameKey.TH;
import static org.rapgen.hdl.lib.NameKey.WT;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * Gives each event its threshold T(n), n being the total weight up to and including the event, exactly as
 * {@code RapParams.threshold} computes it: {@code T(n) = (n * epsFx) >> (16 + log2 L)} over the exact 80-bit product.
 *
 * <p>The product is not formed from n. The unit keeps {@code P = n * epsFx} as a running 80-bit sum of
 * {@code weight * epsFx}, so the only multiplier is W x 16 bits, and P stays exact because every term is. This is
 * why eps can only change while the unit is empty and cleared (the engine loads EPS at reset and soft reset).
 *
 * <p>It sits before the replay window, so each event gets its T once, however often a structural change makes
 * the engine replay it. T travels clipped to {@link RapConfig#thresholdBits()}: every value compared with it is
 * smaller than the clip, so the comparisons are exact. Four register stages, one event per clock, global stall: the
 * first only registers the event, so the multiplier's inputs come from flip-flops beside it and not from the event
 * queue's block RAM across the part.
 */
public final class ThresholdUnit extends Module {
    /** The widest piece of P above the low one, and the narrowest low piece: one carry chain each. */
    static final int HIGH_PIECE_BITS = 20;

    public static final class Event extends Bundle {
        public final UInt key;
        public final UInt weight;

        Event(RapConfig c) {
            key = UInt(c.keyBits());
            weight = UInt(c.weightBits());
        }
    }

    public static final class Numbered extends Bundle {
        public final UInt key;
        public final UInt weight;
        /** T(n), clipped. */
        public final UInt threshold;

        Numbered(RapConfig c) {
            key = UInt(c.keyBits());
            weight = UInt(c.weightBits());
            threshold = UInt(c.thresholdBits());
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<Event> in;
        public final DecoupledIO<Numbered> out;
        /** The active eps in UQ0.16; change it only while {@code empty}, together with {@code clear}. */
        public final UInt epsFx = Input(UInt(16));
        /** Restart P at 0 (soft reset); only while empty. */
        public final Bool clear = Input(Bool());

        public final Bool empty = Output(Bool());

        IO(RapConfig c) {
            in = Flipped(Decoupled(new Event(c)));
            out = Decoupled(new Numbered(c));
        }
    }

    public final IO io;

    public ThresholdUnit(RapConfig c) {
        this(c, HIGH_PIECE_BITS);
    }

    /** With high pieces of {@code pieceBits} (narrow pieces let a test carry through every one). */
    public ThresholdUnit(RapConfig c, int pieceBits) {
        super(K, c.keyBits(), LV, c.levels(), WT, c.weightBits(), TH, c.thresholdBits(), PC, pieceBits);
        if (pieceBits < 1)
            throw new HdlException(
                    SourceLoc.callerOf(ThresholdUnit.class), "ThresholdUnit: pieceBits must be >= 1, got " + pieceBits);
        io = IO(new IO(c));
        int productBits = 64 + 16;
        // P is kept in pieces so no carry chain is longer than about 20 bits (2.5 ns on an iCE40): stage 2 adds the
        // product to the low piece and keeps the carry, stage 3 adds that carry to the high pieces, all at once, each
        // taking it only if every high piece below it is all ones (their registers hold P's bits for the event ahead,
        // which left stage 3 on this clock edge, so the test is exact).
        int loBits = Math.max(pieceBits, c.weightBits() + 16);

        Bool s0Valid = RegInit(B(false)).named("s0_valid");
        Bool s1Valid = RegInit(B(false)).named("s1_valid");
        Bool s2Valid = RegInit(B(false)).named("s2_valid");
        Bool s3Valid = RegInit(B(false)).named("s3_valid");
        UInt pLo = RegInit(U(0, loBits)).named("p_lo");
        List<UInt> pHi = new ArrayList<>();
        for (int bit = loBits, i = 0; bit < productBits; bit += pieceBits, i++) {
            pHi.add(RegInit(U(0, Math.min(pieceBits, productBits - bit))).named("p_hi_" + i));
        }
        UInt s0Key = Reg(UInt(c.keyBits())).named("s0_key");
        UInt s0Weight = Reg(UInt(c.weightBits())).named("s0_weight");
        UInt s1Key = Reg(UInt(c.keyBits())).named("s1_key");
        UInt s1Weight = Reg(UInt(c.weightBits())).named("s1_weight");
        UInt s1Product = Reg(UInt(c.weightBits() + 16)).named("s1_product");
        UInt s2Key = Reg(UInt(c.keyBits())).named("s2_key");
        UInt s2Weight = Reg(UInt(c.weightBits())).named("s2_weight");
        Bool s2Carry = Reg(Bool()).named("s2_carry");
        UInt s2PLo = Reg(UInt(loBits)).named("s2_p_lo");
        UInt s3Key = Reg(UInt(c.keyBits())).named("s3_key");
        UInt s3Weight = Reg(UInt(c.weightBits())).named("s3_weight");
        UInt s3PLo = Reg(UInt(loBits)).named("s3_p_lo");

        Bool advance = s3Valid.not().or(io.out.ready).named("advance");
        io.in.ready.connect(advance);
        when(advance, () -> {
            s0Valid.connect(io.in.valid);
            s1Valid.connect(s0Valid);
            s2Valid.connect(s1Valid);
            s3Valid.connect(s2Valid);
            when(io.in.valid, () -> {
                s0Key.connect(io.in.bits.key);
                s0Weight.connect(io.in.bits.weight);
            });
            when(s0Valid, () -> {
                s1Key.connect(s0Key);
                s1Weight.connect(s0Weight);
                s1Product.connect(s0Weight.mul(io.epsFx));
            });
            when(s1Valid, () -> {
                UInt sum = pLo.addExpand(s1Product.pad(loBits));
                pLo.connect(sum.bits(loBits - 1, 0));
                s2PLo.connect(sum.bits(loBits - 1, 0));
                s2Carry.connect(sum.bit(loBits));
                s2Key.connect(s1Key);
                s2Weight.connect(s1Weight);
            });
            when(s2Valid, () -> {
                Bool carryIn = s2Carry;
                for (UInt piece : pHi) {
                    piece.connect(piece.add(carryIn.pad(piece.getWidth())));
                    carryIn = carryIn.and(piece.andR());
                }
                s3PLo.connect(s2PLo);
                s3Key.connect(s2Key);
                s3Weight.connect(s2Weight);
            });
        });
        when(io.clear, () -> {
            pLo.connect(U(0, loBits));
            for (UInt piece : pHi) piece.connect(U(0, piece.getWidth()));
        });

        // {pHi, lo3} is P of the event in stage 3: pHi took that event's carry in the same cycle.
        List<UInt> msbFirst = new ArrayList<>(pHi);
        Collections.reverse(msbFirst);
        msbFirst.add(s3PLo);
        UInt t = Cat(msbFirst).shr(c.thresholdShift());
        int tb = c.thresholdBits();
        UInt clipped =
                t.getWidth() == tb ? t : Mux(t.bits(t.getWidth() - 1, tb).orR(), Fill(tb, B(true)), t.bits(tb - 1, 0));
        io.out.valid.connect(s3Valid);
        io.out.bits.key.connect(s3Key);
        io.out.bits.weight.connect(s3Weight);
        io.out.bits.threshold.connect(clipped);
        io.empty.connect(s0Valid.or(s1Valid).or(s2Valid).or(s3Valid).not());
    }
}
