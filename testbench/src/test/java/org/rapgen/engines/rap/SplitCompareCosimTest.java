package org.rapgen.engines.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rapgen.hdl.Hdl.*;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * {@link SplitCompare#greater} under Verilator against Java's unsigned compare: equal widths split into three chunks
 * (36 bits), unequal widths (a 32-bit count against a 36-bit threshold, both ways round), two chunks (20 bits) and
 * one chain (12 bits); and the forms given the complement of the second operand (greater, and greater or equal), one
 * of them in 16-bit chains (the commit's split test). A wider second operand holds the first only while its extra high
 * bits are zero: x is below 2^32 in a fifth of the draws.
 * Operands are drawn so that high chunks are often equal, which is where the lower chunks decide.
 */
@Cosim(SplitCompareCosimTest.Provider.class)
class SplitCompareCosimTest {
    static final class Compares extends Module {
        static final class IO extends Bundle {
            final UInt count = Input(UInt(32));
            final UInt x = Input(UInt(36));
            final UInt y = Input(UInt(36));
            final Bool countOverX = Output(Bool());
            final Bool xOverCount = Output(Bool());
            final Bool xOverY = Output(Bool());
            final Bool x20OverY20 = Output(Bool());
            final Bool x12OverY12 = Output(Bool());
            final Bool countOverXGivenNotX = Output(Bool());
            final Bool countOverXGivenNotXIn16 = Output(Bool());
            final Bool xOverCountGivenNotCount = Output(Bool());
            final Bool xAtLeastYGivenNotY = Output(Bool());
            final Bool countAtLeastXGivenNotX = Output(Bool());
            final Bool x12AtLeastY12GivenNotY = Output(Bool());
        }

        final IO io = IO(new IO());

        Compares() {
            io.countOverX.connect(SplitCompare.greater(io.count, io.x));
            io.xOverCount.connect(SplitCompare.greater(io.x, io.count));
            io.xOverY.connect(SplitCompare.greater(io.x, io.y));
            io.x20OverY20.connect(SplitCompare.greater(io.x.bits(19, 0), io.y.bits(19, 0)));
            io.x12OverY12.connect(SplitCompare.greater(io.x.bits(11, 0), io.y.bits(11, 0)));
            // The complement forms, as the engine uses them: the complement register narrower, wider or as wide.
            io.countOverXGivenNotX.connect(SplitCompare.greaterThanComplement(io.count, io.x.not()));
            io.countOverXGivenNotXIn16.connect(SplitCompare.greaterThanComplement(io.count, io.x.not(), 16));
            io.xOverCountGivenNotCount.connect(SplitCompare.greaterThanComplement(io.x, io.count.not()));
            io.xAtLeastYGivenNotY.connect(SplitCompare.atLeastComplement(io.x, io.y.not()));
            io.countAtLeastXGivenNotX.connect(SplitCompare.atLeastComplement(io.count, io.x.not()));
            io.x12AtLeastY12GivenNotY.connect(SplitCompare.atLeastComplement(
                    io.x.bits(11, 0), io.y.bits(11, 0).not()));
        }
    }

    static final class Provider extends DslProvider {
        Provider() {
            super(Compares::new);
        }
    }

    /** {@code v} with each 12-bit chunk kept, changed by one, or replaced, at random. */
    private static long near(long v, Random r) {
        long out = 0;
        for (int chunk = 0; chunk < 3; chunk++) {
            long part = (v >>> (12 * chunk)) & 0xFFF;
            switch (r.nextInt(4)) {
                case 0 -> part = (part + 1) & 0xFFF;
                case 1 -> part = (part - 1) & 0xFFF;
                case 2 -> part = r.nextInt(1 << 12);
                default -> {}
            }
            out |= part << (12 * chunk);
        }
        return out;
    }

    private static int gt(long a, long b) {
        return Long.compareUnsigned(a, b) > 0 ? 1 : 0;
    }

    @Test
    void matchesTheUnsignedCompare(Sim sim) {
        Random r = new Random(12);
        long mask36 = (1L << 36) - 1;
        for (int i = 0; i < 4000; i++) {
            long x = i % 5 == 0 ? r.nextLong() & 0xFFFFFFFFL : r.nextLong() & mask36;
            long y = near(x, r);
            long count = (i % 3 == 0 ? near(x, r) : r.nextLong()) & 0xFFFFFFFFL;
            sim.poke("io_count", count);
            sim.poke("io_x", x);
            sim.poke("io_y", y);
            sim.step();
            String at = " (count " + Long.toHexString(count) + ", x " + Long.toHexString(x) + ", y "
                    + Long.toHexString(y) + ")";
            assertEquals(gt(count, x), sim.peek("io_countOverX"), "count > x" + at);
            assertEquals(gt(x, count), sim.peek("io_xOverCount"), "x > count" + at);
            assertEquals(gt(x, y), sim.peek("io_xOverY"), "x > y" + at);
            assertEquals(gt(x & 0xFFFFF, y & 0xFFFFF), sim.peek("io_x20OverY20"), "20-bit x > y" + at);
            assertEquals(gt(x & 0xFFF, y & 0xFFF), sim.peek("io_x12OverY12"), "12-bit x > y" + at);
            assertEquals(gt(count, x), sim.peek("io_countOverXGivenNotX"), "count > x, given ~x" + at);
            assertEquals(
                    gt(count, x), sim.peek("io_countOverXGivenNotXIn16"), "count > x, given ~x, 16-bit chains" + at);
            assertEquals(gt(x, count), sim.peek("io_xOverCountGivenNotCount"), "x > count, given ~count" + at);
            assertEquals(1 - gt(y, x), sim.peek("io_xAtLeastYGivenNotY"), "x >= y, given ~y" + at);
            assertEquals(1 - gt(x, count), sim.peek("io_countAtLeastXGivenNotX"), "count >= x, given ~x" + at);
            assertEquals(
                    1 - gt(y & 0xFFF, x & 0xFFF),
                    sim.peek("io_x12AtLeastY12GivenNotY"),
                    "12-bit x >= y, given ~y" + at);
        }
    }
}
