package org.rapgen.golden.sampler;

/**
 * The random samplers' source: a 32-bit maximal-length Fibonacci LFSR.
 * <pre>
 * step:  fb = s[31] ^ s[21] ^ s[1] ^ s[0];   s = (s &lt;&lt; 1 | fb) mod 2^32
 * </pre>
 * (taps 32,22,2,1 of Xilinx XAPP052; the recurrence's polynomial x^32+x^31+x^30+x^10+1 is
 * primitive, so the period is 2^32-1; the state is never 0.)
 *
 * <p>Per event the LFSR advances {@value #STEPS_PER_EVENT} steps (one combinational 16-step
 * unroll in hardware, once per accepted event, whatever the stratum); the event is sampled
 * iff {@code (s & 0xFFFF) < floor(65536 / r)}, i.e. iff the 16 freshly shifted-in bits, read
 * as an unsigned number with the newest bit as bit 0, are below the threshold. For r a power of
 * two this is "the top log2(r) of the 16 new bits are zero", and p = 1/r up to the missing zero
 * state (relative error below 2^-16). r is 1..65536.
 */
public final class LfsrModel {
    public static final int DEFAULT_SEED = 0xACE1ACE1;
    public static final int STEPS_PER_EVENT = 16;

    private int s;

    public LfsrModel(int seed) {
        if (seed == 0) throw new IllegalArgumentException("LFSR seed must be nonzero");
        this.s = seed;
    }

    public int state() {
        return s;
    }

    public void step() {
        int fb = ((s >>> 31) ^ (s >>> 21) ^ (s >>> 1) ^ s) & 1;
        s = (s << 1) | fb;
    }

    /** Sampling threshold for rate r: floor(65536 / r). */
    public static int threshold(int r) {
        if (r < 1 || r > 65536) throw new IllegalArgumentException("random sampling rate must be 1..65536, got " + r);
        return 65536 / r;
    }

    /** Advances one event's worth of steps; true iff the event is sampled for the given threshold. */
    public boolean event(int threshold) {
        for (int i = 0; i < STEPS_PER_EVENT; i++) step();
        return (s & 0xffff) < threshold;
    }
}
