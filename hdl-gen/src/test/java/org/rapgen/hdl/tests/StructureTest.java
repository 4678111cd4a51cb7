package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.tests.IcarusRunner.*;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SInt;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ValidIO;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.tests.IcarusRunner.Built;

/** Bundles as IO, Decoupled/Valid with Flipped, {@code <>} through a child, and hierarchy with dedup. */
class StructureTest {

    private static Map<String, Signal.Kind> directions(ModuleDef def) {
        Map<String, Signal.Kind> m = new LinkedHashMap<>();
        for (Signal s : def.ports()) m.put(s.name(), s.kind);
        return m;
    }

    // ---------------------------------------------------------------- Bundles for IO

    static final class Pair extends Bundle {
        final UInt a = UInt(4);
        final SInt b = SInt(4);
    }

    static final class BundleMod extends Module {
        static final class IOB extends Bundle {
            final Pair in = Input(new Pair());
            final Pair out = Output(new Pair());
            final Pair sum = new Pair(); // unmarked: output
        }

        final IOB io = IO(new IOB());
        final Pair w = Wire(new Pair());

        BundleMod() {
            w.connect(io.in); // whole-bundle connect
            io.out.connect(w);
            io.sum.a.connect(w.a.add(U(1)));
            io.sum.b.connect(w.b.add(S(-1, 4)));
        }
    }

    @Test
    void bundlesForIo() {
        Built<BundleMod> b = build(BundleMod::new);
        Map<String, Signal.Kind> dirs = directions(b.def());
        assertEquals(Signal.Kind.INPUT, dirs.get("io_in_a"));
        assertEquals(Signal.Kind.INPUT, dirs.get("io_in_b"));
        assertEquals(Signal.Kind.OUTPUT, dirs.get("io_out_a"));
        assertEquals(Signal.Kind.OUTPUT, dirs.get("io_sum_b"));
        assertDeclared(b.topText(), "wire", 4, "w_a");
        assertDeclared(b.topText(), "input wire", 4, "io_in_b");
        checkComb(
                b,
                randomVectors(30, 40, "io_in_a", 4, "io_in_b", 4),
                v -> in(
                        "io_out_a",
                        v.get("io_in_a"),
                        "io_out_b",
                        v.get("io_in_b"),
                        "io_sum_a",
                        bits(v.get("io_in_a").add(BigInteger.ONE), 4),
                        "io_sum_b",
                        bits(signed(v.get("io_in_b"), 4).subtract(BigInteger.ONE), 4)));
    }

    // ---------------------------------------------------------------- Decoupled and Valid with Flipped

    static final class StreamIO extends Bundle {
        final DecoupledIO<UInt> enq = Flipped(Decoupled(UInt(8)));
        final DecoupledIO<UInt> deq = Decoupled(UInt(8));
        final ValidIO<UInt> mon = Valid(UInt(8));
        final ValidIO<UInt> cfg = Flipped(Valid(UInt(8)));
    }

    /** A one-entry pipeline register with ready/valid; {@code mon} reports each accepted word, {@code cfg} adds an offset. */
    static final class Stage extends Module {
        final StreamIO io = IO(new StreamIO());

        Stage() {
            Bool full = RegInit(B(false)).named("full");
            UInt data = Reg(UInt(8)).named("data");
            UInt offset = RegInit(U(0, 8)).named("offset");
            when(io.cfg.valid, () -> offset.connect(io.cfg.bits));
            io.enq.ready.connect(full.not().or(io.deq.ready));
            Bool accept = io.enq.fire().named("accept");
            when(accept, () -> {
                        data.connect(io.enq.bits.add(offset));
                        full.connect(B(true));
                    })
                    .elsewhen(io.deq.fire(), () -> full.connect(B(false)));
            io.deq.valid.connect(full);
            io.deq.bits.connect(data);
            io.mon.valid.connect(accept);
            io.mon.bits.connect(io.enq.bits);
        }
    }

    /** The same ports, implemented by a Stage child wired with {@code <>} in both argument orders. */
    static final class Wrapper extends Module {
        final StreamIO io = IO(new StreamIO());
        final Stage stage = Module(new Stage());

        Wrapper() {
            stage.io.enq.biConnect(io.enq);
            io.deq.biConnect(stage.io.deq);
            io.mon.biConnect(stage.io.mon);
            stage.io.cfg.biConnect(io.cfg);
        }
    }

