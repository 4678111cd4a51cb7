package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rapgen.engines.rap.EventQueue;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.ReplayWindow;
import org.rapgen.engines.rap.StatusCounterBank;
import org.rapgen.engines.rap.ThresholdUnit;
import org.rapgen.engines.sampler.AssocStage;
import org.rapgen.engines.sampler.HashUnit;
import org.rapgen.engines.sampler.SampleStage;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.lib.Arbiter;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.Fifo;
import org.rapgen.hdl.lib.Lfsr;
import org.rapgen.hdl.lib.RmwMemory;
import org.rapgen.hdl.lib.SatAdd;
import org.rapgen.hdl.lib.SatCounter;
import org.rapgen.hdl.lib.SerialMultiplier;

/**
 * Every parameter error of the library blocks and the engines' blocks names the user's line, the one that built the
 * block with the bad value, not a line inside the block; and says what is wrong. The expected line is read from the
 * exception's own stack (the frame of this class that called into the block), so the check does not depend on how
 * the source is laid out. (The CAM blocks are covered by CamParamsTest.)
 */
class BlockParamErrorsTest {
    private static final RapConfig RAP = RapConfig.of(32, 64);

    static Stream<Arguments> errors() {
        return Stream.of(
                error("Arbiter inputs", () -> build(() -> new Arbiter(1, 8)), "Arbiter needs at least 2 inputs"),
                error("Arbiter width", () -> build(() -> new Arbiter(4, 0)), "Arbiter width must be >= 1"),
                error("Fifo width", () -> build(() -> new Fifo(0, 4)), "Fifo width must be >= 1"),
                error("Fifo depth", () -> build(() -> new Fifo(8, 3)), "Fifo depth must be a power of two"),
                error("SatCounter", () -> build(() -> new SatCounter(4, 8)), "SatCounter needs 1 <= amount width"),
                error("SatAdd", () -> build(MismatchedAdd::new), "SatAdd.carrySelect needs two operands of one width"),
                error("CounterSram", () -> build(() -> new CounterSram(16, 65)), "CounterSram counter width"),
                error("RmwMemory depth", () -> build(() -> new RmwMemory("x", 1, 8, 4, (o, c) -> o)), "depth must be"),
                error("SerialMultiplier", () -> build(() -> new SerialMultiplier(0, 8)), "SerialMultiplier widths"),
                error("Lfsr width", () -> build(() -> new Lfsr(1, 1, 1)), "Lfsr width must be in"),
                error("Lfsr steps", () -> build(() -> new Lfsr(16, 0, 1)), "Lfsr steps per advance must be >= 1"),
                error("Lfsr seed", () -> build(() -> new Lfsr(16, 1, 0)), "Lfsr seed must be nonzero"),
                error("A_k k", () -> build(() -> new AssocStage(0, 32, 8, 8, 2)), "A_k needs k >= 1"),
                error(
                        "A_k stages",
                        () -> build(() -> new AssocStage(4, 32, 8, 8, 5)),
                        "A_k stages must be 1, 2, 3 or 4"),
                error("HashUnit key", () -> build(() -> new HashUnit(12, 4, 0, 1, 0)), "HashUnit key bits"),
                error("HashUnit seed", () -> build(() -> new HashUnit(32, 4, 0, 0, 0)), "HashUnit seed"),
                error("SampleStage rate", () -> build(() -> new SampleStage(32, 4, 0, 0, 1)), "sampling rate"),
                error("SampleStage seed", () -> build(() -> new SampleStage(32, 4, 0, 4, 0)), "LFSR seed"),
                error("sampler spec", () -> SamplerParams.of("Q[3]", 32), "sampler"),
                error("RAP nodes", () -> RapConfig.of(32, 3), "RAP engine"),
                error("EventQueue key", () -> build(() -> new EventQueue(0, 1, 16, false)), "EventQueue key bits"),
                error("EventQueue depth", () -> build(() -> new EventQueue(32, 1, 12, false)), "EventQueue depth"),
                error("ReplayWindow", () -> build(() -> new ReplayWindow(RAP, 6)), "replay window depth"),
                error("ThresholdUnit", () -> build(() -> new ThresholdUnit(RAP, 0)), "pieceBits must be >= 1"),
                error("StatusCounterBank", () -> build(() -> new StatusCounterBank(1, 3)), "at least two counters"));
    }

    /** Adds an 8-bit and a 4-bit value with {@code SatAdd.carrySelect}. */
    static final class MismatchedAdd extends Module {
        MismatchedAdd() {
            SatAdd.carrySelect(U(0, 8), U(0, 4), B(false), 2);
        }
    }

    private static Arguments error(String name, Executable build, String fragment) {
        return Arguments.of(name, build, fragment);
    }

    private static void build(java.util.function.Supplier<? extends Module> top) {
        Elaborator.elaborate(top);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void namesTheLineThatBuiltTheBlock(String name, Executable build, String fragment) {
        HdlException e = assertThrows(HdlException.class, build);
        assertTrue(e.getMessage().contains(fragment), "expected '" + fragment + "' in: " + e.getMessage());
        StackTraceElement caller = Arrays.stream(e.getStackTrace())
                .filter(f -> f.getClassName().startsWith(BlockParamErrorsTest.class.getName()))
                .findFirst()
                .orElse(null);
        assertNotNull(caller, "no frame of this test on the error's stack");
        assertEquals(
                caller.getFileName() + ":" + caller.getLineNumber(), e.loc().toString(), e.getMessage());
    }
}
