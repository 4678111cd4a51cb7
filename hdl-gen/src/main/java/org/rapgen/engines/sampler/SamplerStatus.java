package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.UInt;

/**
 * The engine's status port: free-running {@value #BITS}-bit event counters (they wrap; software takes differences
 * modulo 2^32, as with performance counters) and live status bits. A plain port rather than AXI4-Lite so it can be
 * folded into the shared CSR block later without changing the engine.
 */
public final class SamplerStatus extends Bundle {
    public static final int BITS = 32;

    /** Tuples accepted into the input queue. */
    public final UInt tuplesIn = UInt(BITS);
    /** Messages delivered on the output stream. */
    public final UInt messagesOut = UInt(BITS);
    /** Cycles the producer offered a tuple and was held (tvalid && !tready). */
    public final UInt inStalls = UInt(BITS);
    /** Cycles a message waited for the consumer (tvalid && !tready on the output). */
    public final UInt outStalls = UInt(BITS);
    /** Drop mode: tuples refused because the input queue was full. */
    public final UInt droppedTuples = UInt(BITS);
    /** Drop mode: messages lost because the output queue was full. */
    public final UInt droppedMessages = UInt(BITS);
    /** The counter table is clearing itself after reset; no tuple is taken meanwhile. */
    public final Bool clearing = Bool();
    /** A_k is draining after a tuple with tlast. */
    public final Bool draining = Bool();
    /** Nothing in flight: every accepted tuple is processed and every message delivered (A_k may still hold entries). */
    public final Bool idle = Bool();
}