    private static void checkStage(Built<?> b) {
        Map<String, Signal.Kind> dirs = directions(b.def());
        assertEquals(Signal.Kind.OUTPUT, dirs.get("io_enq_ready"));
        assertEquals(Signal.Kind.INPUT, dirs.get("io_enq_valid"));
        assertEquals(Signal.Kind.INPUT, dirs.get("io_enq_bits"));
        assertEquals(Signal.Kind.INPUT, dirs.get("io_deq_ready"));
        assertEquals(Signal.Kind.OUTPUT, dirs.get("io_deq_valid"));
        assertEquals(Signal.Kind.OUTPUT, dirs.get("io_deq_bits"));
        assertEquals(Signal.Kind.OUTPUT, dirs.get("io_mon_valid"));
        assertEquals(Signal.Kind.OUTPUT, dirs.get("io_mon_bits"));
        assertEquals(Signal.Kind.INPUT, dirs.get("io_cfg_valid"));
        assertEquals(Signal.Kind.INPUT, dirs.get("io_cfg_bits"));

        Random rnd = new Random(31);
        List<Map<String, BigInteger>> vs = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            vs.add(in(
                    "io_enq_valid",
                    rnd.nextInt(3) != 0,
                    "io_enq_bits",
                    rnd.nextInt(256),
                    "io_deq_ready",
                    rnd.nextInt(3) != 0,
                    "io_cfg_valid",
                    rnd.nextInt(10) == 0,
                    "io_cfg_bits",
                    rnd.nextInt(256)));
        }
        boolean full = false;
        BigInteger data = null;
        int offset = 0;
        int transfers = 0;
        List<Map<String, BigInteger>> exp = new ArrayList<>();
        for (Map<String, BigInteger> v : vs) {
            boolean ev = v.get("io_enq_valid").testBit(0),
                    dr = v.get("io_deq_ready").testBit(0);
            boolean ready = !full || dr;
            boolean accept = ev && ready;
            exp.add(in(
                    "io_enq_ready",
                    ready,
                    "io_deq_valid",
                    full,
                    "io_deq_bits",
                    data,
                    "io_mon_valid",
                    accept,
                    "io_mon_bits",
                    v.get("io_enq_bits")));
            if (full && dr) transfers++;
            boolean deqFire = full && dr;
            if (accept) {
                data = bits(v.get("io_enq_bits").add(big(offset)), 8);
                full = true;
            } else if (deqFire) {
                full = false;
            }
            if (v.get("io_cfg_valid").testBit(0)) offset = v.get("io_cfg_bits").intValue();
        }
        assertTrue(transfers > 30, "stimulus must move data: " + transfers);
        check(b, vs, exp);
    }

    @Test
    void decoupledAndValidWithFlipped() {
        checkStage(build(Stage::new));
    }

    @Test
    void biConnectThroughChildModule() {
        Built<Wrapper> b = build(Wrapper::new);
        assertEquals(List.of("Stage.v", "Wrapper.v"), List.copyOf(b.files().keySet()));
        assertTrue(b.topText().contains("Stage stage ("), b.topText());
        checkStage(b);
    }

    // ---------------------------------------------------------------- hierarchy and dedup

    static final class Adder extends Module {
        static final class IOB extends Bundle {
            final UInt a;
            final UInt b;
            final UInt y;

            IOB(int w) {
                a = Input(UInt(w));
                b = Input(UInt(w));
                y = Output(UInt(w));
            }
        }

        final IOB io;

        Adder(int w) {
            super("w", w);
            io = IO(new IOB(w));
            io.y.connect(io.a.add(io.b));
        }
    }

    static final class Top extends Module {
        static final class IOB extends Bundle {
            final UInt x = Input(UInt(8));
            final UInt y = Input(UInt(8));
            final UInt z = Input(UInt(16));
            final UInt o8 = Output(UInt(8));
            final UInt o16 = Output(UInt(16));
        }

        final IOB io = IO(new IOB());
        final Adder first = Module(new Adder(8));
        final Adder second = Module(new Adder(8));
        final Adder wide = Module(new Adder(16));

        Top() {
            first.io.a.connect(io.x);
            first.io.b.connect(io.y);
            second.io.a.connect(first.io.y);
            second.io.b.connect(io.y);
            io.o8.connect(second.io.y);
            wide.io.a.connect(io.x);
            wide.io.b.connect(io.z);
            io.o16.connect(wide.io.y);
        }
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    @Test
    void hierarchyWithDedupAndParameterizedNames() {
        Built<Top> b = build(Top::new);
        assertEquals(
                List.of("Adder_w8.v", "Adder_w16.v", "Top.v"),
                List.copyOf(b.files().keySet()));
        assertEquals(1, count(b.files().get("Adder_w8.v"), "^module Adder_w8 \\("));
        assertEquals(1, count(b.files().get("Adder_w16.v"), "^module Adder_w16 \\("));
        assertDeclared(b.files().get("Adder_w16.v"), "output wire", 16, "io_y");
        String top = b.topText();
        assertEquals(2, count(top, "^\\s*Adder_w8 \\w+ \\("), top);
        assertEquals(1, count(top, "^\\s*Adder_w16 wide \\("), top);
        assertTrue(top.contains("Adder_w8 first (") && top.contains("Adder_w8 second ("), top);
        // stable: a second elaboration gives byte-identical files
        assertEquals(b.files(), build(Top::new).files());
        checkComb(
                b,
                randomVectors(32, 40, "io_x", 8, "io_y", 8, "io_z", 16),
                v -> in(
                        "io_o8", bits(v.get("io_x").add(v.get("io_y")).add(v.get("io_y")), 8),
                        "io_o16", bits(v.get("io_x").add(v.get("io_z")), 16)));
    }
}
