package org.rapgen.cosim.blocks;

import java.util.Random;

/**
 * Random ready/valid pressure in phases: every 16..256 cycles it draws a new probability that the consumer is ready
 * and a new probability that the producer idles, from lists that include the extremes (always, never), so runs see
 * long stalls, long bursts and everything between.
 */
final class Traffic {
    private static final double[] READY = {1.0, 1.0, 0.9, 0.6, 0.3, 0.1, 0.0};
    private static final double[] IDLE = {0.0, 0.0, 0.1, 0.4, 0.8};

    private final Random rnd;
    private int left;
    private double pReady;
    private double pIdle;

    Traffic(Random rnd) {
        this.rnd = rnd;
    }

    /** Advances one cycle; call once per cycle before {@link #ready()} and {@link #idle()}. */
    void tick() {
        if (left-- > 0) return;
        left = 16 + rnd.nextInt(240);
        pReady = READY[rnd.nextInt(READY.length)];
        pIdle = IDLE[rnd.nextInt(IDLE.length)];
    }

    boolean ready() {
        return rnd.nextDouble() < pReady;
    }

    boolean idle() {
        return rnd.nextDouble() < pIdle;
    }
}
