package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.lib.BramTcam;
import org.rapgen.hdl.lib.PrefixSelector;
import org.rapgen.hdl.lib.Tcam;

/**
 * Bad {@code Tcam} / {@code BramTcam} / {@code PrefixSelector} parameters fail elaboration with a message naming the parameter, its
 * legal range and the value, located at the user's {@code new ...} line (the line to fix), not inside the block.
 */
class CamParamsTest {
    private static final String FILE = "CamParamsTest.java";

    /** The caller's line: written on the same line as the offending {@code new}, so no line arithmetic. */
    private static int here() {
        return new Throwable().getStackTrace()[1].getLineNumber();
    }

    private static void expectError(Supplier<? extends Module> top, int line, String... fragments) {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(top));
        assertEquals(FILE, e.loc().file(), e.getMessage());
        assertEquals(line, e.loc().line(), e.getMessage());
        for (String f : fragments) assertTrue(e.getMessage().contains(f), "expected '" + f + "' in: " + e.getMessage());
    }

    @Test
    void tcamParameters() {
        expectError(() -> new Tcam(1, 32, 8), here(), "Tcam entries must be in 2..4096, got 1");
        expectError(() -> new Tcam(4097, 32, 8), here(), "Tcam entries must be in 2..4096, got 4097");
        expectError(() -> new Tcam(32, 0, 8), here(), "Tcam keyBits must be in 1..128, got 0");
        expectError(() -> new Tcam(32, 129, 8), here(), "Tcam keyBits must be in 1..128, got 129");
        expectError(() -> new Tcam(32, 32, 0), here(), "Tcam payloadBits must be in 1..4096, got 0");
    }

    @Test
    void bramTcamParameters() {
        expectError(() -> new BramTcam(1, 32, 8, 8), here(), "BramTcam entries must be in 2..4096, got 1");
        expectError(() -> new BramTcam(32, 129, 8, 8), here(), "BramTcam keyBits must be in 1..128, got 129");
        expectError(() -> new BramTcam(32, 32, 0, 8), here(), "BramTcam payloadBits must be in 1..4096, got 0");
        expectError(() -> new BramTcam(32, 32, 8, 0), here(), "BramTcam chunkBits must be in 1..10, got 0");
        expectError(() -> new BramTcam(32, 32, 8, 11), here(), "BramTcam chunkBits must be in 1..10, got 11");
    }

    @Test
    void prefixSelectorParameters() {
        expectError(() -> new PrefixSelector(1, 6, 8, 1), here(), "PrefixSelector entries must be in 2..4096, got 1");
        expectError(() -> new PrefixSelector(32, 0, 8, 1), here(), "PrefixSelector lenBits must be in 1..32, got 0");
        expectError(() -> new PrefixSelector(32, 33, 8, 1), here(), "PrefixSelector lenBits must be in 1..32, got 33");
        expectError(
                () -> new PrefixSelector(32, 6, 0, 1), here(), "PrefixSelector payloadBits must be in 1..4096, got 0");
        expectError(() -> new PrefixSelector(32, 6, 8, 0), here(), "PrefixSelector levelsPerStage must be >= 1, got 0");
    }

    /** Inside a parent, the error points at the parent's line that instantiates the block. */
    static final class Parent extends Module {
        static int line;

        Parent() {
            line = here() + 1; // the next line
            Module(new Tcam(32, 200, 8));
        }
    }

    @Test
    void errorInsideAParentPointsAtTheInstantiation() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(Parent::new));
        assertEquals(FILE + ":" + Parent.line + ": Tcam keyBits must be in 1..128, got 200", e.getMessage());
        // and a failed elaboration leaves nothing behind
        assertEquals(
                "PrefixSelector_n3_l2_p1_ls1",
                Elaborator.elaborate(() -> new PrefixSelector(3, 2, 1, 1)).top().name);
    }

    @Test
    void latencyIsCeilOfLevelsOverLevelsPerStage() {
        assertEquals(1, PrefixSelector.latency(2, 1));
        assertEquals(5, PrefixSelector.latency(32, 1));
        assertEquals(3, PrefixSelector.latency(32, 2));
        assertEquals(1, PrefixSelector.latency(32, 5));
        assertEquals(1, PrefixSelector.latency(32, 9));
        assertEquals(6, PrefixSelector.latency(33, 1));
        assertEquals(4, PrefixSelector.latency(256, 2));
    }
}
