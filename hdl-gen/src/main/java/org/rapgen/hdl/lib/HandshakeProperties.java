package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.UInt;

/**
 * Formal helpers shared by the blocks' ready/valid properties (call them inside {@code Formal.properties}): stream
 * positions, waiting times, and the producer's side of the handshake.
 */
final class HandshakeProperties {
    private HandshakeProperties() {}

    /**
     * The number of transfers so far, modulo 2^bits: the position in the stream of the next word. Words are then
     * matched across a block by position (a word lost, duplicated or reordered lands at another position).
     */
    static UInt position(Bool fire, int bits) {
        UInt n = RegInit(U(0, bits));
        when(fire, () -> n.connect(n.add(1)));
        return n;
    }

    /** Consecutive cycles (up to {@code max}) before this one on which {@code cond} held; 0 if it did not on the last. */
    static UInt cyclesHeld(Bool cond, int max) {
        UInt n = RegInit(U(0, log2Up(max + 1)));
        n.connect(Mux(cond, Mux(n.eq(max), n, n.add(1)), U(0)));
        return n;
    }

    /** A producer keeps {@code valid} and its word until the consumer takes it (AXI-Stream's rule, Chisel's Decoupled). */
    static void holdsUntilTaken(String label, DecoupledIO<?> out) {
        UInt word = Cat(out.bits.leaves());
        Bool waited = past(out.valid.and(out.ready.not()));
        when(pastValid().and(waited), () -> Formal.Assert(label, out.valid.and(word.eq(past(word)))));
    }
}
