package org.rapgen.golden.sampler;

/**
 * Gates in front of a sampler, in spec order: a tuple reaches the sampler only if every gate passes it, and a gate
 * sees only the tuples that the gates before it passed (a burst after a filter counts filtered tuples).
 */
final class GatedSampler implements Sampler {
    private final GateChain gates;
    private final Sampler inner;
    private final String spec;

    GatedSampler(GateChain gates, Sampler inner, String spec) {
        this.gates = gates;
        this.inner = inner;
        this.spec = spec;
    }

    @Override
    public void push(long pc, long w) {
        if (gates.pass(pc, w)) inner.push(pc, w);
    }

    /** End of a frame reaches the sampler whether or not the frame's last tuple passed. */
    @Override
    public void finish() {
        inner.finish();
    }

    @Override
    public long pending() {
        return inner.pending();
    }

    @Override
    public String spec() {
        return spec;
    }
}
