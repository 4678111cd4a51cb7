package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rapgen.engines.sampler.HashUnit;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.Lfsr;
import org.rapgen.hdl.lib.RmwMemory;
import org.rapgen.hdl.lib.SatAdd;
import org.rapgen.hdl.lib.SkidBuffer;
import org.rapgen.testutil.Tools;

/**
 * RmwMemory, CounterSram, Lfsr and HashUnit: lint-clean for several parameterizations, bad parameters rejected at
 * elaboration with a message naming the block's source line, and the RMW storage still lands in block RAM.
 */
class MemBlocksTest {

    static Stream<Arguments> designs() {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of("RmwMemory_mod5", (Supplier<Module>) () ->
                new RmwMemory("mod5", 16, 3, 1, (old, cmd) -> Mux(old.eq(4), U(0, 3), old.add(cmd)))));
        out.add(Arguments.of(
                "RmwMemory_odd", (Supplier<Module>) () -> new RmwMemory("xor", 13, 9, 9, (old, cmd) -> old.xor(cmd))));
        out.add(Arguments.of("RmwMemory_mod5_registered", (Supplier<Module>) () ->
                new RmwMemory("mod5", 16, 3, 1, true, (old, cmd) -> Mux(old.eq(4), U(0, 3), old.add(cmd)))));
        out.add(Arguments.of("CounterSram_2x1", (Supplier<Module>) () -> new CounterSram(2, 1)));
        out.add(Arguments.of("CounterSram_2x1_registered", (Supplier<Module>) () -> new CounterSram(2, 1, true)));
        out.add(Arguments.of("CounterSram_1024x32", (Supplier<Module>) () -> new CounterSram(1024, 32)));
        out.add(Arguments.of("CounterSram_100x64", (Supplier<Module>) () -> new CounterSram(100, 64)));
        out.add(Arguments.of("CounterSram_100x64_registered", (Supplier<Module>) () -> new CounterSram(100, 64, true)));
        out.add(Arguments.of("Lfsr_3", (Supplier<Module>) () -> new Lfsr(3, 1, 1)));
        out.add(Arguments.of("Lfsr_32", (Supplier<Module>) () -> new Lfsr(32, 16, 0xACE1ACE1L)));
        out.add(Arguments.of("Lfsr_64", (Supplier<Module>) () -> new Lfsr(64, 100, -1L)));
        out.add(Arguments.of("HashUnit_32", (Supplier<Module>) () -> new HashUnit(32, 11, 2, 0x9E3779B9L, 4)));
        out.add(Arguments.of("HashUnit_64_notag", (Supplier<Module>) () -> new HashUnit(64, 5, 0, 1, 0)));
        out.add(Arguments.of("HashUnit_8_wide", (Supplier<Module>) () -> new HashUnit(8, 12, 8, 0xFFFFFFFFL, 1)));
        out.add(Arguments.of("SkidBuffer_8", (Supplier<Module>) () -> new SkidBuffer(8)));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void verilatorAndIcarusAreClean(String label, Supplier<Module> top) throws IOException {
        new LintTest().verilatorAndIcarusAreClean(label, top);
    }

