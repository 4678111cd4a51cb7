package org.rapgen.cosim.sampler;

/**
 * How the testbench's producer and consumer behave: each cycle the producer starts offering its next tuple with
 * probability {@code offerPercent}/100 (and then holds it until accepted, as AXI4-Stream requires), and the consumer
 * is ready with probability {@code readyPercent}/100. With {@code afterClear} the producer waits until the counter
 * table has finished clearing itself after reset (otherwise it offers from the first cycle and is held meanwhile).
 */
public record Traffic(int offerPercent, int readyPercent, long seed, boolean afterClear) {
    public Traffic {
        if (offerPercent < 1 || offerPercent > 100) throw new IllegalArgumentException("offer percent must be 1..100");
        if (readyPercent < 1 || readyPercent > 100) throw new IllegalArgumentException("ready percent must be 1..100");
    }

    /** Tuple every cycle, consumer always ready: the throughput measurement. */
    public static Traffic fullRate() {
        return new Traffic(100, 100, 1, true);
    }

    public static Traffic random(int offerPercent, int readyPercent, long seed) {
        return new Traffic(offerPercent, readyPercent, seed, false);
    }

    public Traffic afterClear(boolean wait) {
        return new Traffic(offerPercent, readyPercent, seed, wait);
    }
}
