package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Two different models (each with its own Verilator runtime copy) live in one JVM and do not interfere. */
class TwoModelsTest {

    @Test
    void counterAndAdderInterleaved() {
        VerilatorModel counter = Bringup.model(new Bringup.Counter());
        VerilatorModel adder = Bringup.model(new Bringup.Adder());
        assertNotEquals(counter.library().getFileName(), adder.library().getFileName());
        try (Sim c1 = counter.newSim();
                Sim c2 = counter.newSim();
                Sim a = adder.newSim()) {
            c1.poke("io_en", 1);
            c2.poke("io_en", 1);
            for (int i = 1; i <= 50; i++) {
                c1.step();
                if (i % 2 == 0) c2.step();
                a.poke("io_a", BigInteger.valueOf(i));
                a.poke("io_b", BigInteger.ONE.shiftLeft(99));
                a.step();
                assertEquals(i, c1.peek("io_count"));
                assertEquals(i / 2, c2.peek("io_count"));
                assertEquals(BigInteger.ONE.shiftLeft(99).add(BigInteger.valueOf(i)), a.peekBig("io_sumReg"));
            }
        }
    }
}
