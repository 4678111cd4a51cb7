package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;

/**
 * Every elaboration error names the user's {@code file:line}. The offending call shares its source line with
 * {@code mark()}, which records that line, so the expected location never depends on line arithmetic.
 */
class ElaborationErrorsTest {
    private static final String FILE = "ElaborationErrorsTest.java";
    private static int line;

    /** Records the caller's line number; use it on the same line as the offending call. */
    /** The offending statement is the one after the call (the formatter gives each statement a line of its own). */
    private static void mark() {
        line = new Throwable().getStackTrace()[1].getLineNumber() + 1;
    }

    @BeforeEach
    void clear() {
        line = -1;
    }

    /** Elaborates, expects an HdlException at the marked line whose message contains every fragment. */
    private static HdlException expectError(Supplier<? extends Module> top, String... fragments) {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(top));
        assertTrue(line > 0, "test did not mark the offending line");
        assertTrue(
                e.getMessage().startsWith(FILE + ":" + line + ": "),
                "expected location " + FILE + ":" + line + " in: " + e.getMessage());
        assertEquals(FILE, e.loc().file());
        assertEquals(line, e.loc().line());
        for (String f : fragments) assertTrue(e.getMessage().contains(f), "expected '" + f + "' in: " + e.getMessage());
        // a failed elaboration leaves nothing behind: the next one works
        Elaborator.elaborate(Ok::new);
        return e;
    }

    static final class IOB extends Bundle {
        final Bool c = Input(Bool());
        final UInt a = Input(UInt(8));
        final UInt b = Input(UInt(4));
        final UInt wide = Input(UInt(12));
        final UInt y = Output(UInt(8));
    }

    static final class Ok extends Module {
        final IOB io = IO(new IOB());

        Ok() {
            io.y.connect(io.a);
        }
    }

    /** y = a + b, combinational; exposes an internal wire as a public field. */
    static final class Child extends Module {
        static final class CIO extends Bundle {
            final UInt a = Input(UInt(8));
            final UInt b = Input(UInt(8));
            final UInt y = Output(UInt(8));
        }

        final CIO io = IO(new CIO());
        final UInt internal = Wire(UInt(8));

        Child() {
            internal.connect(io.a.add(io.b));
            io.y.connect(internal);
        }
    }

    /** A module whose only port is driven by a value handed to its constructor. */
    static final class Consumer extends Module {
        final IOB io = IO(new IOB());

        Consumer(UInt from) {
            mark();
            io.y.connect(from);
        }
    }

    /** A module that builds hardware with the template below, then runs the given body. */
    abstract static class M extends Module {
        final IOB io = IO(new IOB());

        @Override
        protected String baseName() {
            return "M";
        }
    }

    // ---------------------------------------------------------------- width mismatch

    @Test
    void widthMismatchOnConnectOfWiderSource() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        io.y.connect(io.wide);
                    }
                },
                "width mismatch",
                "12-bit",
                "8-bit",
                "io_y");
    }

    @Test
    void widthMismatchFoundAfterWidthInference() {
        expectError(
                () -> new M() {
                    {
                        UInt w = Wire(UInt());
                        w.connect(io.a.mul(io.b));
                        mark();
                        io.y.connect(w.add(U(1)));
                    }
                },
                "width mismatch",
                "12-bit");
    }

    // ---------------------------------------------------------------- undriven

    static final class UndrivenOut extends Module {
        UndrivenOut() {
            mark();
            IOB io = IO(new IOB());
            io.c.and(io.c); // reads inputs, drives nothing
        }
    }

    @Test
    void undrivenOutput() {
        expectError(UndrivenOut::new, "undriven output", "io_y", "never driven");
    }

    @Test
    void undrivenWire() {
        expectError(
                () -> new M() {
                    {
                        io.y.connect(io.a);
                        mark();
                        UInt w = Wire(UInt(8)).named("lonely");
                        io.y.connect(w);
                    }
                },
                "undriven wire",
                "lonely",
                "never driven");
    }

    @Test
    void registerWithoutResetNeverConnected() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        UInt r = Reg(UInt(8)).named("stuck");
                        io.y.connect(r);
                    }
                },
                "register",
                "stuck",
                "never connected");
    }

    @Test
    void aheadValueOfAWire() {
        expectError(
                () -> new M() {
                    {
                        UInt w = WireDefault(UInt(8), U(0, 8)).named("plain");
                        mark();
                        io.y.connect(AheadValue(w));
                    }
                },
                "AheadValue",
                "register");
    }

    @Test
    void aheadValueDrivenByTheUser() {
        expectError(
                () -> new M() {
                    {
                        UInt r = RegInit(U(0, 8)).named("r");
                        r.connect(r.add(U(1, 8)));
                        UInt ahead = AheadValue(r).named("r_ahead");
                        mark();
                        ahead.connect(U(3, 8));
                        io.y.connect(ahead);
                    }
                },
                "AheadValue",
                "driven by its register alone");
    }

    @Test
    void wireNotDrivenOnEveryPath() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        UInt w = Wire(UInt(8)).named("partial");
                        when(io.c, () -> w.connect(io.a));
                        io.y.connect(w);
                    }
                },
                "undriven wire",
                "partial",
                "not driven on every path");
    }

    @Test
    void outputNotDrivenOnEveryPath() {
        expectError(PartialOut::new, "undriven output", "io_y", "not driven on every path");
    }

    static final class PartialOut extends Module {
        PartialOut() {
            mark();
            IOB io = IO(new IOB());
            when(io.c, () -> io.y.connect(io.a)).elsewhen(io.c.not(), () -> io.y.connect(io.b));
        }
    }

    // ---------------------------------------------------------------- multiple drivers

    @Test
    void multipleDriversOnOwnInputPort() {
        expectError(
                () -> new M() {
                    {
                        io.y.connect(io.a);
                        mark();
                        io.a.connect(U(3));
                    }
                },
                "multiple drivers",
                "io_a",
                "input");
    }

    @Test
    void multipleDriversOnChildOutput() {
        expectError(
                () -> new M() {
                    {
                        Child ch = Module(new Child());
                        ch.io.a.connect(io.a);
                        ch.io.b.connect(io.a);
                        io.y.connect(ch.io.y);
                        mark();
                        ch.io.y.connect(io.a);
                    }
                },
                "multiple drivers",
                "io_y",
                "output of submodule");
    }

    @Test
    void multipleDriversOnExpressionResult() {
        expectError(
                () -> new M() {
                    {
                        io.y.connect(io.a);
                        mark();
                        io.a.add(io.b).connect(U(1));
                    }
                },
                "multiple drivers",
                "expression");
    }

    // ---------------------------------------------------------------- combinational loop

    static int lineA;
    static int lineB;

    @Test
    void combinationalLoopNamesTheSignals() {
        HdlException e = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new M() {
                    {
                        mark();
                        UInt a = Wire(UInt(8)).named("loop_a");
                        lineA = line;
                        mark();
                        UInt b = Wire(UInt(8)).named("loop_b");
                        lineB = line;
                        a.connect(b.add(io.a));
                        b.connect(Mux(io.c, a, io.a));
                        io.y.connect(b);
                    }
                }));
        String m = e.getMessage();
        assertTrue(m.startsWith(FILE + ":" + lineA + ": ") || m.startsWith(FILE + ":" + lineB + ": "), m);
        assertTrue(m.contains("combinational loop"), m);
        assertTrue(m.contains("loop_a (" + FILE + ":" + lineA + ")"), m);
        assertTrue(m.contains("loop_b (" + FILE + ":" + lineB + ")"), m);
    }

    @Test
    void combinationalLoopThroughChildModule() {
        HdlException e = assertThrows(
                HdlException.class,
                () -> Elaborator.elaborate(() -> new M() {
                    {
                        mark();
                        Child ch = Module(new Child());
                        ch.io.a.connect(io.a);
                        ch.io.b.connect(ch.io.y); // y = a + b inside the child: a loop
                        io.y.connect(ch.io.y);
                    }
                }));
        String m = e.getMessage();
        assertTrue(m.startsWith(FILE + ":" + line + ": "), m);
        assertTrue(m.contains("combinational loop") && m.contains("child_io_b") && m.contains("child_io_y"), m);
    }

    // ---------------------------------------------------------------- name clash

    @Test
    void nameClashOnSameLine() {
        expectError(
                () -> new M() {
                    {
                        UInt a = Wire(UInt(8)).named("x");
                        mark();
                        UInt b = Wire(UInt(8)).named("x");
                        a.connect(io.a);
                        b.connect(a);
                        io.y.connect(b);
                    }
                },
                "name clash",
                "'x'");
    }

    @Test
    void nameClashReportsTheNamingCall() {
        expectError(
                () -> new M() {
                    {
                        UInt a = Wire(UInt(8)).named("x");
                        UInt b = Wire(UInt(8));
                        a.connect(io.a);
                        b.connect(a);
                        io.y.connect(b);
                        mark();
                        b.named("x");
                    }
                },
                "name clash",
                "'x'");
    }

    // ---------------------------------------------------------------- unconnected submodule input

    @Test
    void unconnectedSubmoduleInput() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        Child ch = Module(new Child());
                        ch.io.a.connect(io.a);
                        io.y.connect(ch.io.y);
                    }
                },
                "unconnected submodule input",
                "io_b");
    }

    // ---------------------------------------------------------------- values from other modules

    @Test
    void childInternalWireUsedInParent() {
        expectError(
                () -> new M() {
                    {
                        Child ch = Module(new Child());
                        ch.io.a.connect(io.a);
                        ch.io.b.connect(io.a);
                        mark();
                        io.y.connect(ch.internal);
                    }
                },
                "belongs to module Child",
                "cannot be used in module M");
    }

    @Test
    void siblingValueUsedInAnotherModule() {
        expectError(
                () -> new M() {
                    {
                        Child ch = Module(new Child());
                        ch.io.a.connect(io.a);
                        ch.io.b.connect(io.a);
                        io.y.connect(ch.io.y);
                        // a sibling (Child) port handed to Consumer's constructor; Consumer marks the line that reads
                        // it
                        Module(new Consumer(ch.io.y));
                    }
                },
                "belongs to module",
                "cannot be used in module Consumer");
    }

    // ---------------------------------------------------------------- widths and literals

    @Test
    void illegalWidthZero() {
        expectError(
                () -> new M() {
                    {
                        io.y.connect(io.a);
                        mark();
                        UInt t = UInt(0);
                        Wire(t);
                    }
                },
                "illegal width 0");
    }

    @Test
    void literalTooWideForItsWidth() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        io.y.connect(U(256, 8));
                    }
                },
                "literal 256",
                "does not fit in 8");
    }

    @Test
    void signedLiteralTooWideForItsWidth() {
        expectError(
                () -> new M() {
                    {
                        io.y.connect(io.a);
                        mark();
                        S(128, 8);
                    }
                },
                "literal 128",
                "does not fit in 8");
    }

    // ---------------------------------------------------------------- Module(...) missing

    @Test
    void childNotWrappedThenDriven() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        Child ch = new Child();
                        ch.io.a.connect(io.a); // would otherwise report a confusing "multiple drivers" inside Child
                        ch.io.b.connect(io.a);
                        io.y.connect(ch.io.y);
                    }
                },
                "Child",
                "not wrapped in Module(");
    }

    @Test
    void childNotWrappedThenRead() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        Child ch = new Child();
                        io.y.connect(ch.io.y);
                    }
                },
                "Child",
                "not wrapped in Module(");
    }

    @Test
    void childNotWrappedInModule() {
        expectError(
                () -> new M() {
                    {
                        io.y.connect(io.a);
                        mark();
                        new Child();
                    }
                },
                "Child",
                "not wrapped in Module(");
    }

    /** A module that instantiates its own class: the missing Module(...) is still found at the parent's line. */
    static final class Tree extends Module {
        final IOB io;

        Tree(int depth, boolean wrap) {
            super("d", depth);
            io = IO(new IOB());
            if (depth == 0) {
                io.y.connect(io.a);
                return;
            }
            Tree sub;
            if (wrap) {
                sub = Module(new Tree(depth - 1, true));
            } else {
                mark();
                sub = new Tree(depth - 1, false);
            }
            sub.io.c.connect(io.c);
            sub.io.a.connect(io.a);
            sub.io.b.connect(io.b);
            sub.io.wide.connect(io.wide);
            io.y.connect(sub.io.y.add(U(1)));
        }
    }

    @Test
    void recursiveChildNotWrappedInModule() {
        expectError(() -> new Tree(2, false), "Tree", "not wrapped in Module(");
        // and wrapped properly it elaborates, one module per depth
        assertEquals(
                java.util.List.of("Tree_d0", "Tree_d1", "Tree_d2"),
                java.util.List.copyOf(Elaborator.elaborate(() -> new Tree(2, true))
                        .elaborations()
                        .keySet()));
    }

    @Test
    void registerResetValueTooWide() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        UInt r = RegInit(UInt(4), U(100));
                        r.connect(io.b);
                        io.y.connect(r);
                    }
                },
                "width mismatch",
                "7-bit",
                "4-bit");
    }

    @Test
    void memoryWriteDataTooWide() {
        expectError(
                () -> new M() {
                    {
                        org.rapgen.hdl.Mem<UInt> m = Mem(4, UInt(4));
                        mark();
                        m.write(io.b.bits(1, 0), io.a);
                        io.y.connect(m.read(io.b.bits(1, 0)));
                    }
                },
                "width mismatch",
                "8-bit data",
                "4-bit memory");
    }

    @Test
    void shiftRegisterWithoutStages() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        io.y.connect(ShiftRegister(io.a, 0, null, "none"));
                    }
                },
                "ShiftRegisters needs at least one stage, not 0");
    }

    @Test
    void heldBeforeOneClock() {
        expectError(
                () -> new M() {
                    {
                        mark();
                        io.y.connect(Mux(HeldBefore(io.a.orR(), 1, "once"), io.a, io.b));
                    }
                },
                "HeldBefore needs at least two clocks, not 1");
    }
}
