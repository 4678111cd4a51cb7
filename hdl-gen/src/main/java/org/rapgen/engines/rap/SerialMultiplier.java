package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * An exact unsigned product {@code a * b} by shift-and-add, one bit of b per clock from the most significant:
 * {@code bBits} cycles after {@code start}, {@code busy} falls and {@code product} holds the full
 * {@code aBits + bBits}-bit result. For the rare wide products of the engine (the error bound n * eps at a snapshot,
 * the merge schedule's next * q), where a parallel 64-bit multiplier would cost far more than it saves.
 */
public final class SerialMultiplier extends Module {
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

    public SerialMultiplier(int aBits, int bBits) {
        super("a", aBits, "b", bBits);
        if (aBits < 1 || bBits < 1) throw new HdlException(SourceLoc.capture(), "SerialMultiplier widths must be >= 1");
        io = IO(new IO(aBits, bBits));
        int pw = aBits + bBits;
        UInt acc = Reg(UInt(pw)).named("acc");
        UInt a = Reg(UInt(aBits)).named("a_hold");
        UInt b = Reg(UInt(bBits)).named("b_shift");
        UInt left = RegInit(U(0, log2Up(bBits + 1))).named("bits_left");

        Bool busy = left.ne(0).named("running");
        when(io.start, () -> {
            acc.connect(U(0, pw));
            a.connect(io.a);
            b.connect(io.b);
            left.connect(U(bBits));
        }).elsewhen(busy, () -> {
            UInt doubled = Cat(acc.bits(pw - 2, 0), B(false));
            acc.connect(doubled.add(Mux(b.bit(bBits - 1), a, U(0, aBits)).pad(pw)));
            b.connect(bBits == 1 ? U(0, 1) : Cat(b.bits(bBits - 2, 0), B(false)));
            left.connect(left.sub(1));
        });
        io.busy.connect(busy);
        io.product.connect(acc);
    }
}
