package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SInt;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.tests.IcarusRunner.Built;
import org.rapgen.testutil.Tools;

/**
 * {@code Assert} and {@code Finish}: emitted inside {@code `ifndef SYNTHESIS}, fire at the clock edge outside reset and
 * only on their when-path, print the message with the Java location, and stop or end an Icarus simulation.
 */
class SimChecksTest {
    private static final String FILE = "SimChecksTest.java";
    static int assertLine;
    static int finishLine;

    /** The caller's line number, so expected locations never depend on line arithmetic. */
    /** The line after the call: the statement it marks (the formatter gives each statement a line of its own). */
    private static int line() {
        return new Throwable().getStackTrace()[1].getLineNumber() + 1;
    }

    /** Counts while {@code en}; with checks, asserts count < limit while {@code check} and finishes when {@code quit}. */
    static final class Checked extends Module {
        static final class IOB extends Bundle {
            final Bool en = Input(Bool());
            final Bool check = Input(Bool());
            final Bool quit = Input(Bool());
            final UInt limit = Input(UInt(8));
            final UInt count = Output(UInt(8));
        }

        final IOB io = IO(new IOB());

        Checked(boolean checks) {
            super("checks", checks);
            UInt count = RegInit(U(0, 8)).named("count");
            when(io.en, () -> count.connect(count.add(1)));
            io.count.connect(count);
            if (!checks) return;
            SInt delta = count.asSInt().sub(S(7, 8)).named("delta");
            when(io.check, () -> {
                assertLine = line();
                Assert(
                        count.lt(io.limit),
                        "count %0d hit limit %d (0x%x, %b) 100%% \"sure\" d=%0d",
                        count,
                        io.limit,
                        count,
                        count.bits(1, 0),
                        delta);
            });
            finishLine = line();
            Finish(io.quit);
        }
    }

    /** One simulated cycle: inputs, then the count sampled before the edge is printed as "C <count>". */
    private record Cycle(int reset, int en, int check, int quit, int limit) {}

    private static List<String> run(Built<Checked> b, List<Cycle> cycles) {
        StringBuilder tb = new StringBuilder(
                        "`timescale 1ns/1ps\nmodule tb;\n  reg clock = 1'b0, reset = 1'b1, en = 1'b0, check = 1'b0, quit = 1'b0;\n")
                .append("  reg [7:0] limit = 8'd0;\n  wire [7:0] count;\n")
                .append("  ")
                .append(b.def().name)
                .append(
                        " dut (.clock(clock), .reset(reset), .io_en(en), .io_check(check), .io_quit(quit), .io_limit(limit), .io_count(count));\n")
                .append("  initial begin\n");
        for (Cycle c : cycles) {
            tb.append(String.format(
                    "    reset = %d; en = %d; check = %d; quit = %d; limit = %d; #1 $display(\"C %%0d\", count); #4 clock = 1'b1; #5 clock = 1'b0;%n",
                    c.reset, c.en, c.check, c.quit, c.limit));
        }
        tb.append("    $display(\"END\");\n    $finish;\n  end\nendmodule\n");
        return IcarusRunner.run(b.files(), tb.toString());
    }

    /** What the counter shows: unknown before the first reset edge, 0 during reset, then 0..to. */
    private static List<String> counting(int resetCycles, int to) {
        List<String> out = new ArrayList<>(List.of("C x"));
        for (int i = 1; i < resetCycles; i++) out.add("C 0");
        for (int i = 0; i <= to; i++) out.add("C " + i);
        return out;
    }

    @Test
    void assertionFiresAtTheEdgeWhereItsConditionIsFalseAndStops() {
        Built<Checked> b = IcarusRunner.build(() -> new Checked(true));
        List<Cycle> cycles = new ArrayList<>(List.of(new Cycle(1, 0, 1, 0, 0), new Cycle(1, 0, 1, 0, 0)));
        for (int i = 0; i < 12; i++) cycles.add(new Cycle(0, 1, 1, 0, 5));
        List<String> expected = counting(2, 5);
        // count 5 is sampled before the edge: 5 < 5 fails; %d pads to the 3 digits of an 8-bit value, %x is %h.
        expected.add("Assertion failed at " + FILE + ":" + assertLine
                + ": count 5 hit limit   5 (0x05, 01) 100% \"sure\" d=-2");
        assertEquals(expected, run(b, cycles), "the run must stop right after the failing edge");
    }

