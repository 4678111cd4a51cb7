package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rapgen.cosim.DslDut;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.SimulationStopped;
import org.rapgen.hdl.lib.SerialMultiplier;

/**
 * The serial multiplier alone against BigInteger: every product exact, {@code busy} for exactly its clocks (bBits, and
 * for each set bit of b one more per 16-bit part of a after the first), for both
 * variants (a copied at start, whose input is scrambled while busy; a held by the caller), and the held variant's
 * simulation check fires when the caller breaks its promise.
 */
class SerialMultiplierCosimTest {
    private static Sim sim(int aBits, int bBits, boolean held) {
        return DslDut.of(() -> new SerialMultiplier(aBits, bBits, held)).newSim(2);
    }

    private static BigInteger random(Random r, int bits) {
        return switch (r.nextInt(6)) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            case 2 -> BigInteger.ONE.shiftLeft(r.nextInt(bits));
            default -> new BigInteger(bits, r);
        };
    }

    @ParameterizedTest(name = "a={0} b={1} held={2}")
    @CsvSource({
        "64, 32, true",
        "64, 32, false",
        "33, 5, false",
        "32, 6, true",
        "17, 4, false",
        "16, 5, true",
        "5, 3, true",
        "7, 1, false",
        "1, 4, true"
    })
    void productsAreExact(int aBits, int bBits, boolean held) {
        Random r = new Random(aBits * 131L + bBits + (held ? 7 : 0));
        try (Sim sim = sim(aBits, bBits, held)) {
            assertEquals(0, sim.peek("io_busy"), "idle after reset");
            for (int i = 0; i < 300; i++) {
                BigInteger a = random(r, aBits), b = random(r, bBits);
                sim.poke("io_a", a);
                sim.poke("io_b", b);
                sim.poke("io_start", 1);
                sim.step();
                sim.poke("io_start", 0);
                // b is read only at start; a only when the block keeps its own copy.
                sim.poke("io_b", random(r, bBits));
                if (!held) sim.poke("io_a", random(r, aBits));
                int clocks = 0;
                // One clock per bit of b; when a has more than one 16-bit part, a set bit takes one clock per part
                // and one to move the sum into the product.
                int parts = (aBits + 15) / 16;
                int expected = bBits + (parts > 1 ? parts : 0) * b.bitCount();
                assertEquals(expected, SerialMultiplier.clocks(aBits, bBits, b.longValueExact()));
                while (sim.peek("io_busy") != 0) {
                    sim.step();
                    clocks++;
                    assertTrue(clocks <= expected, "busy longer than " + expected + " clocks");
                }
                assertEquals(expected, clocks, "busy clocks");
                assertEquals(a.multiply(b), sim.peekBig("io_product"), a + " * " + b);
                sim.step(r.nextInt(3));
                assertEquals(a.multiply(b), sim.peekBig("io_product"), "the product holds while idle");
            }
        }
    }

    @Test
    void changingHeldOperandWhileBusyFailsTheCheck() {
        try (Sim sim = sim(16, 8, true)) {
            sim.poke("io_a", 1234);
            sim.poke("io_b", 200);
            sim.poke("io_start", 1);
            sim.step();
            sim.poke("io_start", 0);
            sim.step(3);
            sim.poke("io_a", 1235);
            SimulationStopped e = assertThrows(SimulationStopped.class, sim::step);
            assertTrue(e.getMessage().contains("operand a changed while busy"), e.getMessage());
        }
    }
}
