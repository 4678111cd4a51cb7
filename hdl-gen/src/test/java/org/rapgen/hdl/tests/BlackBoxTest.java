package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.BlackBox;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ir.ExternalModule;

/**
 * {@code BlackBox}: external Verilog instantiated with parameters, its clock wired straight through, checked at
 * elaboration against the module's own header, never emitted; the parent is lint-clean and simulates with the real
 * module. Errors name the Java line of the offending declaration ({@code mark()} records it, as in
 * ElaborationErrorsTest).
 */
class BlackBoxTest {
    private static final String FILE = "BlackBoxTest.java";
    private static int line;

    private static void mark() {
        line = new Throwable().getStackTrace()[1].getLineNumber();
    }

    /** {@code x}, with its line recorded as the offending one (a declaration that the error must name). */
    private static <T> T marked(T x) {
        line = new Throwable().getStackTrace()[1].getLineNumber();
        return x;
    }

    @BeforeEach
    void clear() {
        line = -1;
    }

    static Path source() {
        try {
            return Path.of(BlackBoxTest.class.getResource("ext_adder.v").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The adder as the Verilog declares it, at a width the parameter sets. */
    static final class Adder extends BlackBox {
        static final class IOB extends Bundle {
            final UInt a;
            final UInt b;
            final UInt sum;

            IOB(int w) {
                a = Input(UInt(w));
                b = Input(UInt(w));
                sum = Output(UInt(w + 1));
            }
        }

        final IOB io;

        Adder(int width, int offset) {
            super(params(width, offset));
            addPath(source());
            clockPort("clk");
            io = IO(new IOB(width));
        }

        private static Map<String, Object> params(int width, int offset) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("WIDTH", width);
            p.put("OFFSET", offset);
            return p;
        }

        @Override
        protected String baseName() {
            return "ext_adder";
        }
    }

    static final class Parent extends Module {
        static final class IOB extends Bundle {
            final UInt x = Input(UInt(16));
            final UInt y = Input(UInt(16));
            final UInt z = Output(UInt(17));
        }

        final IOB io = IO(new IOB());
        final Adder add;

        Parent() {
            add = Module(new Adder(16, 3));
            add.io.a.connect(io.x);
            add.io.b.connect(io.y);
            io.z.connect(add.io.sum);
        }
    }

    @Test
    void instantiatesWithParametersAndIsNotEmitted() {
        IcarusRunner.Built<Parent> b = IcarusRunner.build(Parent::new);
        String top = b.topText();
        assertTrue(top.contains("ext_adder #("), top);
        assertTrue(top.contains(".WIDTH(16)"), top);
        assertTrue(top.contains(".OFFSET(3)"), top);
        assertTrue(top.contains(".clk(clock)"), top);
        // The undeclared output gets a wire of its own that nothing reads.
        assertTrue(top.contains(".status(add_status)"), top);
        assertFalse(b.files().containsKey("ext_adder.v"), b.files().keySet().toString());
        List<ExternalModule> ext = b.design().externals();
        assertEquals(1, ext.size());
        assertEquals(List.of(source()), ext.get(0).sources());
        assertEquals(Map.of("status", 4), ext.get(0).openOutputs());
    }

    @Test
    void simulatesWithTheExternalVerilog() throws IOException {
        IcarusRunner.Built<Parent> b = IcarusRunner.build(Parent::new);
        Map<String, String> files = new LinkedHashMap<>(b.files());
        files.put("ext_adder.v", Files.readString(source(), StandardCharsets.UTF_8));
        String tb = """
                module tb;
                  reg clock = 0, reset = 1;
                  reg [15:0] x, y;
                  wire [16:0] z;
                  %s dut(.clock(clock), .reset(reset), .io_x(x), .io_y(y), .io_z(z));
                  initial begin
                    x = 16'hffff; y = 16'h0002; #1 clock = 1; #1 clock = 0; $display("%%0d", z);
                    x = 16'd100; y = 16'd23; #1 clock = 1; #1 clock = 0; $display("%%0d", z);
                    $finish;
                  end
                endmodule
                """.formatted(b.def().name);
        assertEquals(
                List.of(String.valueOf(0xffff + 2 + 3), String.valueOf(100 + 23 + 3)), IcarusRunner.run(files, tb));
    }

    @Test
    void parentIsLintClean() throws IOException {
        new LintTest().verilatorAndIcarusAreClean("BlackBox", Parent::new, List.of(source()));
    }

    // ---- errors at elaboration, each at the Java line that is wrong

    static final class WrongName extends BlackBox {
        static final class IOB extends Bundle {
            final Bool clk = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(8));
            final UInt summ = marked(Output(UInt(9)));
        }

        final IOB io;

        WrongName() {
            addPath(source());
            io = IO(new IOB());
        }

        @Override
        protected String baseName() {
            return "ext_adder";
        }
    }

    static final class WrongWidth extends BlackBox {
        static final class IOB extends Bundle {
            final Bool clk = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt b = marked(Input(UInt(7)));

            final UInt sum = Output(UInt(9));
        }

        final IOB io;

        WrongWidth() {
            addPath(source());
            io = IO(new IOB());
        }

        @Override
        protected String baseName() {
            return "ext_adder";
        }
    }

    static final class WrongDirection extends BlackBox {
        static final class IOB extends Bundle {
            final Bool clk = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(8));
            final UInt sum = marked(Input(UInt(9)));
        }

        final IOB io;

        WrongDirection() {
            addPath(source());
            io = IO(new IOB());
        }

        @Override
        protected String baseName() {
            return "ext_adder";
        }
    }

