package org.rapgen.golden.sampler;

/**
 * {@code PH[...]}: Nagpurkar et al.'s phase-aware gate (§4). The {@link PhaseTracker} gives each finished interval a
 * phase ID; at the start of each interval the gate predicts its phase as the last interval's ("next phase = last
 * phase") and asks the {@link PhaseTable} whether to sample it. A sampled interval passes all its tuples, any other
 * none; the first interval, with no phase before it, is not sampled.
 *
 * <p>Phase IDs are taken modulo 2^16 for the table, as the hardware holds them. The tracker and the table share one LFSR, seeded from the sampler's LFSR seed ({@link #gateSeed}), so it is not
 * the sampler's own sequence.
 */
public final class PhaseGate implements Gate {
    private final PhaseTracker tracker;
    private final PhaseTable table;
    private int lastPhase = -1;
    private boolean sampling;

    public PhaseGate(PhaseParams p, SamplerConfig cfg) {
        LfsrModel lfsr = new LfsrModel(gateSeed(cfg.lfsrSeed()));
        this.tracker = new PhaseTracker(p, new SamplerHash(cfg.keyBits(), cfg.hashSeed()), lfsr);
        this.table = new PhaseTable(p.phases(), p.pick(), lfsr);
    }

    /** The gate's LFSR seed: the sampler's XOR 0x9E3779B9 (1 where that gives 0, which an LFSR cannot leave). */
    public static int gateSeed(int lfsrSeed) {
        int s = lfsrSeed ^ 0x9E3779B9;
        return s == 0 ? 1 : s;
    }

    @Override
    public boolean pass(long pc, long w) {
        if (tracker.position() == 0) sampling = lastPhase >= 0 && table.decide(lastPhase);
        boolean pass = sampling;
        int id = tracker.push(pc);
        if (id >= 0) lastPhase = id & 0xffff; // the hardware's phase IDs are 16 bits and wrap
        return pass;
    }
}
