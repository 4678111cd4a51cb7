package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.rapgen.hdl.Hdl.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rapgen.bench.LongestPrefixCam;
import org.rapgen.engines.rap.EventQueue;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SInt;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ValidIO;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.lib.Arbiter;
import org.rapgen.hdl.lib.BramTcam;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.Fifo;
import org.rapgen.hdl.lib.Lfsr;
import org.rapgen.hdl.lib.PrefixSelector;
import org.rapgen.hdl.lib.SatCounter;
import org.rapgen.hdl.lib.Tcam;
import org.rapgen.hdl.tests.IcarusRunner.Built;

/** The emitted Verilog must be clean under {@code verilator --lint-only -Wall} and {@code iverilog -g2005}, no waivers. */
class LintTest {

    /** Exercises most constructs in one module, with a hierarchy of two parameterizations of a child. */
    static final class KitchenSink extends Module {
        static final class Leaf extends Module {
            static final class LIO extends Bundle {
                final DecoupledIO<UInt> in;
                final DecoupledIO<UInt> out;

                LIO(int w) {
                    in = Flipped(Decoupled(UInt(w)));
                    out = Decoupled(UInt(w));
                }
            }

            final LIO io;

            Leaf(int w) {
                super("w", w);
                io = IO(new LIO(w));
                io.out.valid.connect(io.in.valid);
                io.out.bits.connect(io.in.bits.add(U(1)));
                io.in.ready.connect(io.out.ready);
            }
        }

        static final class IOB extends Bundle {
            final DecoupledIO<UInt> in = Flipped(Decoupled(UInt(8)));
            final DecoupledIO<UInt> out = Decoupled(UInt(8));
            final ValidIO<SInt> s = Flipped(Valid(SInt(8)));
            final Vec<UInt> v = Input(Vec(4, UInt(6)));
            final UInt idx = Input(UInt(2));
            final UInt sel = Input(UInt(3));
            final UInt addr = Input(UInt(4));
            final UInt y = Output(UInt(16));
            final SInt sy = Output(SInt(10));
            final UInt flags = Output(UInt(8));
            final UInt mem = Output(UInt(8));
            final UInt smem = Output(UInt(8));
            final ValidIO<UInt> wideOut = Valid(UInt(12));
            final UInt unusedOut = Output(UInt(3));
        }

        final IOB io = IO(new IOB());
        final Leaf a = Module(new Leaf(8));
        final Leaf b = Module(new Leaf(8));
        final Leaf c = Module(new Leaf(12));

