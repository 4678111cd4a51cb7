package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.tests.IcarusRunner.*;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SInt;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.tests.IcarusRunner.Built;

/**
 * State: Reg, RegInit, RegNext, Vec (incl. dynamic write into registers), Mem and SyncReadMem. Each cycle's outputs
 * are sampled before the rising edge; the Java models below update their state at the edge. A reset edge with all
 * inputs zero precedes cycle 0.
 */
class SequentialConstructsTest {

    // ---------------------------------------------------------------- Reg

    static final class RegMod extends Module {
        static final class IOB extends Bundle {
            final Bool en = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt held = Output(UInt(8));
            final UInt delayed = Output(UInt(8));
        }

        final IOB io = IO(new IOB());
        final UInt r = Reg(UInt(8));
        final UInt q = Reg(UInt(8));

        RegMod() {
            when(io.en, () -> r.connect(io.a)); // no connect otherwise: a register holds
            q.connect(io.a);
            io.held.connect(r);
            io.delayed.connect(q);
        }
    }

    @Test
    void regHoldsWithoutConnectAndHasNoReset() {
        Built<RegMod> b = build(RegMod::new);
        assertDeclared(b.topText(), "reg", 8, "r");
        assertTrue(!b.topText().contains("r <= 8'd"), "a Reg without init has no reset assignment");
        List<Map<String, BigInteger>> vs = randomVectors(20, 60, "io_en", 1, "io_a", 8);
        vs.get(0).put("io_en", BigInteger.ZERO);
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        BigInteger r = null; // x until first loaded
        BigInteger q = BigInteger.ZERO; // loaded with a=0 at the reset edge
        for (Map<String, BigInteger> v : vs) {
            exp.add(in("io_held", r, "io_delayed", q));
            if (v.get("io_en").testBit(0)) r = v.get("io_a");
            q = v.get("io_a");
        }
        exp.get(0).put("io_held", null);
        check(b, vs, exp);
    }

    // ---------------------------------------------------------------- RegInit

    static final class RegInitMod extends Module {
        static final class IOB extends Bundle {
            final Bool inc = Input(Bool());
            final UInt count = Output(UInt(8));
            final UInt wide = Output(UInt(8));
            final SInt s = Output(SInt(6));
        }

        final IOB io = IO(new IOB());
        final UInt count = RegInit(U(250, 8));
        final UInt wide = RegInit(UInt(8), U(3)); // narrower reset value, extended
        final SInt s = RegInit(S(-2, 6));

        RegInitMod() {
            when(io.inc, () -> {
                count.connect(count.add(1));
                wide.connect(wide.add(1));
                s.connect(s.sub(S(1, 2)));
            });
            io.count.connect(count);
            io.wide.connect(wide);
            io.s.connect(s);
        }
    }

    @Test
    void regInitResetsSynchronouslyAndWraps() {
        Built<RegInitMod> b = build(RegInitMod::new);
        assertEquals(8, b.top().wide.getWidth());
        assertDeclared(b.topText(), "reg", 6, "s");
        Random rnd = new Random(21);
        List<Map<String, BigInteger>> vs = new ArrayList<>();
        for (int i = 0; i < 80; i++) vs.add(in("io_inc", rnd.nextInt(4) != 0, "reset", i == 30 || i == 31 || i == 70));
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        long c = 250, w = 3, s = -2;
        for (Map<String, BigInteger> v : vs) {
            exp.add(in("io_count", c, "io_wide", w, "io_s", bits(s, 6)));
            if (v.get("reset").testBit(0)) {
                c = 250;
                w = 3;
                s = -2;
            } else if (v.get("io_inc").testBit(0)) {
                c = (c + 1) & 0xFF;
                w = (w + 1) & 0xFF;
                s = signed(bits(s - 1, 6), 6).longValue();
            }
        }
        check(b, vs, exp);
    }

    // ---------------------------------------------------------------- RegNext

    static final class RegNextMod extends Module {
        static final class IOB extends Bundle {
            final UInt a = Input(UInt(7));
            final UInt d1 = Output(UInt(7));
            final UInt d2 = Output(UInt(7));
            final UInt init = Output(UInt(7));
        }

        final IOB io = IO(new IOB());

        RegNextMod() {
            UInt one = RegNext(io.a);
            io.d1.connect(one);
            io.d2.connect(RegNext(one));
            io.init.connect(RegNext(io.a, U(99)));
        }
    }

    @Test
    void regNext() {
        Built<RegNextMod> b = build(RegNextMod::new);
        List<Map<String, BigInteger>> vs = randomVectors(22, 50, "io_a", 7);
        vs.get(5).put("reset", BigInteger.ONE);
        for (int i = 6; i < vs.size(); i++) vs.get(i).put("reset", BigInteger.ZERO);
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        BigInteger d1 = BigInteger.ZERO, d2 = null, init = big(99);
        for (Map<String, BigInteger> v : vs) {
            exp.add(in("io_d1", d1, "io_d2", d2, "io_init", init));
            d2 = d1;
            d1 = v.get("io_a");
            init = v.containsKey("reset") && v.get("reset").testBit(0) ? big(99) : v.get("io_a");
        }
        check(b, vs, exp);
    }