    /** Leaves out input b. */
    static final class MissingInput extends BlackBox {
        static final class IOB extends Bundle {
            final Bool clk = Input(Bool());
            final UInt a = Input(UInt(8));
        }

        final IOB io;

        MissingInput() {
            addPath(source());
            io = IO(new IOB());
        }

        @Override
        protected String baseName() {
            return "ext_adder";
        }
    }

    /** {@code spare} exists only with WITH_SPARE defined. */
    static final class Spare extends BlackBox {
        static final class IOB extends Bundle {
            final Bool clk = Input(Bool());
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(8));
            final Bool spare = marked(Output(Bool()));
        }

        final IOB io;

        Spare(boolean define) {
            addPath(source());
            if (define) addDefine("WITH_SPARE");
            io = IO(new IOB());
        }

        @Override
        protected String baseName() {
            return "ext_adder";
        }
    }

    /** Wraps a box so that its unconnected inputs are driven. */
    private static Supplier<Module> parentOf(Supplier<? extends BlackBox> box) {
        // The box is checked as it closes, inside Module(...), before the parent could complain about its inputs.
        return () -> new Module() {
            {
                Module(box.get());
            }

            @Override
            protected String baseName() {
                return "BoxParent";
            }
        };
    }

    private static HdlException expectError(Supplier<? extends BlackBox> box, String... fragments) {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(parentOf(box)));
        assertTrue(line > 0, "test did not mark the offending line");
        assertTrue(
                e.getMessage().startsWith(FILE + ":" + line + ": "),
                "expected location " + FILE + ":" + line + " in: " + e.getMessage());
        for (String f : fragments) assertTrue(e.getMessage().contains(f), "expected '" + f + "' in: " + e.getMessage());
        return e;
    }

    @Test
    void aPortTheVerilogDoesNotHaveIsAnErrorAtItsDeclaration() {
        expectError(WrongName::new, "no port 'summ'", "sum");
    }

    @Test
    void aWrongWidthIsAnErrorAtItsDeclaration() {
        expectError(WrongWidth::new, "port 'b' of ext_adder is 8 bits wide, declared here as 7");
    }

    @Test
    void aWrongDirectionIsAnErrorAtItsDeclaration() {
        expectError(WrongDirection::new, "port 'sum' of ext_adder is an output, declared here as an input");
    }

    @Test
    void anUndeclaredInputIsAnErrorAtTheInstantiation() {
        mark();
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(parentOf(MissingInput::new)));
        assertTrue(e.getMessage().contains("leaves its input 'b' undeclared"), e.getMessage());
        assertTrue(e.getMessage().startsWith(FILE + ":"), e.getMessage());
    }

    @Test
    void ifdefPortsFollowTheDefines() {
        expectError(() -> new Spare(false), "no port 'spare'");
        assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(parentOf(() -> new Spare(true))),
                "with the define the box itself is right; its parent leaves the inputs undriven");
    }

    static class UnknownParameter extends BlackBox {
        static final class IOB extends Bundle {
            final Bool clk = Input(Bool());
        }

        final IOB io;

        UnknownParameter() {
            super(Map.of("DEPTH", 4));
            addPath(source());
            io = IO(new IOB());
        }

        @Override
        protected String baseName() {
            return "ext_adder";
        }
    }

    @Test
    void anUnknownParameterOrModuleIsReported() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(parentOf(UnknownParameter::new)));
        assertTrue(e.getMessage().contains("no parameter 'DEPTH'"), e.getMessage());
        assertTrue(e.getMessage().startsWith(FILE + ":"), e.getMessage());
        HdlException m = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(parentOf(() -> new UnknownParameter() {
                    @Override
                    protected String baseName() {
                        return "no_such_module";
                    }
                })));
        assertTrue(m.getMessage().contains("no module named 'no_such_module'"), m.getMessage());
    }

    @Test
    void aBlackBoxHasNoImplicitClock() {
        assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new Module() {
                    {
                        Module(new BlackBox() {
                            {
                                addPath(source());
                                clock();
                            }

                            @Override
                            protected String baseName() {
                                return "ext_adder";
                            }
                        });
                    }

                    @Override
                    protected String baseName() {
                        return "P";
                    }
                }));
    }
}