        KitchenSink() {
            a.io.in.biConnect(io.in);
            b.io.in.biConnect(a.io.out);
            io.out.biConnect(b.io.out);

            c.io.in.valid.connect(io.in.valid);
            c.io.in.bits.connect(Cat(io.sel, io.in.bits).pad(12));
            c.io.out.ready.connect(B(true));
            io.wideOut.valid.connect(c.io.out.valid);
            io.wideOut.bits.connect(c.io.out.bits);

            UInt w = Wire(UInt()).named("inferred");
            w.connect(io.v.read(io.idx));
            UInt acc = RegInit(U(0, 16)).named("acc");
            Switch(io.sel)
                    .is(0, () -> acc.connect(acc.add(w)))
                    .is(1, () -> acc.connect(acc.sub(w.pad(16))))
                    .is(2, () -> acc.connect(w.mul(w).pad(16)))
                    .is(3, () -> acc.connect(acc.shr(io.idx)))
                    .is(4, () -> acc.connect(Fill(2, io.in.bits)))
                    .is(5, () -> acc.connect(acc.shl(1).tail(1)))
                    .otherwise(() ->
                            acc.connect(acc.bits(15, 8).addExpand(acc.head(8)).pad(16)));
            io.y.connect(acc);

            SInt sacc = RegInit(S(0, 10)).named("sacc");
            when(io.s.valid, () -> sacc.connect(sacc.shr(1).addExpand(io.s.bits)))
                    .elsewhen(io.idx.eq(3), () -> sacc.connect(sacc.shr(io.sel)))
                    .otherwise(() -> sacc.connect(Mux(sacc.lt(S(0, 10)), sacc.sub(S(-1, 2)), sacc.shl(0))));
            io.sy.connect(sacc);

            io.flags.connect(Cat(
                    io.in.bits.andR(),
                    io.in.bits.orR(),
                    io.in.bits.xorR(),
                    io.s.bits.ge(S(3, 4)),
                    io.in.bits.bit(io.sel),
                    io.in.bits.bit(7),
                    io.in.bits.asSInt().lt(S(-5, 8)),
                    io.in.bits.ne(io.sel)));

            Mem<UInt> m = Mem(16, UInt(8)).named("lut");
            when(io.in.fire(), () -> m.write(io.addr, io.in.bits));
            io.mem.connect(m.read(io.addr.not()));

            SyncReadMem<UInt> sm = SyncReadMem(16, UInt(8)).named("bram");
            when(io.s.valid, () -> sm.write(io.addr, io.s.bits.asUInt()));
            io.smem.connect(sm.read(io.addr, io.in.valid));

            Vec<UInt> regs = RegInitAll(Vec(4, UInt(3)), 1);
            regs.write(io.idx, io.sel);
            io.unusedOut.connect(DontCare);
            when(regs.get(2).orR(), () -> io.unusedOut.connect(regs.read(io.idx)));
        }
    }

    static Stream<Arguments> designs() {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of("KitchenSink", (Supplier<Module>) KitchenSink::new));
        out.add(Arguments.of("Fifo", (Supplier<Module>) () -> new Fifo(8, 4)));
        out.add(Arguments.of("Arbiter", (Supplier<Module>) () -> new Arbiter(4, 8)));
        out.add(Arguments.of("SatCounter", (Supplier<Module>) () -> new SatCounter(8, 3)));
        // Blocks with formal properties: the `ifdef FORMAL block must be invisible to both tools.
        out.add(Arguments.of("Fifo output register", (Supplier<Module>) () -> new Fifo(8, 4, true)));
        out.add(Arguments.of("Lfsr", (Supplier<Module>) () -> new Lfsr(5, 3, 0x11)));
        out.add(Arguments.of("CounterSram", (Supplier<Module>) () -> new CounterSram(4, 3)));
        out.add(Arguments.of("CounterSram register read", (Supplier<Module>) () -> new CounterSram(4, 3, true)));
        out.add(Arguments.of("Tcam 2x1", (Supplier<Module>) () -> new Tcam(2, 1, 1)));
        out.add(Arguments.of("Tcam 5x7", (Supplier<Module>) () -> new Tcam(5, 7, 3)));
        out.add(Arguments.of("Tcam 32x32", (Supplier<Module>) () -> new Tcam(32, 32, 8)));
        out.add(Arguments.of("BramTcam 2x1 c1", (Supplier<Module>) () -> new BramTcam(2, 1, 1, 1)));
        out.add(Arguments.of("BramTcam 5x7 c3", (Supplier<Module>) () -> new BramTcam(5, 7, 3, 3)));
        out.add(Arguments.of("BramTcam 32x32 c6", (Supplier<Module>) () -> new BramTcam(32, 32, 8, 6)));
        out.add(Arguments.of("PrefixSelector 2", (Supplier<Module>) () -> new PrefixSelector(2, 1, 1, 1)));
        out.add(Arguments.of("PrefixSelector 5 s1", (Supplier<Module>) () -> new PrefixSelector(5, 3, 4, 1)));
        out.add(Arguments.of("PrefixSelector 7 s2", (Supplier<Module>) () -> new PrefixSelector(7, 3, 4, 2)));
        out.add(Arguments.of("PrefixSelector 32 s2", (Supplier<Module>) () -> new PrefixSelector(32, 6, 8, 2)));
        out.add(Arguments.of("PrefixSelector 33 s9", (Supplier<Module>) () -> new PrefixSelector(33, 6, 8, 9)));
        out.add(Arguments.of("LongestPrefixCam tree", (Supplier<Module>) () -> new LongestPrefixCam(6, 8, 4, 3, 2)));
        out.add(Arguments.of("LongestPrefixCam flat", (Supplier<Module>) () -> new LongestPrefixCam(6, 8, 4, 3, 0)));
        out.add(Arguments.of("Shifts", (Supplier<Module>) CombinationalConstructsTest.ShiftMod::new));
        out.add(Arguments.of("Arith", (Supplier<Module>) CombinationalConstructsTest.ArithMod::new));
        out.add(Arguments.of("Slices", (Supplier<Module>) CombinationalConstructsTest.SliceMod::new));
        out.add(Arguments.of("Vec", (Supplier<Module>) SequentialConstructsTest.VecMod::new));
        out.add(Arguments.of("SyncMem", (Supplier<Module>) SequentialConstructsTest.SyncMemMod::new));
        out.add(Arguments.of("Wrapper", (Supplier<Module>) StructureTest.Wrapper::new));
        out.add(Arguments.of("Hierarchy", (Supplier<Module>) StructureTest.Top::new));
        out.add(Arguments.of("SimChecks", (Supplier<Module>) () -> new SimChecksTest.Checked(true)));
        out.add(Arguments.of("EventQueue", (Supplier<Module>) () -> new EventQueue(8, 3, 4, true)));
        out.add(Arguments.of("EventQueuePlain", (Supplier<Module>) () -> new EventQueue(8, 3, 4, false)));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void verilatorAndIcarusAreClean(String label, Supplier<Module> top) throws IOException {
        verilatorAndIcarusAreClean(label, top, List.of());
    }

