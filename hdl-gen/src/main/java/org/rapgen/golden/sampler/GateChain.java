package org.rapgen.golden.sampler;

import java.util.ArrayList;
import java.util.List;

/**
 * Gates alone, in front of an engine other than a sampler (the RAP engine, docs/gates.md): a spec of gates and nothing
 * after them, parsed with the sampler spec's gate grammar, and the chain of golden gates it builds. An event passes
 * the chain when every gate passes it; a gate sees only the events the gates before it passed.
 */
public final class GateChain {
    private final List<Gate> gates;

    private GateChain(List<Gate> gates) {
        this.gates = gates;
    }

    /**
     * Parses a spec of one or more gates ({@code F[0x3,0x1]B[100,10]}, {@code PH[len=2000]}), at most one of them a
     * phase gate; a problem is a {@link SpecException} naming its column.
     */
    public static List<GateSpec> parse(String text) {
        SamplerSpec.P p = new SamplerSpec.P(text == null ? "" : text);
        List<GateSpec> specs = new ArrayList<>();
        while (GateSpec.at(p)) {
            int at = p.i;
            GateSpec g = GateSpec.parse(p);
            if (g.kind() == 'H' && specs.stream().anyMatch(s -> s.kind() == 'H'))
                throw p.err(at, "at most one phase gate PH[...] in a spec");
            specs.add(g);
        }
        if (p.i < p.s.length() || specs.isEmpty())
            throw p.err("expected a gate B[s,b], F[mask,match] or PH[...], found " + p.found());
        return List.copyOf(specs);
    }

    /**
     * The golden gates of {@code specs}, for keys of {@code keyBits} bits (a multiple of 8): the filters and the phase
     * gate hash with {@code hashSeed}, and the phase gate's LFSR starts from {@link PhaseGate#gateSeed} of
     * {@code lfsrSeed}, as in a sampler with those seeds.
     */
    public static GateChain build(List<GateSpec> specs, int keyBits, int hashSeed, int lfsrSeed) {
        SamplerConfig cfg = new SamplerConfig(keyBits, hashSeed, lfsrSeed, 32, 32);
        for (GateSpec g : specs) {
            if (g.highestBit() >= keyBits)
                throw new IllegalArgumentException(
                        "filter mask bit " + g.highestBit() + " exceeds key bits " + keyBits);
        }
        return of(specs, cfg);
    }

    /** The golden gates of {@code specs} with a sampler's configuration (its key width checked by the caller). */
    static GateChain of(List<GateSpec> specs, SamplerConfig cfg) {
        return new GateChain(specs.stream().map(g -> g.build(cfg)).toList());
    }

    /** Judges one event, in stream order: whether it passes every gate. */
    public boolean pass(long pc, long w) {
        for (Gate g : gates) {
            if (!g.pass(pc, w)) return false;
        }
        return true;
    }
}
