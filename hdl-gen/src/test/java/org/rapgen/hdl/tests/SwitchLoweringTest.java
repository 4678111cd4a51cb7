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
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.tests.IcarusRunner.Built;

/**
 * A switch's arms are mutually exclusive, so a sink is muxed over only the arms that drive it: a register written in
 * two of six arms has a two-mux driver, not a six-deep priority chain. Values are checked clock by clock in Icarus
 * against a plain-Java model of the same switch, including the otherwise branch, a switch nested in it, and a memory
 * write in one arm.
 */
class SwitchLoweringTest {

    static final class SwitchRegMod extends Module {
        static final class IOB extends Bundle {
            final UInt op = Input(UInt(3));
            final UInt sub = Input(UInt(2));
            final Bool bump = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt addr = Input(UInt(2));
            final UInt r = Output(UInt(8));
            final UInt q = Output(UInt(8));
            final UInt y = Output(UInt(8));
            final UInt m = Output(UInt(8));
        }

        final IOB io = IO(new IOB());
        final UInt r = RegInit(U(0, 8)).named("r");
        final UInt q = RegInit(U(0, 8)).named("q");
        final Mem<UInt> mem = Mem(4, UInt(8));

        SwitchRegMod() {
            when(io.bump, () -> r.connect(r.add(U(1, 8))));
            io.y.connect(U(0, 8));
            Switch(io.op)
                    .is(0, () -> io.y.connect(io.a))
                    .is(1, () -> r.connect(io.a))
                    .is(2, () -> mem.write(io.addr, io.a))
                    .is(3, () -> io.y.connect(r))
                    .is(5, () -> r.connect(r.xor(io.a)))
                    .otherwise(() -> Switch(io.sub).is(0, () -> q.connect(io.a)).is(2, () -> q.connect(q.add(io.a))));
            io.r.connect(r);
            io.q.connect(q);
            io.m.connect(mem.read(io.addr));
        }
    }

    @Test
    void aRegisterIsMuxedOverTheArmsThatWriteIt() {
        Built<SwitchRegMod> b = build(SwitchRegMod::new);
        // arm 1, arm 5 and the bump when: three selects, whatever the number of arms.
        assertEquals(3, selectsDriving("r", b.topText()), b.topText());
        // the nested switch's two arms, then the outer otherwise (none of the five outer arms).
        assertTrue(selectsDriving("q", b.topText()) >= 3, b.topText());
    }

    @Test
    void valuesMatchAModelOfTheSwitch() {
        Built<SwitchRegMod> b = build(SwitchRegMod::new);
        Random rnd = new Random(91);
        List<Map<String, BigInteger>> vs = new ArrayList<>();
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        int r = 0, q = 0;
        Integer[] mem = new Integer[4];
        for (int i = 0; i < 300; i++) {
            int op = rnd.nextInt(8), sub = rnd.nextInt(4), a = rnd.nextInt(256), addr = rnd.nextInt(4);
            boolean bump = rnd.nextBoolean();
            vs.add(in("io_op", op, "io_sub", sub, "io_bump", bump, "io_a", a, "io_addr", addr));
            int y = switch (op) {
                case 0 -> a;
                case 3 -> r;
                default -> 0;
            };
            exp.add(in(
                    "io_r", r, "io_q", q, "io_y", y, "io_m", mem[addr] == null ? null : BigInteger.valueOf(mem[addr])));
            int nr = bump ? (r + 1) & 0xFF : r;
            int nq = q;
            switch (op) {
                case 1 -> nr = a;
                case 2 -> mem[addr] = a;
                case 5 -> nr = r ^ a;
                case 0, 3 -> {}
                default -> {
                    if (sub == 0) nq = a;
                    if (sub == 2) nq = (q + a) & 0xFF;
                }
            }
            r = nr;
            q = nq;
        }
        check(b, vs, exp);
    }
}
