package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.tests.IcarusRunner.*;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.Rom;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.tests.IcarusRunner.Built;
import org.rapgen.testutil.Tools;

/** {@code Rom}: words fixed at elaboration, combinational reads through several ports, lint-clean and synthesizable. */
class RomTest {
    /** 40 random 12-bit words (depth not a power of two), read through two ports and a narrower address. */
    static final class RomMod extends Module {
        static final class IOB extends Bundle {
            final UInt a = Input(UInt(6));
            final UInt b = Input(UInt(6));
            final UInt small = Input(UInt(3));
            final UInt ya = Output(UInt(12));
            final UInt yb = Output(UInt(12));
            final UInt ys = Output(UInt(12));
        }

        final IOB io = IO(new IOB());
        final Rom lut;

        RomMod(List<BigInteger> words) {
            lut = Rom(12, words);
            io.ya.connect(lut.read(io.a));
            io.yb.connect(lut.read(io.b));
            io.ys.connect(lut.read(io.small));
        }
    }

    private static List<BigInteger> words(int n, int width, long seed) {
        Random rnd = new Random(seed);
        List<BigInteger> w = new ArrayList<>();
        for (int i = 0; i < n; i++) w.add(new BigInteger(width, rnd));
        return w;
    }

    @Test
    void everyAddressReadsItsWordOnEveryPort() {
        List<BigInteger> w = words(40, 12, 5);
        Built<RomMod> b = build(() -> new RomMod(w));
        assertTrue(b.topText().contains("reg [11:0] lut [0:39];"), b.topText());
        List<Map<String, BigInteger>> vectors = new ArrayList<>();
        for (int a = 0; a < 40; a++) vectors.add(in("io_a", a, "io_b", 39 - a, "io_small", a % 8));
        checkComb(
                b,
                vectors,
                v -> in(
                        "io_ya",
                        w.get(v.get("io_a").intValue()),
                        "io_yb",
                        w.get(v.get("io_b").intValue()),
                        "io_ys",
                        w.get(v.get("io_small").intValue())));
    }

    @Test
    void lintCleanAndSynthesizes() throws IOException {
        List<BigInteger> w = words(40, 12, 6);
        new LintTest().verilatorAndIcarusAreClean("Rom", () -> new RomMod(w));
        Built<RomMod> b = build(() -> new RomMod(w));
        Path dir = Files.createTempDirectory("rapgen-rom");
        try {
            Files.writeString(dir.resolve("RomMod.v"), b.topText());
            Tools.Result y = Tools.run(dir, Tools.cmd("yosys", "-p", "read_verilog RomMod.v; synth -top RomMod"));
            assertEquals(0, y.exit(), y.output());
            // Constant words, never written: logic only, no flip-flops and no memory left over.
            String stat = y.output().substring(y.output().lastIndexOf("Printing statistics"));
            assertTrue(
                    stat.matches("(?s).*Number of memories:\\s+0\\n.*") && !stat.contains("DFF"),
                    "a ROM must become logic:\n" + stat);
        } finally {
            deleteQuietly(dir);
        }
    }

    @Test
    void wordsThatDoNotFitAreRejected() {
        HdlException tooWide = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new RomMod(List.of(BigInteger.ONE, BigInteger.valueOf(4096)))));
        assertTrue(
                tooWide.getMessage().contains("Rom word 1 = 4096 does not fit in 12 unsigned bits"),
                tooWide.getMessage());
        assertEquals("RomTest.java", tooWide.loc().file());
        HdlException negative = assertThrows(
                HdlException.class, () -> Elaborator.elaborate(() -> new RomMod(List.of(BigInteger.valueOf(-1)))));
        assertTrue(negative.getMessage().contains("does not fit"), negative.getMessage());
        HdlException empty = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new RomMod(List.of())));
        assertTrue(empty.getMessage().contains("at least one word"), empty.getMessage());
    }
}