    /** As above, with the Verilog of the design's BlackBoxes read first (their reports count too). */
    void verilatorAndIcarusAreClean(String label, Supplier<Module> top, List<Path> external) throws IOException {
        Built<Module> b = IcarusRunner.build(top);
        Path dir = Files.createTempDirectory("rapgen-lint");
        try {
            List<String> paths = new ArrayList<>();
            for (Path x : external) paths.add(x.toString());
            for (Map.Entry<String, String> f : b.files().entrySet()) {
                Path p = dir.resolve(f.getKey());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
                paths.add(p.toString());
            }
            List<String> verilator =
                    new ArrayList<>(List.of("verilator", "--lint-only", "-Wall", "--top-module", b.def().name));
            verilator.addAll(paths);
            expectClean(verilator, dir, b);
            List<String> iverilog = new ArrayList<>(List.of(
                    "iverilog",
                    "-g2005",
                    "-Wall",
                    "-s",
                    b.def().name,
                    "-o",
                    dir.resolve("a.out").toString()));
            iverilog.addAll(paths);
            expectClean(iverilog, dir, b);
        } finally {
            IcarusRunner.deleteQuietly(dir);
        }
    }

    private static void expectClean(List<String> cmd, Path dir, Built<Module> b) {
        IcarusRunner.Result r = IcarusRunner.exec(cmd, dir);
        if (r.rc() != 0 || !r.out().isBlank()) {
            fail(String.join(" ", cmd.subList(0, 3)) + " reported (rc " + r.rc() + "):\n" + r.out() + "\n"
                    + String.join("\n", b.files().values()));
        }
    }

    @Test
    void kitchenSinkEmitsEachParameterizationOnce() {
        Built<KitchenSink> b = IcarusRunner.build(KitchenSink::new);
        assertEquals(
                List.of("Leaf_w8.v", "Leaf_w12.v", "KitchenSink.v"),
                List.copyOf(b.files().keySet()));
    }
}