    /** The error and the file it names: the line that built the block for a bad parameter (SourceLoc.callerOf). */
    private static void expectError(Supplier<? extends Module> top, String file, String... fragments) {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(top));
        assertEquals(file, e.loc().file(), e.getMessage());
        for (String f : fragments) assertTrue(e.getMessage().contains(f), "expected '" + f + "' in: " + e.getMessage());
    }

    @Test
    void badParametersAreRejected() {
        expectError(
                () -> new RmwMemory("a-b", 16, 8, 1, (o, c) -> o),
                "MemBlocksTest.java",
                "flavor must be letters and digits",
                "'a-b'");
        expectError(() -> new RmwMemory("f", 1, 8, 1, (o, c) -> o), "MemBlocksTest.java", "depth must be >= 2, got 1");
        expectError(
                () -> new RmwMemory("f", 16, 0, 1, (o, c) -> o),
                "MemBlocksTest.java",
                "data width must be >= 1, got 0");
        expectError(
                () -> new RmwMemory("f", 16, 8, 0, (o, c) -> o),
                "MemBlocksTest.java",
                "command width must be >= 1, got 0");
        // An update wider than the data word is a width error, not a silent truncation.
        expectError(
                () -> new RmwMemory("f", 16, 8, 8, (o, c) -> o.addExpand(c)),
                "RmwMemory.java",
                "width mismatch",
                "9-bit");
        expectError(
                () -> new RmwMemory("f", 16, 8, 8, (o, c) -> SatAdd.carrySelect(o, c, B(false), 8).value),
                "MemBlocksTest.java",
                "0 <= split < w",
                "split 8");
        expectError(() -> new CounterSram(16, 0), "MemBlocksTest.java", "counter width must be in 1..64, got 0");
        expectError(() -> new CounterSram(16, 65), "MemBlocksTest.java", "counter width must be in 1..64, got 65");
        expectError(() -> new Lfsr(2, 1, 1), "MemBlocksTest.java", "width must be in 3..64, got 2");
        expectError(() -> new Lfsr(65, 1, 1), "MemBlocksTest.java", "width must be in 3..64, got 65");
        expectError(() -> new Lfsr(16, 0, 1), "MemBlocksTest.java", "steps per advance must be >= 1, got 0");
        expectError(() -> new Lfsr(16, 1, 0), "MemBlocksTest.java", "seed must be nonzero");
        expectError(() -> new Lfsr(32, 16, 0xACE1ACE1), "MemBlocksTest.java", "does not fit in 32 bits", "0xACE1ACE1L");
        expectError(
                () -> new HashUnit(12, 4, 0, 1, 1),
                "MemBlocksTest.java",
                "key bits must be a multiple of 8 in 8..64, got 12");
        expectError(
                () -> new HashUnit(72, 4, 0, 1, 1),
                "MemBlocksTest.java",
                "key bits must be a multiple of 8 in 8..64, got 72");
        expectError(() -> new HashUnit(32, -1, 0, 1, 1), "MemBlocksTest.java", "index bits must be in 0..64, got -1");
        expectError(() -> new HashUnit(32, 4, 65, 1, 1), "MemBlocksTest.java", "tag bits must be in 0..64, got 65");
        expectError(
                () -> new HashUnit(32, 4, 2, 0, 1),
                "MemBlocksTest.java",
                "seed must be a nonzero unsigned 32-bit value");
        expectError(
                () -> new HashUnit(32, 4, 2, 1L << 32, 1),
                "MemBlocksTest.java",
                "seed must be a nonzero unsigned 32-bit value");
        expectError(() -> new HashUnit(32, 4, 2, 1, -1), "MemBlocksTest.java", "payload bits must be >= 0, got -1");
    }

    @Test
    void updateFunctionsNameTheModule() {
        String a = Elaborator.elaborate(() -> new RmwMemory("inc", 16, 8, 1, (o, c) -> o.add(c)))
                .top()
                .name;
        String b = Elaborator.elaborate(() -> new RmwMemory("xor", 16, 8, 1, (o, c) -> o.xor(c)))
                .top()
                .name;
        assertEquals("RmwMemory_finc_d16_w8_cmd1", a);
        assertEquals("RmwMemory_fxor_d16_w8_cmd1", b);
        String r = Elaborator.elaborate(() -> new RmwMemory("xor", 16, 8, 1, true, (o, c) -> o.xor(c)))
                .top()
                .name;
        assertEquals("RmwMemory_fxor_d16_w8_cmd1_rr1", r);
    }

    /** The RMW storage must land in block RAM, not flip-flops: 1024 x 32-bit counters on iCE40 and 7-series. */
    @ParameterizedTest(name = "registerRead={0}")
    @ValueSource(booleans = {false, true})
    void counterStorageInfersBlockRam(boolean registerRead) {
        IcarusRunner.Built<CounterSram> b = IcarusRunner.build(() -> new CounterSram(1024, 32, registerRead));
        String top = b.def().name;
        Tools.Result ice = Tools.yosys(b.files(), "synth_ice40 -top " + top);
        assertEquals(0, ice.exit(), ice.output());
        assertTrue(
                ice.output().matches("(?s).*SB_RAM40_4K\\s+8\\n.*"),
                "expected 8 SB_RAM40_4K (32 Kbit) on iCE40:\n" + tail(ice.output()));
        Tools.Result xil = Tools.yosys(b.files(), "synth_xilinx -top " + top);
        assertEquals(0, xil.exit(), xil.output());
        assertTrue(
                xil.output().matches("(?s).*RAMB36E1\\s+1\\n.*"),
                "expected one RAMB36E1 on 7-series:\n" + tail(xil.output()));
    }

    private static String tail(String s) {
        return s.substring(Math.max(0, s.lastIndexOf("Printing statistics")));
    }
}
