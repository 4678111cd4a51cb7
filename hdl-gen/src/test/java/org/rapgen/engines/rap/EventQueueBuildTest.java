package org.rapgen.engines.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.Version;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.testutil.Tools;

/** Parameters are checked at elaboration; both variants synthesise with Yosys (behaviour: testbench EventQueueTest). */
class EventQueueBuildTest {

    @Test
    void badParametersNameTheRule() {
        assertRejected(() -> new EventQueue(0, 16, 4, true), "key bits must be 1..64, got 0");
        assertRejected(() -> new EventQueue(65, 16, 4, true), "key bits must be 1..64, got 65");
        assertRejected(() -> new EventQueue(8, 0, 4, true), "weight bits W must be 1..63");
        assertRejected(() -> new EventQueue(8, 64, 4, true), "weight bits W must be 1..63");
        assertRejected(() -> new EventQueue(8, 3, 6, true), "depth must be a power of two >= 2 (the FIFO's), got 6");
        assertRejected(() -> new EventQueue(8, 3, 1, false), "depth must be a power of two >= 2 (the FIFO's), got 1");
        assertRejected(
                () -> new EventQueue(8, 3, 4, true, true),
                "input register is for the plain queue: the combining queue's pending register is one");
    }

    private static void assertRejected(java.util.function.Supplier<EventQueue> top, String fragment) {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(top));
        assertTrue(e.getMessage().startsWith("EventQueueBuildTest.java:"), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void bothVariantsSynthesise(@TempDir Path dir) throws Exception {
        for (boolean combine : new boolean[] {true, false}) {
            Elaborator.Design d = Elaborator.elaborate(() -> new EventQueue(16, 8, 8, combine));
            StringBuilder reads = new StringBuilder();
            for (Map.Entry<String, String> f :
                    new VerilogEmitter(Version.get()).emit(d).entrySet()) {
                Files.writeString(dir.resolve(f.getKey()), f.getValue());
                reads.append("read_verilog ").append(f.getKey()).append("; ");
            }
            Tools.Result y = Tools.run(dir, Tools.cmd("yosys", "-q", "-p", reads + "synth -top " + d.top().name));
            assertEquals(0, y.exit(), y.output());
        }
    }
}
