package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.BramTcam;
import org.rapgen.testutil.Tools;

/**
 * Memory attributes (dsl.md, Memories): emitted on the declaration, checked at the call; and the reason they exist:
 * {@code BramTcam}'s chunk RAMs carry {@code no_rw_check}, so Yosys maps them onto SB_RAM40_4K with no read-first
 * emulation logic around them.
 */
class MemAttributeTest {
    private static final class Ram extends Module {
        static final class IO extends Bundle {
            public final UInt addr = Input(UInt(4));
            public final UInt data = Input(UInt(8));
            public final UInt q = Output(UInt(8));
        }

        final IO io = IO(new IO());

        Ram(String... attrs) {
            SyncReadMem<UInt> mem = SyncReadMem(16, UInt(8)).named("mem");
            for (int i = 0; i < attrs.length; i += 2) mem.attribute(attrs[i], attrs[i + 1]);
            mem.write(io.addr, io.data);
            io.q.connect(mem.read(io.addr, B(true)));
        }
    }

    private static String verilog(Supplier<Module> top) {
        return IcarusRunner.build(top).files().values().iterator().next();
    }

    @Test
    void attributesAreEmittedOnTheDeclarationInCallOrder() {
        assertTrue(verilog(() -> new Ram("no_rw_check", null, "ram_style", "block"))
                .contains("(* no_rw_check, ram_style = \"block\" *) reg [7:0] mem [0:15];"));
        assertTrue(verilog(Ram::new).contains("  reg [7:0] mem [0:15];"));
    }

    @Test
    void badAttributesFailAtTheCall() {
        String bad = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Ram("1x", null)))
                .getMessage();
        assertTrue(bad.contains("illegal attribute name '1x'"), bad);
        String value = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Ram("ram_style", "a\"b")))
                .getMessage();
        assertTrue(value.contains("illegal attribute value"), value);
        String twice = assertThrows(
                        HdlException.class,
                        () -> Elaborator.elaborate(() -> new Ram("no_rw_check", null, "no_rw_check", null)))
                .getMessage();
        assertTrue(twice.contains("already set"), twice);
    }

    /** 32 x 32 in six chunks (6, 6, 5, 5, 5, 5): two 256 x 16 block RAMs per chunk, and the logic of the block only. */
    @Test
    void bramTcamMapsOntoIce40BlockRam() {
        IcarusRunner.Built<BramTcam> b = IcarusRunner.build(() -> new BramTcam(32, 32, 8, 6));
        Tools.Result ice = Tools.yosys(b.files(), "synth_ice40 -top " + b.def().name + "; stat");
        assertEquals(0, ice.exit(), ice.output());
        String stat = ice.output().substring(ice.output().lastIndexOf("Printing statistics"));
        assertEquals(12, count(stat, "SB_RAM40_4K"), stat);
        // The block's own logic is ~400 LUTs; read-first emulation would add ~36 per RAM and ~70 flip-flops.
        assertTrue(count(stat, "SB_LUT4") < 500, stat);
        assertTrue(
                count(stat, "SB_DFFE") + count(stat, "SB_DFFESR") + count(stat, "SB_DFF") + count(stat, "SB_DFFSR")
                        < 320,
                stat);
    }

    private static int count(String stat, String cell) {
        Matcher m = Pattern.compile("\\s" + cell + "\\s+(\\d+)\\n").matcher(stat);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
