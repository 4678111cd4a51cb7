package org.rapgen.cosim.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rapgen.hdl.Hdl.*;

import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * Dynamic Vec reads as the emitter writes them (balanced select trees), under Verilator, for every index value: a
 * 1-bit index (a scalar in Verilog), a vector whose length is not a power of two, an index wider than the tree (its
 * high bits mean out of range) and a zero-extended index. The expected value is the DSL's rule, written here: element
 * {@code i}, or the last element when {@code i} is past the end.
 */
@Cosim(DynamicReadCosimTest.Provider.class)
class DynamicReadCosimTest {
    static final int[] LENGTHS = {2, 3, 5, 8};

    static final class Reads extends Module {
        static final class IO extends Bundle {
            final UInt idx = Input(UInt(4));
            final UInt narrow = Input(UInt(1));
            final UInt two = Output(UInt(8));
            final UInt three = Output(UInt(8));
            final UInt five = Output(UInt(8));
            final UInt eightPadded = Output(UInt(8));
        }

        final IO io = IO(new IO());

        Reads() {
            io.two.connect(table(2).read(io.narrow));
            io.three.connect(table(3).read(io.idx.bits(1, 0)));
            io.five.connect(table(5).read(io.idx));
            io.eightPadded.connect(table(8).read(io.idx.bits(2, 0).pad(6)));
        }

        /** Element k holds 17 * (k + 1): every element differs from every other. */
        private static Vec<UInt> table(int n) {
            Vec<UInt> v = Wire(Vec(n, UInt(8)));
            for (int k = 0; k < n; k++) v.get(k).connect(U(17 * (k + 1), 8));
            return v;
        }
    }

    static final class Provider extends DslProvider {
        Provider() {
            super(Reads::new);
        }
    }

    private static long expected(int n, int index) {
        return 17L * (Math.min(index, n - 1) + 1);
    }

    @Test
    void everyIndexReadsItsElementOrTheLast(Sim sim) {
        for (int i = 0; i < 16; i++) {
            sim.poke("io_idx", i);
            sim.poke("io_narrow", i & 1);
            sim.step();
            assertEquals(expected(2, i & 1), sim.peek("io_two"), "2 elements, 1-bit index " + (i & 1));
            assertEquals(expected(3, i & 3), sim.peek("io_three"), "3 elements, index " + (i & 3));
            assertEquals(expected(5, i), sim.peek("io_five"), "5 elements, 4-bit index " + i);
            assertEquals(expected(8, i & 7), sim.peek("io_eightPadded"), "8 elements, zero-extended index " + (i & 7));
        }
    }
}
