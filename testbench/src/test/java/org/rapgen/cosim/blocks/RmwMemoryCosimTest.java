package org.rapgen.cosim.blocks;

import static org.rapgen.hdl.Hdl.*;

import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.RmwMemory;

/**
 * RmwMemory with a non-additive update, the sampler's "count modulo r, emit on wrap" plus a nonlinear op, so a
 * forwarding slip (a stale or doubly applied update) cannot cancel out: 8 words, r = 23, 5-bit data. Every setting:
 * two stages (latency 2), with the read register (latency 3, a second forwarding source), and with the fabric
 * register after it (latency 4, snooping).
 */
class RmwMemoryCosimTest {
    static final int DEPTH = 8;
    static final int BITS = 5;
    static final int R = 23;

    /** cmd 0: count modulo R; 1: hold; 2: restart at 0; 3: old * 3 + 1 modulo 32. */
    static UInt update(UInt old, UInt cmd) {
        UInt count = Mux(old.eq(R - 1), U(0, BITS), old.add(1));
        UInt scramble = old.mul(U(3, 2)).add(1).bits(BITS - 1, 0);
        return Mux(cmd.eq(0), count, Mux(cmd.eq(1), old, Mux(cmd.eq(2), U(0, BITS), scramble)));
    }

    static long reference(long old, long cmd) {
        return switch ((int) cmd) {
            case 0 -> old == R - 1 ? 0 : old + 1;
            case 1 -> old;
            case 2 -> 0;
            default -> (old * 3 + 1) % 32;
        };
    }

    static final class ModR extends DslProvider {
        ModR() {
            super(() -> new RmwMemory("modr", DEPTH, BITS, 2, RmwMemoryCosimTest::update));
        }
    }

    static final class ModRRegistered extends DslProvider {
        ModRRegistered() {
            super(() -> new RmwMemory("modr", DEPTH, BITS, 2, true, RmwMemoryCosimTest::update));
        }
    }

    static final class ModRSnooped extends DslProvider {
        ModRSnooped() {
            super(() -> new RmwMemory("modr", DEPTH, BITS, 2, 4, RmwMemoryCosimTest::update));
        }
    }

    @Test
    @Cosim(ModR.class)
    void randomTrafficMatchesReference(Sim sim) {
        randomTraffic(sim, 2);
    }

    @Test
    @Cosim(ModRRegistered.class)
    void randomTrafficMatchesReferenceWithReadRegister(Sim sim) {
        randomTraffic(sim, 3);
    }

    @Test
    @Cosim(ModRSnooped.class)
    void randomTrafficMatchesReferenceWithFabricRegister(Sim sim) {
        randomTraffic(sim, 4);
    }

    private static void randomTraffic(Sim sim, int latency) {
        int[] wraps = new int[1];
        RmwBench bench = new RmwBench(
                sim,
                DEPTH,
                new RmwReference(DEPTH, BITS, latency, RmwMemoryCosimTest::reference),
                (rnd, addr) -> {
                    int r = rnd.nextInt(40);
                    return r < 34 ? 0 : r < 37 ? 1 : r < 39 ? 3 : 2;
                },
                (s, h, where) -> wraps[0] += h.cmd() == 0 && h.old() == R - 1 ? 1 : 0);
        bench.run(29, 150_000, 1.0 / 5000);
        bench.assertCovered();
        org.junit.jupiter.api.Assertions.assertTrue(wraps[0] > 100, "wraps (emits) seen: " + wraps[0]);
    }
}
