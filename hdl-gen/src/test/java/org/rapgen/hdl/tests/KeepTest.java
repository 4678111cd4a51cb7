package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.testutil.Tools;

/**
 * {@code Data.keep()} (dsl.md): {@code (* keep *)} on the named value's declaration, and what it is for: Yosys's abc maps
 * up to the kept net and on from it, so a factoring chosen by hand survives synthesis.
 */
class KeepTest {
    private static final class AndOr extends Module {
        static final class IO extends Bundle {
            public final Bool a = Input(Bool());
            public final Bool b = Input(Bool());
            public final Bool c = Input(Bool());
            public final Bool q = Output(Bool());
        }

        final IO io = IO(new IO());

        AndOr(boolean keep) {
            Bool both = io.a.and(io.b).named("both");
            if (keep) both.keep();
            io.q.connect(RegNext(both.or(io.c)));
        }
    }

    private static final class Unnamed extends Module {
        final AndOr.IO io = IO(new AndOr.IO());

        Unnamed() {
            io.q.connect(io.a.and(io.b).keep());
        }
    }

    @Test
    void keptValuesCarryTheAttribute() {
        assertTrue(verilog(true).contains("(* keep *) wire both; // KeepTest.java:"), verilog(true));
        assertTrue(verilog(true).contains("assign both = io_a & io_b;"), verilog(true));
        assertTrue(verilog(false).contains("  wire both = "), verilog(false));
    }

    @Test
    void onlyNamedValuesCanBeKept() {
        String msg = assertThrows(HdlException.class, () -> Elaborator.elaborate(Unnamed::new))
                .getMessage();
        assertTrue(msg.contains("keep(): name the value first"), msg);
    }

    /** a & b | c is one LUT4 unless a & b is kept: then it is its own LUT, and its net is in the netlist. */
    @Test
    void synthesisMapsUpToTheKeptNet() {
        assertEquals(2, luts(true));
        assertEquals(1, luts(false));
    }

    private static String verilog(boolean keep) {
        return IcarusRunner.build(() -> new AndOr(keep))
                .files()
                .values()
                .iterator()
                .next();
    }

    private static int luts(boolean keep) {
        IcarusRunner.Built<AndOr> b = IcarusRunner.build(() -> new AndOr(keep));
        Tools.Result ice = Tools.yosys(b.files(), "synth_ice40 -top " + b.def().name + "; stat");
        assertEquals(0, ice.exit(), ice.output());
        String stat = ice.output().substring(ice.output().lastIndexOf("Printing statistics"));
        Matcher m = Pattern.compile("\\sSB_LUT4\\s+(\\d+)\\n").matcher(stat);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
