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
    /** For long exhaustive runs: mostly flowing, still with stalls, gaps and a few full stops. */
    private static final double[] READY_LIGHT = {1.0, 1.0, 1.0, 0.9, 0.7, 0.0};

    private static final double[] IDLE_LIGHT = {0.0, 0.0, 0.0, 0.1};

    private final Random rnd;
    private final double[] ready;
    private final double[] idle;
    private int left;
    private double pReady;
    private double pIdle;

    Traffic(Random rnd) {
        this(rnd, false);
    }

    Traffic(Random rnd, boolean light) {
        this.rnd = rnd;
        ready = light ? READY_LIGHT : READY;
        idle = light ? IDLE_LIGHT : IDLE;
    }

    /** Advances one cycle; call once per cycle before {@link #ready()} and {@link #idle()}. */
    void tick() {
        if (left-- > 0) return;
        left = 16 + rnd.nextInt(240);
        pReady = ready[rnd.nextInt(ready.length)];
        pIdle = idle[rnd.nextInt(idle.length)];
    }

    boolean ready() {
        return rnd.nextDouble() < pReady;
    }

    boolean idle() {
        return rnd.nextDouble() < pIdle;
    }
}