    // ---------------------------------------------------------------- ShiftRegisters / ShiftRegister

    static final class ShiftMod extends Module {
        static final class IOB extends Bundle {
            final UInt a = Input(UInt(5));
            final UInt d1 = Output(UInt(5));
            final UInt d3 = Output(UInt(5));
            final UInt held = Output(UInt(5));
        }

        final IOB io = IO(new IOB());

        ShiftMod() {
            List<UInt> stages = ShiftRegisters(io.a, 3, U(17, 5), "delay");
            io.d1.connect(stages.get(0));
            io.d3.connect(stages.get(2));
            io.held.connect(ShiftRegister(io.a, 2, null, "raw"));
        }
    }

    @Test
    void shiftRegistersNameEveryStageAndDelayByItsIndex() {
        Built<ShiftMod> b = build(ShiftMod::new);
        for (String n : List.of("delay_1", "delay_2", "delay_3", "raw_1", "raw_2"))
            assertDeclared(b.topText(), "reg", 5, n);
        List<Map<String, BigInteger>> vs = randomVectors(26, 40, "io_a", 5);
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        List<BigInteger> seen = new ArrayList<>();
        for (Map<String, BigInteger> v : vs) {
            int t = seen.size();
            exp.add(in(
                    "io_d1",
                    t >= 1 ? seen.get(t - 1) : big(17),
                    "io_d3",
                    t >= 3 ? seen.get(t - 3) : big(17),
                    // the stages without reset: the reset clock's input (0) enters too, before that they are x
                    "io_held",
                    t >= 2 ? seen.get(t - 2) : t == 1 ? BigInteger.ZERO : null));
            seen.add(v.get("io_a"));
        }
        check(b, vs, exp);
    }

    // ---------------------------------------------------------------- HeldBefore

    static final class HeldMod extends Module {
        static final class IOB extends Bundle {
            final Bool a = Input(Bool());
            final Bool held2 = Output(Bool());
            final Bool held4 = Output(Bool());
        }

        final IOB io = IO(new IOB());

        HeldMod() {
            io.held2.connect(HeldBefore(io.a, 2, "two"));
            io.held4.connect(HeldBefore(io.a, 4, "four"));
        }
    }

