package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.tests.IcarusRunner.build;

import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;

/**
 * A priority chain over many entries (a flat baseline's shape: each entry a mux over the ones after it) elaborates
 * and emits: no pass may walk it on the call stack, whose depth a thread bounds.
 */
class DeepChainTest {
    static final int ENTRIES = 20_000;

    static final class Chain extends Module {
        static final class IOB extends Bundle {
            final UInt key = Input(UInt(16));
            final UInt out = Output(UInt(16));
        }

        final IOB io = IO(new IOB());

        Chain() {
            UInt acc = U(0, 16);
            for (int i = ENTRIES - 1; i >= 0; i--)
                acc = Mux(io.key.eq(U(i & 0xFFFF, 16)), U((i * 7) & 0xFFFF, 16), acc);
            io.out.connect(acc);
        }
    }

    @Test
    void aChainOfTwentyThousandMuxesIsEmitted() {
        String v = build(Chain::new).topText();
        assertTrue(v.contains("io_out"), "the chain's output is emitted");
    }
}
