package org.rapgen.golden.sampler;

/**
 * {@code PH[...]}: Nagpurkar et al.'s phase-aware gate (§4). The {@link PhaseTracker} gives each finished interval a
 * phase ID; at the start of each interval the gate predicts its phase as the last interval's ("next phase = last
 * phase") and asks the {@link PhaseTable} whether to sample it. A sampled interval passes all its tuples, any other
 * none; the first interval, with no phase before it, is not sampled.
 *
 * <p>The tracker and the table share one LFSR, seeded with the sampler's LFSR seed with its halves swapped, so it
 * is not the sampler's own sequence.
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

    static int gateSeed(int lfsrSeed) {
        return Integer.rotateLeft(lfsrSeed, 16);
    }

    @Override
    public boolean pass(long pc, long w) {
        if (tracker.position() == 0) sampling = lastPhase >= 0 && table.decide(lastPhase);
        boolean pass = sampling;
        int id = tracker.push(pc);
        if (id >= 0) lastPhase = id;
        return pass;
    }
}