    @Test
    void assertionIsSilentInResetOffItsWhenPathAndWhileTrue() {
        Built<Checked> b = IcarusRunner.build(() -> new Checked(true));
        List<Cycle> cycles = new ArrayList<>();
        for (int i = 0; i < 3; i++) cycles.add(new Cycle(1, 0, 1, 0, 0)); // false, but in reset
        for (int i = 0; i < 8; i++) cycles.add(new Cycle(0, 1, 0, 0, 2)); // false from count 2 on, but not checked
        for (int i = 0; i < 8; i++) cycles.add(new Cycle(0, 1, 1, 0, 200)); // checked and true
        List<String> expected = counting(3, 15);
        expected.add("END");
        assertEquals(expected, run(b, cycles));
    }

    @Test
    void finishEndsTheSimulationOutsideResetOnly() {
        Built<Checked> b = IcarusRunner.build(() -> new Checked(true));
        List<Cycle> cycles = new ArrayList<>(List.of(new Cycle(1, 0, 0, 1, 0), new Cycle(1, 0, 0, 1, 0)));
        for (int i = 0; i < 4; i++) cycles.add(new Cycle(0, 1, 0, 0, 0));
        cycles.add(new Cycle(0, 1, 0, 1, 0));
        for (int i = 0; i < 4; i++) cycles.add(new Cycle(0, 1, 0, 0, 0));
        List<String> expected = counting(2, 4);
        assertEquals(expected, run(b, cycles), "no END line: $finish ended the run at the edge where quit was high");
    }

    @Test
    void emittedBehindSynthesisGuardsWithTheJavaLocation() {
        String text = IcarusRunner.build(() -> new Checked(true)).topText();
        int guard = text.indexOf("`ifndef SYNTHESIS\n  // synthesis translate_off\n  always @(posedge clock) begin\n");
        assertTrue(guard > 0, text);
        assertTrue(text.indexOf("  // synthesis translate_on\n`endif\n") > guard, text);
        assertTrue(
                text.contains("    if (!reset && io_check && !"),
                "the when-path and reset gate the assertion:\n" + text);
        assertTrue(
                text.contains("$display(\"Assertion failed at " + FILE + ":" + assertLine
                        + ": count %0d hit limit %d (0x%h, %b) 100%% \\\"sure\\\" d=%0d\", count, io_limit, count, "),
                text);
        assertTrue(text.contains(", $signed(delta));\n      $stop;\n"), text);
        assertTrue(
                text.contains("    if (!reset && io_quit) begin // " + FILE + ":" + finishLine + "\n      $finish;\n"),
                text);
    }

    @Test
    void synthesisIgnoresTheChecks(@TempDir Path dir) throws Exception {
        assertEquals(yosysStat(dir, false), yosysStat(dir, true), "the checks must add no hardware");
    }

    /** Yosys's cell statistics of the counter, with or without its checks. */
    private static String yosysStat(Path dir, boolean checks) throws Exception {
        Built<Checked> b = IcarusRunner.build(() -> new Checked(checks));
        String top = b.def().name;
        Files.writeString(dir.resolve(top + ".v"), b.topText());
        Tools.Result y =
                Tools.run(dir, Tools.cmd("yosys", "-p", "read_verilog " + top + ".v; synth -top " + top + "; stat"));
        assertEquals(0, y.exit(), y.output());
        String out = y.output();
        int at = out.lastIndexOf("Number of cells:");
        assertTrue(at > 0, out);
        return out.substring(at, out.indexOf("\n\n", at));
    }

    @Test
    void messageConversionsMustMatchTheArguments() {
        int[] at = new int[1];
        HdlException e = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new Module() {
                    final Bool in = IO(Input(Bool()));

                    {
                        at[0] = line();
                        Assert(in, "value %d and %x", in);
                    }

                    @Override
                    protected String baseName() {
                        return "TooFew";
                    }
                }));
        assertTrue(e.getMessage().startsWith(FILE + ":" + at[0] + ": "), e.getMessage());
        assertTrue(
                e.getMessage().contains("2 conversion(s)") && e.getMessage().contains("1 argument(s)"), e.getMessage());

        HdlException bad = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new Module() {
                    final Bool in = IO(Input(Bool()));

                    {
                        at[0] = line();
                        Assert(in, "50% done");
                    }

                    @Override
                    protected String baseName() {
                        return "BadPercent";
                    }
                }));
        assertTrue(bad.getMessage().startsWith(FILE + ":" + at[0] + ": "), bad.getMessage());
        assertTrue(bad.getMessage().contains("bad conversion at '% done'"), bad.getMessage());
    }
}
