package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.tests.IcarusRunner.*;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SInt;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.tests.IcarusRunner.Built;

/** Combinational constructs: each test checks result widths (IR and emitted declarations) and values in Icarus. */
class CombinationalConstructsTest {

    private static Map<String, BigInteger> out(Object... kv) {
        return in(kv);
    }

    // ---------------------------------------------------------------- Wire

    static final class WireMod extends Module {
        static final class IOB extends Bundle {
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(8));
            final UInt y = Output(UInt(8));
        }

        final IOB io = IO(new IOB());
        final UInt w = Wire(UInt(8));

        WireMod() {
            w.connect(io.a.xor(io.b));
            io.y.connect(w);
        }
    }

    @Test
    void wire() {
        Built<WireMod> b = build(WireMod::new);
        assertEquals(8, b.top().w.getWidth());
        assertDeclared(b.topText(), "wire", 8, "w");
        checkComb(
                b,
                randomVectors(1, 40, "io_a", 8, "io_b", 8),
                v -> out("io_y", v.get("io_a").xor(v.get("io_b"))));
    }

    // ---------------------------------------------------------------- when / elsewhen / otherwise, last connect

    static final class WhenMod extends Module {
        static final class IOB extends Bundle {
            final Bool c1 = Input(Bool());
            final Bool c2 = Input(Bool());
            final Bool c3 = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(8));
            final UInt y = Output(UInt(8));
            final UInt z = Output(UInt(8));
        }

        final IOB io = IO(new IOB());

        WhenMod() {
            io.y.connect(U(1));
            when(io.c1, () -> io.y.connect(io.a))
                    .elsewhen(io.c2, () -> {
                        io.y.connect(io.b);
                        when(io.c3, () -> io.y.connect(U(200))); // nested, later connect wins
                    })
                    .otherwise(() -> io.y.connect(io.a.xor(io.b)));
            when(io.c3.and(io.c1), () -> io.y.connect(U(77))); // after the chain: wins over everything above
            // unconditional last connect: z is always b
            io.z.connect(io.a);
            io.z.connect(io.b);
        }
    }

    @Test
    void whenElsewhenOtherwiseLastConnect() {
        Built<WhenMod> b = build(WhenMod::new);
        checkComb(b, randomVectors(2, 64, "io_c1", 1, "io_c2", 1, "io_c3", 1, "io_a", 8, "io_b", 8), v -> {
            boolean c1 = v.get("io_c1").testBit(0),
                    c2 = v.get("io_c2").testBit(0),
                    c3 = v.get("io_c3").testBit(0);
            BigInteger a = v.get("io_a"), bb = v.get("io_b");
            BigInteger y;
            if (c1) y = a;
            else if (c2) y = c3 ? big(200) : bb;
            else y = a.xor(bb);
            if (c3 && c1) y = big(77);
            return out("io_y", y, "io_z", bb);
        });
    }

    // ---------------------------------------------------------------- Switch / is

    static final class SwitchMod extends Module {
        static final class IOB extends Bundle {
            final UInt op = Input(UInt(3));
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(8));
            final UInt y = Output(UInt(8));
        }

        final IOB io = IO(new IOB());

        SwitchMod() {
            io.y.connect(U(0xEE)); // default for op 4..6 (no case)
            Switch(io.op)
                    .is(0, () -> io.y.connect(io.a.add(io.b)))
                    .is(1, () -> io.y.connect(io.a.sub(io.b)))
                    .is(2, () -> io.y.connect(io.a.and(io.b)))
                    .is(U(3, 3), () -> io.y.connect(io.a.or(io.b)))
                    .is(7, () -> io.y.connect(io.b));
        }
    }

    @Test
    void switchIs() {
        Built<SwitchMod> b = build(SwitchMod::new);
        checkComb(b, randomVectors(3, 64, "io_op", 3, "io_a", 8, "io_b", 8), v -> {
            BigInteger a = v.get("io_a"), bb = v.get("io_b");
            BigInteger y = switch (v.get("io_op").intValue()) {
                case 0 -> a.add(bb);
                case 1 -> a.subtract(bb);
                case 2 -> a.and(bb);
                case 3 -> a.or(bb);
                case 7 -> bb;
                default -> big(0xEE);
            };
            return out("io_y", bits(y, 8));
        });
    }

    // ---------------------------------------------------------------- Mux

    static final class MuxMod extends Module {
        static final class IOB extends Bundle {
            final Bool sel = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(4));
            final SInt sa = Input(SInt(8));
            final SInt sb = Input(SInt(4));
            final UInt y = Output(UInt(8));
            final SInt sy = Output(SInt(8));
        }

        final IOB io = IO(new IOB());
        final UInt m;
        final SInt sm;

        MuxMod() {
            m = Mux(io.sel, io.a, io.b);
            sm = Mux(io.sel, io.sa, io.sb);
            io.y.connect(m);
            io.sy.connect(sm);
        }
    }

    @Test
    void mux() {
        Built<MuxMod> b = build(MuxMod::new);
        assertEquals(8, b.top().m.getWidth());
        assertEquals(8, b.top().sm.getWidth());
        assertDeclared(b.topText(), "wire", 8, "m");
        checkComb(b, randomVectors(4, 64, "io_sel", 1, "io_a", 8, "io_b", 4, "io_sa", 8, "io_sb", 4), v -> {
            boolean sel = v.get("io_sel").testBit(0);
            BigInteger sb = signed(v.get("io_sb"), 4); // sign-extended to 8 bits
            return out(
                    "io_y",
                    sel ? v.get("io_a") : v.get("io_b"),
                    "io_sy",
                    bits(sel ? signed(v.get("io_sa"), 8) : sb, 8));
        });
    }

    // ---------------------------------------------------------------- Mux1H

    /** Five 6-bit elements (an odd count, so the OR tree has an unpaired branch), element k = 9k + 5. */
    static final class Mux1HMod extends Module {
        static final class IOB extends Bundle {
            final UInt sel = Input(UInt(5));
            final UInt y = Output(UInt(6));
        }

        final IOB io = IO(new IOB());

        Mux1HMod() {
            Vec<UInt> in = Wire(Vec(5, UInt(6)));
            for (int k = 0; k < 5; k++) in.get(k).connect(U(9 * k + 5, 6));
            io.y.connect(Mux1H(io.sel, in));
        }
    }

    @Test
    void mux1hPicksTheSelectedElementOrZero() {
        Built<Mux1HMod> b = build(Mux1HMod::new);
        List<Map<String, BigInteger>> vectors = new ArrayList<>();
        vectors.add(in("io_sel", 0));
        for (int k = 0; k < 5; k++) vectors.add(in("io_sel", 1 << k));
        checkComb(b, vectors, v -> {
            int sel = v.get("io_sel").intValue();
            return out("io_y", sel == 0 ? 0 : 9 * Integer.numberOfTrailingZeros(sel) + 5);
        });
    }

    // ---------------------------------------------------------------- OHToUInt

    /** Five bits (not a power of two, so the top index bit has one term) into a 3-bit index. */
    static final class OHToUIntMod extends Module {
        static final class IOB extends Bundle {
            final UInt oneHot = Input(UInt(5));
            final UInt index = Output(UInt(3));
        }

        final IOB io = IO(new IOB());

        OHToUIntMod() {
            UInt index = OHToUInt(io.oneHot);
            if (index.getWidth() != 3) throw new AssertionError("OHToUInt of 5 bits is " + index.getWidth() + " wide");
            io.index.connect(index);
        }
    }

    @Test
    void ohToUIntGivesTheSetBitsIndexOrZero() {
        Built<OHToUIntMod> b = build(OHToUIntMod::new);
        List<Map<String, BigInteger>> vectors = new ArrayList<>();
        vectors.add(in("io_oneHot", 0));
        for (int k = 0; k < 5; k++) vectors.add(in("io_oneHot", 1 << k));
        checkComb(b, vectors, v -> {
            int oneHot = v.get("io_oneHot").intValue();
            return out("io_index", oneHot == 0 ? 0 : Integer.numberOfTrailingZeros(oneHot));
        });
    }

    // ---------------------------------------------------------------- Cat, Fill

    static final class CatFillMod extends Module {
        static final class IOB extends Bundle {
            final UInt a = Input(UInt(3));
            final UInt b = Input(UInt(5));
            final Bool c = Input(Bool());
            final UInt cat = Output(UInt(9));
            final UInt fill = Output(UInt(15));
        }

        final IOB io = IO(new IOB());
        final UInt joined;
        final UInt filled;

        CatFillMod() {
            joined = Cat(io.a, io.b, io.c);
            filled = Fill(3, io.b);
            io.cat.connect(joined);
            io.fill.connect(filled);
        }
    }

    @Test
    void catAndFill() {
        Built<CatFillMod> b = build(CatFillMod::new);
        assertEquals(9, b.top().joined.getWidth());
        assertEquals(15, b.top().filled.getWidth());
        assertDeclared(b.topText(), "wire", 9, "joined");
        assertDeclared(b.topText(), "wire", 15, "filled");
        checkComb(b, randomVectors(5, 40, "io_a", 3, "io_b", 5, "io_c", 1), v -> {
            BigInteger bb = v.get("io_b");
            BigInteger cat = v.get("io_a").shiftLeft(6).or(bb.shiftLeft(1)).or(v.get("io_c"));
            BigInteger fill = bb.shiftLeft(10).or(bb.shiftLeft(5)).or(bb);
            return out("io_cat", cat, "io_fill", fill);
        });
    }

    // ---------------------------------------------------------------- bits / bit / head / tail, dynamic bit select

    static final class SliceMod extends Module {
        static final class IOB extends Bundle {
            final UInt x = Input(UInt(16));
            final UInt idx = Input(UInt(5));
            final UInt mid = Output(UInt(6));
            final Bool b3 = Output(Bool());
            final UInt hd = Output(UInt(4));
            final UInt tl = Output(UInt(13));
            final Bool dyn = Output(Bool());
        }

        final IOB io = IO(new IOB());
        final UInt mid;
        final UInt hd;
        final UInt tl;

        SliceMod() {
            mid = io.x.bits(10, 5);
            hd = io.x.head(4);
            tl = io.x.tail(3);
            io.mid.connect(mid);
            io.b3.connect(io.x.bit(3));
            io.hd.connect(hd);
            io.tl.connect(tl);
            io.dyn.connect(io.x.bit(io.idx)); // idx 16..31 is past the top: reads 0
        }
    }

    @Test
    void slicingAndDynamicBitSelect() {
        Built<SliceMod> b = build(SliceMod::new);
        assertEquals(6, b.top().mid.getWidth());
        assertEquals(4, b.top().hd.getWidth());
        assertEquals(13, b.top().tl.getWidth());
        List<Map<String, BigInteger>> vs = randomVectors(6, 80, "io_x", 16, "io_idx", 5);
        checkComb(b, vs, v -> {
            BigInteger x = v.get("io_x");
            int idx = v.get("io_idx").intValue();
            return out(
                    "io_mid",
                    x.shiftRight(5).and(mask(6)),
                    "io_b3",
                    x.testBit(3),
                    "io_hd",
                    x.shiftRight(12),
                    "io_tl",
                    x.and(mask(13)),
                    "io_dyn",
                    idx < 16 && x.testBit(idx));
        });
    }

    // ---------------------------------------------------------------- reductions

    static final class ReduceMod extends Module {
        static final class IOB extends Bundle {
            final UInt x = Input(UInt(7));
            final Bool and = Output(Bool());
            final Bool or = Output(Bool());
            final Bool xor = Output(Bool());
        }

        final IOB io = IO(new IOB());

        ReduceMod() {
            io.and.connect(io.x.andR());
            io.or.connect(io.x.orR());
            io.xor.connect(io.x.xorR());
        }
    }

    @Test
    void reductions() {
        Built<ReduceMod> b = build(ReduceMod::new);
        List<Map<String, BigInteger>> vs = new ArrayList<>(randomVectors(7, 40, "io_x", 7));
        vs.add(in("io_x", 0));
        vs.add(in("io_x", 0x7F));
        vs.add(in("io_x", 0x40));
        checkComb(b, vs, v -> {
            BigInteger x = v.get("io_x");
            return out("io_and", x.equals(mask(7)), "io_or", x.signum() != 0, "io_xor", x.bitCount() % 2 == 1);
        });
    }

    // ---------------------------------------------------------------- comparisons

    static final class CompareMod extends Module {
        static final class IOB extends Bundle {
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(5));
            final SInt sa = Input(SInt(8));
            final SInt sb = Input(SInt(5));
            final UInt u = Output(UInt(6));
            final UInt s = Output(UInt(6));
        }

        final IOB io = IO(new IOB());

        CompareMod() {
            io.u.connect(Cat(io.a.eq(io.b), io.a.ne(io.b), io.a.lt(io.b), io.a.le(io.b), io.a.gt(io.b), io.a.ge(io.b)));
            io.s.connect(Cat(
                    io.sa.eq(io.sb),
                    io.sa.ne(io.sb),
                    io.sa.lt(io.sb),
                    io.sa.le(io.sb),
                    io.sa.gt(io.sb),
                    io.sa.ge(io.sb)));
        }
    }

    private static BigInteger cmpBits(BigInteger x, BigInteger y) {
        int c = x.compareTo(y);
        boolean[] r = {c == 0, c != 0, c < 0, c <= 0, c > 0, c >= 0};
        BigInteger v = BigInteger.ZERO;
        for (boolean z : r) v = v.shiftLeft(1).or(z ? BigInteger.ONE : BigInteger.ZERO);
        return v;
    }

    @Test
    void comparisonsUIntAndSInt() {
        Built<CompareMod> b = build(CompareMod::new);
        List<Map<String, BigInteger>> vs =
                new ArrayList<>(randomVectors(8, 120, "io_a", 8, "io_b", 5, "io_sa", 8, "io_sb", 5));
        vs.add(in("io_a", 7, "io_b", 7, "io_sa", 0xFD, "io_sb", 0x1D)); // -3 vs -3: equal after sign extension
        vs.add(in("io_a", 31, "io_b", 31, "io_sa", 0x0F, "io_sb", 0x0F));
        checkComb(
                b,
                vs,
                v -> out(
                        "io_u",
                        cmpBits(v.get("io_a"), v.get("io_b")),
                        "io_s",
                        cmpBits(signed(v.get("io_sa"), 8), signed(v.get("io_sb"), 5))));
    }

    // ---------------------------------------------------------------- shifts

    static final class ShiftMod extends Module {
        static final class IOB extends Bundle {
            final UInt a = Input(UInt(8));
            final SInt s = Input(SInt(8));
            final UInt n = Input(UInt(3));
            final UInt shl = Output(UInt(11));
            final UInt shr = Output(UInt(5));
            final UInt dshl = Output(UInt(15));
            final UInt dshr = Output(UInt(8));
            final UInt shrAll = Output(UInt(1));
            final SInt sshl = Output(SInt(10));
            final SInt sshr = Output(SInt(5));
            final SInt sdshr = Output(SInt(8));
            final SInt sshrAll = Output(SInt(1));
        }

        final IOB io = IO(new IOB());
        final UInt shl;
        final UInt shr;
        final UInt dshl;
        final UInt dshr;
        final SInt sshl;
        final SInt sshr;
        final SInt sdshr;
        final SInt sshrAll;

        ShiftMod() {
            shl = io.a.shl(3);
            shr = io.a.shr(3);
            dshl = io.a.shl(io.n);
            dshr = io.a.shr(io.n);
            sshl = io.s.shl(2);
            sshr = io.s.shr(3);
            sdshr = io.s.shr(io.n);
            sshrAll = io.s.shr(9);
            io.shl.connect(shl);
            io.shr.connect(shr);
            io.dshl.connect(dshl);
            io.dshr.connect(dshr);
            io.shrAll.connect(io.a.shr(8));
            io.sshl.connect(sshl);
            io.sshr.connect(sshr);
            io.sdshr.connect(sdshr);
            io.sshrAll.connect(sshrAll);
        }
    }

    @Test
    void staticAndDynamicShifts() {
        Built<ShiftMod> b = build(ShiftMod::new);
        ShiftMod m = b.top();
        assertEquals(
                List.of(11, 5, 15, 8, 10, 5, 8, 1),
                List.of(
                        m.shl.getWidth(),
                        m.shr.getWidth(),
                        m.dshl.getWidth(),
                        m.dshr.getWidth(),
                        m.sshl.getWidth(),
                        m.sshr.getWidth(),
                        m.sdshr.getWidth(),
                        m.sshrAll.getWidth()));
        assertDeclared(b.topText(), "wire", 15, "dshl");
        assertDeclared(b.topText(), "wire", 5, "sshr");
        List<Map<String, BigInteger>> vs = new ArrayList<>(randomVectors(9, 80, "io_a", 8, "io_s", 8, "io_n", 3));
        vs.add(in("io_a", 0xFF, "io_s", 0x80, "io_n", 7));
        vs.add(in("io_a", 0x01, "io_s", 0x7F, "io_n", 7));
        checkComb(b, vs, v -> {
            BigInteger a = v.get("io_a");
            BigInteger s = signed(v.get("io_s"), 8);
            int n = v.get("io_n").intValue();
            return out(
                    "io_shl",
                    a.shiftLeft(3),
                    "io_shr",
                    a.shiftRight(3),
                    "io_dshl",
                    a.shiftLeft(n),
                    "io_dshr",
                    a.shiftRight(n),
                    "io_shrAll",
                    0,
                    "io_sshl",
                    bits(s.shiftLeft(2), 10),
                    "io_sshr",
                    bits(s.shiftRight(3), 5),
                    "io_sdshr",
                    bits(s.shiftRight(n), 8),
                    "io_sshrAll",
                    bits(s.shiftRight(9), 1));
        });
    }

    // ---------------------------------------------------------------- add / addExpand / sub / subExpand / mul

    static final class ArithMod extends Module {
        static final class IOB extends Bundle {
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(4));
            final SInt sa = Input(SInt(8));
            final SInt sb = Input(SInt(4));
            final UInt add = Output(UInt(8));
            final UInt addx = Output(UInt(9));
            final UInt sub = Output(UInt(8));
            final UInt subx = Output(UInt(9));
            final UInt mul = Output(UInt(12));
            final SInt sadd = Output(SInt(8));
            final SInt saddx = Output(SInt(9));
            final SInt ssub = Output(SInt(8));
            final SInt ssubx = Output(SInt(9));
            final SInt smul = Output(SInt(12));
        }

        final IOB io = IO(new IOB());
        final List<Integer> widths = new ArrayList<>();

        ArithMod() {
            UInt add = io.a.add(io.b);
            UInt addx = io.a.addExpand(io.b);
            UInt sub = io.a.sub(io.b);
            UInt subx = io.a.subExpand(io.b);
            UInt mul = io.a.mul(io.b);
            SInt sadd = io.sa.add(io.sb);
            SInt saddx = io.sa.addExpand(io.sb);
            SInt ssub = io.sa.sub(io.sb);
            SInt ssubx = io.sa.subExpand(io.sb);
            SInt smul = io.sa.mul(io.sb);
            for (var x : List.of(add, addx, sub, subx, mul, sadd, saddx, ssub, ssubx, smul)) widths.add(x.getWidth());
            io.add.connect(add);
            io.addx.connect(addx);
            io.sub.connect(sub);
            io.subx.connect(subx);
            io.mul.connect(mul);
            io.sadd.connect(sadd);
            io.saddx.connect(saddx);
            io.ssub.connect(ssub);
            io.ssubx.connect(ssubx);
            io.smul.connect(smul);
        }
    }

    @Test
    void addSubMulWidthsAndValues() {
        Built<ArithMod> b = build(ArithMod::new);
        // Chisel: +% and -% max(wa, wb); +& and -& max + 1; * wa + wb
        assertEquals(List.of(8, 9, 8, 9, 12, 8, 9, 8, 9, 12), b.top().widths);
        assertDeclared(b.topText(), "output wire", 12, "io_smul");
        List<Map<String, BigInteger>> vs =
                new ArrayList<>(randomVectors(10, 120, "io_a", 8, "io_b", 4, "io_sa", 8, "io_sb", 4));
        vs.add(in("io_a", 0xFF, "io_b", 0xF, "io_sa", 0x80, "io_sb", 0x8));
        vs.add(in("io_a", 0, "io_b", 1, "io_sa", 0x7F, "io_sb", 0x7));
        checkComb(b, vs, v -> {
            BigInteger a = v.get("io_a"), bb = v.get("io_b");
            BigInteger sa = signed(v.get("io_sa"), 8), sb = signed(v.get("io_sb"), 4);
            Map<String, BigInteger> o = new LinkedHashMap<>();
            o.put("io_add", bits(a.add(bb), 8));
            o.put("io_addx", bits(a.add(bb), 9));
            o.put("io_sub", bits(a.subtract(bb), 8));
            o.put("io_subx", bits(a.subtract(bb), 9));
            o.put("io_mul", bits(a.multiply(bb), 12));
            o.put("io_sadd", bits(sa.add(sb), 8));
            o.put("io_saddx", bits(sa.add(sb), 9));
            o.put("io_ssub", bits(sa.subtract(sb), 8));
            o.put("io_ssubx", bits(sa.subtract(sb), 9));
            o.put("io_smul", bits(sa.multiply(sb), 12));
            return o;
        });
    }

    // ---------------------------------------------------------------- pad / asUInt / asSInt

    static final class ConvertMod extends Module {
        static final class IOB extends Bundle {
            final UInt u = Input(UInt(6));
            final SInt s = Input(SInt(6));
            final UInt upad = Output(UInt(10));
            final SInt spad = Output(SInt(10));
            final SInt reinterpret = Output(SInt(10)); // u.asSInt() sign-extended to 10
            final UInt back = Output(UInt(10)); // s.asUInt() zero-extended to 10
        }

        final IOB io = IO(new IOB());
        final List<Integer> widths = new ArrayList<>();

        ConvertMod() {
            UInt upad = io.u.pad(10);
            SInt spad = io.s.pad(10);
            SInt as = io.u.asSInt();
            UInt au = io.s.asUInt();
            for (var x : List.of(upad, spad, as, au, io.u.pad(3))) widths.add(x.getWidth());
            io.upad.connect(upad);
            io.spad.connect(spad);
            io.reinterpret.connect(as.pad(10));
            io.back.connect(au);
        }
    }

    @Test
    void padAsUIntAsSInt() {
        Built<ConvertMod> b = build(ConvertMod::new);
        assertEquals(List.of(10, 10, 6, 6, 6), b.top().widths);
        List<Map<String, BigInteger>> vs = new ArrayList<>(randomVectors(11, 60, "io_u", 6, "io_s", 6));
        vs.add(in("io_u", 0x20, "io_s", 0x20));
        checkComb(
                b,
                vs,
                v -> out(
                        "io_upad",
                        v.get("io_u"),
                        "io_spad",
                        bits(signed(v.get("io_s"), 6), 10),
                        "io_reinterpret",
                        bits(signed(v.get("io_u"), 6), 10),
                        "io_back",
                        v.get("io_s")));
    }

    // ---------------------------------------------------------------- DontCare

    static final class DontCareMod extends Module {
        static final class IOB extends Bundle {
            final Bool en = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt y = Output(UInt(8));
            final UInt unused = Output(UInt(4));
        }

        final IOB io = IO(new IOB());

        DontCareMod() {
            io.y.connect(DontCare);
            when(io.en, () -> io.y.connect(io.a));
            io.unused.connect(DontCare);
        }
    }

    @Test
    void dontCareCountsAsDrivenAndIsZero() {
        Built<DontCareMod> b = build(DontCareMod::new);
        checkComb(
                b,
                randomVectors(12, 30, "io_en", 1, "io_a", 8),
                v -> out("io_y", v.get("io_en").testBit(0) ? v.get("io_a") : BigInteger.ZERO, "io_unused", 0));
    }

    // ---------------------------------------------------------------- width inference of Wire(UInt())

    static final class InferMod extends Module {
        static final class IOB extends Bundle {
            final Bool c = Input(Bool());
            final UInt a = Input(UInt(5));
            final UInt b = Input(UInt(9));
            final UInt y = Output(UInt(9));
            final UInt z = Output(UInt(10));
        }

        final IOB io = IO(new IOB());
        final UInt w = Wire(UInt());
        final UInt v = Wire(UInt());

        InferMod() {
            w.connect(io.a);
            when(io.c, () -> w.connect(io.b)); // widest connect wins: 9 bits
            v.connect(w.addExpand(U(1))); // inferred from an expression of an inferred wire: 10 bits
            io.y.connect(w);
            io.z.connect(v);
        }
    }

    @Test
    void widthInferenceOfUnsizedWire() {
        Built<InferMod> b = build(InferMod::new);
        assertEquals(9, b.top().w.getWidth());
        assertEquals(10, b.top().v.getWidth());
        assertDeclared(b.topText(), "wire", 9, "w");
        assertDeclared(b.topText(), "wire", 10, "v");
        checkComb(b, randomVectors(13, 40, "io_c", 1, "io_a", 5, "io_b", 9), v -> {
            BigInteger w = v.get("io_c").testBit(0) ? v.get("io_b") : v.get("io_a");
            return out("io_y", w, "io_z", w.add(BigInteger.ONE));
        });
    }
}