    @Test
    void heldBeforeIsTheAndOfTheClocksBefore() {
        Built<HeldMod> b = build(HeldMod::new);
        for (String n : List.of("two_before", "four_was_1", "four_was_2", "four_before"))
            assertDeclared(b.topText(), "reg", 1, n);
        // Mostly ones, so runs of three occur.
        List<Map<String, BigInteger>> vs = new ArrayList<>();
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 60; i++) vs.add(in("io_a", big(r.nextInt(4) == 0 ? 0 : 1)));
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        for (int t = 0; t < vs.size(); t++) {
            exp.add(in("io_held2", big(andBefore(vs, t, 1)), "io_held4", big(andBefore(vs, t, 3))));
        }
        check(b, vs, exp);
    }

    /** 1 if io_a was 1 on each of the {@code n} clocks before {@code t} (0 before the first clock: the reset). */
    private static int andBefore(List<Map<String, BigInteger>> vs, int t, int n) {
        if (t < n) return 0;
        for (int i = t - n; i < t; i++) if (vs.get(i).get("io_a").signum() == 0) return 0;
        return 1;
    }

    // ---------------------------------------------------------------- AheadValue

    /** A counter that steps, clears or holds, read a clock early through AheadValue into a register of its own. */
    static final class AheadMod extends Module {
        static final class IOB extends Bundle {
            final Bool step = Input(Bool());
            final Bool clear = Input(Bool());
            final UInt count = Output(UInt(4));
            final UInt ahead = Output(UInt(4));
            final UInt copy = Output(UInt(4));
        }

        final IOB io = IO(new IOB());

        AheadMod() {
            UInt count = RegInit(U(0, 4)).named("count");
            when(io.step, () -> count.connect(count.add(U(1, 4))));
            when(io.clear, () -> count.connect(U(0, 4)));
            UInt countAhead = AheadValue(count).named("count_ahead");
            // A second flip-flop, inverted so it stays apart from count: it equals count on every clock.
            UInt notCount = RegNext(countAhead.not(), U(15, 4)).named("not_count");
            io.count.connect(count);
            io.ahead.connect(countAhead);
            io.copy.connect(notCount.not());
        }
    }

    @Test
    void aheadValueIsTheRegistersNextValue() {
        Built<AheadMod> b = build(AheadMod::new);
        assertDeclared(b.topText(), "wire", 4, "count_ahead");
        assertDeclared(b.topText(), "reg", 4, "not_count");
        List<Map<String, BigInteger>> vs = randomVectors(11, 80, "io_step", 1, "io_clear", 1);
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        int count = 0;
        for (Map<String, BigInteger> v : vs) {
            int next = v.get("io_clear").signum() != 0 ? 0 : v.get("io_step").signum() != 0 ? (count + 1) & 15 : count;
            exp.add(in("io_count", big(count), "io_ahead", big(next), "io_copy", big(count)));
            count = next;
        }
        check(b, vs, exp);
    }

    // ---------------------------------------------------------------- PipelinedRead

    /** Eleven elements (four per group, the last group short) and a 4-bit index. */
    static final class PipelinedReadMod extends Module {
        static final class IOB extends Bundle {
            final Vec<UInt> vin = Input(Vec(11, UInt(6)));
            final UInt idx = Input(UInt(4));
            final UInt out = Output(UInt(6));
        }

        final IOB io = IO(new IOB());

        PipelinedReadMod() {
            io.out.connect(PipelinedRead(io.vin, io.idx, "pick"));
        }
    }

    @Test
    void pipelinedReadIsTheIndexedElementTwoClocksLater() {
        Built<PipelinedReadMod> b = build(PipelinedReadMod::new);
        for (String n : List.of("pick_g0", "pick_g1", "pick_g2", "pick")) assertDeclared(b.topText(), "reg", 6, n);
        assertDeclared(b.topText(), "reg", 2, "pick_group");
        Random r = new Random(29);
        List<Map<String, BigInteger>> vs = new ArrayList<>();
        for (int t = 0; t < 80; t++) {
            Map<String, BigInteger> v = in("io_idx", r.nextInt(11));
            for (int i = 0; i < 11; i++) v.put("io_vin_" + i, big(r.nextInt(64)));
            vs.add(v);
        }
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        for (int t = 0; t < vs.size(); t++) {
            Map<String, BigInteger> then = t >= 2 ? vs.get(t - 2) : null;
            // before that, the reset clock's inputs (all 0) enter the registers, and before those they are x
            exp.add(in(
                    "io_out",
                    then != null ? then.get("io_vin_" + then.get("io_idx")) : t == 1 ? BigInteger.ZERO : null));
        }
        check(b, vs, exp);
    }

    // ---------------------------------------------------------------- Vec: static index, dynamic read, dynamic write

    static final class VecMod extends Module {
        static final class IOB extends Bundle {
            final Vec<UInt> vin = Input(Vec(4, UInt(8)));
            final UInt idx = Input(UInt(2));
            final UInt idx3 = Input(UInt(3));
            final Bool we = Input(Bool());
            final UInt widx = Input(UInt(2));
            final UInt wdata = Input(UInt(8));
            final UInt stat = Output(UInt(8));
            final UInt dyn = Output(UInt(8));
            final UInt dyn3 = Output(UInt(8));
            final Vec<UInt> regs = Output(Vec(4, UInt(8)));
        }

        final IOB io = IO(new IOB());
        final Vec<UInt> r = RegInitAll(Vec(4, UInt(8)), 0);
        final UInt dyn;

        VecMod() {
            io.stat.connect(io.vin.get(2));
            dyn = io.vin.read(io.idx);
            io.dyn.connect(dyn);
            io.dyn3.connect(io.vin.read(io.idx3)); // indices 4..7 read the last element
            when(io.we, () -> r.write(io.widx, io.wdata));
            io.regs.connect(r);
        }
    }

    @Test
    void vecStaticDynamicReadAndWrite() {
        Built<VecMod> b = build(VecMod::new);
        assertEquals(8, b.top().dyn.getWidth());
        assertDeclared(b.topText(), "input wire", 8, "io_vin_3");
        assertDeclared(b.topText(), "output wire", 8, "io_regs_0");
        List<Map<String, BigInteger>> vs = randomVectors(
                23,
                80,
                "io_vin_0",
                8,
                "io_vin_1",
                8,
                "io_vin_2",
                8,
                "io_vin_3",
                8,
                "io_idx",
                2,
                "io_idx3",
                3,
                "io_we",
                1,
                "io_widx",
                2,
                "io_wdata",
                8);
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        BigInteger[] regs = {BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO};
        for (Map<String, BigInteger> v : vs) {
            int i3 = Math.min(v.get("io_idx3").intValue(), 3);
            exp.add(in(
                    "io_stat",
                    v.get("io_vin_2"),
                    "io_dyn",
                    v.get("io_vin_" + v.get("io_idx")),
                    "io_dyn3",
                    v.get("io_vin_" + i3),
                    "io_regs_0",
                    regs[0],
                    "io_regs_1",
                    regs[1],
                    "io_regs_2",
                    regs[2],
                    "io_regs_3",
                    regs[3]));
            if (v.get("io_we").testBit(0)) regs[v.get("io_widx").intValue()] = v.get("io_wdata");
        }
        check(b, vs, exp);
    }

    // ---------------------------------------------------------------- Mem (asynchronous read)

    static final class MemMod extends Module {
        static final class IOB extends Bundle {
            final Bool we = Input(Bool());
            final UInt waddr = Input(UInt(4));
            final UInt wdata = Input(UInt(8));
            final UInt raddr = Input(UInt(4));
            final UInt rdata = Output(UInt(8));
        }

        final IOB io = IO(new IOB());
        final Mem<UInt> mem = Mem(16, UInt(8));

        MemMod() {
            when(io.we, () -> mem.write(io.waddr, io.wdata));
            io.rdata.connect(mem.read(io.raddr));
        }
    }

    @Test
    void memAsyncReadSeesOldDataUntilTheEdge() {
        Built<MemMod> b = build(MemMod::new);
        assertTrue(b.topText().contains("reg [7:0] mem [0:15];"), b.topText());
        Random rnd = new Random(24);
        List<Map<String, BigInteger>> vs = new ArrayList<>();
        for (int i = 0; i < 16; i++)
            vs.add(in("io_we", 1, "io_waddr", i, "io_wdata", rnd.nextInt(256), "io_raddr", (i + 15) % 16));
        for (int i = 0; i < 80; i++) {
            int wa = rnd.nextInt(16);
            vs.add(in(
                    "io_we",
                    rnd.nextBoolean(),
                    "io_waddr",
                    wa,
                    "io_wdata",
                    rnd.nextInt(256),
                    "io_raddr",
                    rnd.nextInt(3) == 0 ? wa : rnd.nextInt(16)));
        }
        BigInteger[] mem = new BigInteger[16];
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        for (Map<String, BigInteger> v : vs) {
            exp.add(in("io_rdata", mem[v.get("io_raddr").intValue()]));
            if (v.get("io_we").testBit(0)) mem[v.get("io_waddr").intValue()] = v.get("io_wdata");
        }
        check(b, vs, exp);
    }

    // ---------------------------------------------------------------- SyncReadMem (registered read, read-first)

    static final class SyncMemMod extends Module {
        static final class IOB extends Bundle {
            final Bool we = Input(Bool());
            final UInt waddr = Input(UInt(3));
            final UInt wdata = Input(UInt(8));
            final Bool re = Input(Bool());
            final UInt raddr = Input(UInt(3));
            final UInt rdata = Output(UInt(8));
        }

        final IOB io = IO(new IOB());
        final SyncReadMem<UInt> mem = SyncReadMem(8, UInt(8));

        SyncMemMod() {
            when(io.we, () -> mem.write(io.waddr, io.wdata));
            io.rdata.connect(mem.read(io.raddr, io.re));
        }
    }

    @Test
    void syncReadMemReadsOneCycleLaterAndReadUnderWriteReturnsOldData() {
        Built<SyncMemMod> b = build(SyncMemMod::new);
        Random rnd = new Random(25);
        List<Map<String, BigInteger>> vs = new ArrayList<>();
        for (int i = 0; i < 8; i++)
            vs.add(in("io_we", 1, "io_waddr", i, "io_wdata", rnd.nextInt(256), "io_re", 0, "io_raddr", 0));
        for (int i = 0; i < 100; i++) {
            int wa = rnd.nextInt(8);
            boolean collide = rnd.nextBoolean();
            vs.add(in(
                    "io_we",
                    collide || rnd.nextBoolean(),
                    "io_waddr",
                    wa,
                    "io_wdata",
                    rnd.nextInt(256),
                    "io_re",
                    collide || rnd.nextInt(4) != 0,
                    "io_raddr",
                    collide ? wa : rnd.nextInt(8)));
        }
        BigInteger[] mem = new BigInteger[8];
        BigInteger rdata = null;
        int collisionsWithNewData = 0;
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        for (Map<String, BigInteger> v : vs) {
            exp.add(in("io_rdata", rdata));
            boolean we = v.get("io_we").testBit(0), re = v.get("io_re").testBit(0);
            int wa = v.get("io_waddr").intValue(), ra = v.get("io_raddr").intValue();
            if (re) rdata = mem[ra]; // read-first: the old contents
            if (we && re && wa == ra && mem[wa] != null && !mem[wa].equals(v.get("io_wdata"))) collisionsWithNewData++;
            if (we) mem[wa] = v.get("io_wdata");
        }
        assertTrue(collisionsWithNewData > 20, "the stimulus must exercise read-under-write: " + collisionsWithNewData);
        check(b, vs, exp);
    }
}
