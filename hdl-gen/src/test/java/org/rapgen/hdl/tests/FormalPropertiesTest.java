package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FormalTargets;
import org.rapgen.hdl.tests.IcarusRunner.Built;

/**
 * Formal-only properties: emitted in one {@code `ifdef FORMAL} block with their labels and Java lines, leaving the
 * design's Verilog as it is; kept apart from the design by elaboration errors; and readable by Yosys's
 * {@code read_verilog -formal} for every proof harness (the proofs themselves run in scripts/formal.sh).
 */
class FormalPropertiesTest {
    static final class CIO extends Bundle {
        final Bool step = Input(Bool());
        final UInt count = Output(UInt(3));
    }

    /** A counter; with properties, a shadow counter must agree with it and 7 must be reachable. */
    static final class Counter extends Module {
        final CIO io = IO(new CIO());

        Counter(boolean properties) {
            UInt n = RegInit(U(0, 3)).named("n");
            when(io.step, () -> n.connect(n.add(1)));
            io.count.connect(n);
            if (!properties) return;
            Formal.properties(() -> {
                UInt shadow = RegInit(U(0, 3)).named("f_shadow");
                when(io.step, () -> shadow.connect(shadow.add(1)));
                UInt any = anyconst(UInt(3)).named("f_any");
                Formal.Assert("count_is_shadow", io.count.eq(shadow));
                when(
                        pastValid().and(past(io.step).not()),
                        () -> Formal.Assert("holds_without_step", io.count.eq(past(io.count))));
                Formal.Cover("reaches_any", io.count.eq(any));
            });
        }
    }

    @Test
    void designTextIsUnchangedAndPropertiesFollowInOneGuardedBlock() {
        String plain = IcarusRunner.build(() -> new Counter(false)).topText();
        String withProperties = IcarusRunner.build(() -> new Counter(true)).topText();
        int guard = withProperties.indexOf("`ifdef FORMAL");
        assertTrue(guard > 0, withProperties);
        String design = withProperties.substring(
                0, withProperties.lastIndexOf('\n', withProperties.lastIndexOf("// Formal-only")));
        assertEquals(plain.substring(0, plain.indexOf("\nendmodule")), design);
        String formal = withProperties.substring(guard);
        assertTrue(formal.contains("count_is_shadow: assert ("), formal);
        assertTrue(formal.contains("reaches_any: cover ("), formal);
        assertTrue(formal.contains("(* anyconst *) reg [2:0] f_any; // FormalPropertiesTest.java:"), formal);
        assertTrue(formal.contains("_f_reset_initial: assume (reset);"), formal);
        assertTrue(
                formal.matches("(?s).*if \\(!reset\\) begin // FormalPropertiesTest.java:\\d+\n\\s+count_is_shadow.*"),
                formal);
    }

    static final class Misuse extends Module {
        final CIO io = IO(new CIO());

        Misuse(int how) {
            UInt n = RegInit(U(0, 3)).named("n");
            io.count.connect(n);
            switch (how) {
                case 0 -> Formal.Assert("outside", io.step);
                case 1 -> Formal.properties(() -> n.connect(U(1, 3)));
                case 2 -> {
                    UInt[] ghost = new UInt[1];
                    Formal.properties(() -> ghost[0] = RegNext(io.step.pad(3)).named("f_ghost"));
                    n.connect(ghost[0]);
                }
                default ->
                    Formal.properties(() -> {
                        Formal.Assert("twice", io.step);
                        Formal.Cover("twice", io.step);
                    });
            }
        }
    }

    @Test
    void propertiesStayApartFromTheDesign() {
        assertError(0, "formal-only: call it inside Formal.properties");
        assertError(1, "formal properties cannot drive n");
        assertError(2, "formal-only f_ghost is read by the design");
        assertError(3, "property label 'twice' is already used");
    }

    private static void assertError(int how, String message) {
        HdlException e = assertThrows(HdlException.class, () -> IcarusRunner.build(() -> new Misuse(how)));
        assertTrue(
                e.getMessage().contains(message) && e.getMessage().startsWith("FormalPropertiesTest.java:"),
                e.getMessage());
    }

    @Test
    void everyProofHarnessAndMutantReadsUnderYosysFormal() throws IOException {
        for (FormalTargets.Target t : FormalTargets.all()) {
            for (Supplier<Module> top : List.of(t.proof(), t.mutant())) yosysReads(t.name(), IcarusRunner.build(top));
        }
    }

    private static void yosysReads(String name, Built<Module> b) throws IOException {
        Path dir = Files.createTempDirectory("rapgen-formal");
        try {
            StringBuilder script = new StringBuilder();
            for (Map.Entry<String, String> f : b.files().entrySet()) {
                Files.writeString(dir.resolve(f.getKey()), f.getValue());
                script.append("read_verilog -formal ").append(f.getKey()).append("; ");
            }
            script.append("prep -flatten -top ").append(b.def().name).append("; select -assert-min 1 t:$assert");
            List<String> cmd = new ArrayList<>(List.of("yosys", "-q", "-p", script.toString()));
            IcarusRunner.Result r = IcarusRunner.exec(cmd, dir);
            if (r.rc() != 0) fail(name + ": yosys read_verilog -formal failed:\n" + r.out());
        } finally {
            IcarusRunner.deleteQuietly(dir);
        }
    }
}
