package org.rapgen.cosim.blocks;

import java.util.Arrays;

/**
 * Reference for a ready/valid pipeline of {@code stages} registers that all move together (interfaces.md: "global
 * stall, stage registers advance when the output can accept"): {@code advance = !out.valid || out.ready},
 * {@code in.ready = advance}, and on an advancing clock edge every word moves one stage and the input (or a bubble)
 * enters stage 1. Bubbles are never squeezed out, so a word accepted at cycle t appears at the output after exactly
 * {@code stages} advancing edges. Written from that sentence, not from the RTL.
 */
final class StallPipeRef<T> {
    private final Object[] stage; // stage[stages - 1] drives the output; null is a bubble

    StallPipeRef(int stages) {
        if (stages < 1) throw new IllegalArgumentException("stages " + stages);
        stage = new Object[stages];
    }

    /** The word presented on the output, or null when out.valid is low. */
    @SuppressWarnings("unchecked")
    T out() {
        return (T) stage[stage.length - 1];
    }

    boolean inReady(boolean outReady) {
        return out() == null || outReady;
    }

    /** A clock edge. {@code in} is the input word if in.valid is high, else null. */
    void clock(boolean reset, T in, boolean outReady) {
        if (reset) {
            Arrays.fill(stage, null);
            return;
        }
        if (!inReady(outReady)) return;
        System.arraycopy(stage, 0, stage, 1, stage.length - 1);
        stage[0] = in;
    }

    /** The first stage holds a bubble. */
    boolean firstEmpty() {
        return stage[0] == null;
    }

    boolean empty() {
        return Arrays.stream(stage).allMatch(s -> s == null);
    }
}
