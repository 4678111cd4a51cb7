package org.rapgen.engines.rap;

import java.util.List;
import org.rapgen.golden.sampler.GateChain;
import org.rapgen.golden.sampler.GateSpec;
import org.rapgen.golden.sampler.LfsrModel;
import org.rapgen.golden.sampler.SamplerHash;
import org.rapgen.golden.sampler.SpecException;

/**
 * The gates in front of the RAP engine (docs/gates.md, "Gates in front of RAP"): a spec of gates alone, in the
 * sampler spec's grammar, and the two seeds they may need, with the sampler's defaults so that the same gates on the
 * same stream pass the same events in front of either engine.
 *
 * @param text     the spec as written ("" for none)
 * @param specs    the gates in stream order (empty for none)
 * @param hashSeed the seed of the permutation behind the filters' and the phase gate's randomized pc
 * @param lfsrSeed the phase gate's LFSR starts from {@code PhaseGate.gateSeed(lfsrSeed)}, as in a sampler
 */
public record RapGates(String text, List<GateSpec> specs, int hashSeed, int lfsrSeed) {
    public static final int DEFAULT_HASH_SEED = SamplerHash.DEFAULT_SEED;
    public static final int DEFAULT_LFSR_SEED = LfsrModel.DEFAULT_SEED;

    /** No gates: the engine as it is without them. */
    public static final RapGates NONE = new RapGates("", List.of(), DEFAULT_HASH_SEED, DEFAULT_LFSR_SEED);

    public RapGates {
        specs = List.copyOf(specs);
        if (hashSeed == 0 || lfsrSeed == 0) throw new IllegalArgumentException("gate seeds must be nonzero");
    }

    /**
     * Parses a gate spec; an {@link IllegalArgumentException} names the column of a problem. An empty text is no
     * gates.
     */
    public static RapGates parse(String text, int hashSeed, int lfsrSeed) {
        if (text.isEmpty()) return new RapGates(text, List.of(), hashSeed, lfsrSeed);
        try {
            return new RapGates(text, GateChain.parse(text), hashSeed, lfsrSeed);
        } catch (SpecException e) {
            throw new IllegalArgumentException(
                    "bad gate spec '" + text + "' at column " + e.column() + ": " + e.problem(), e);
        }
    }

    /** Gates are configured: the engine builds a gate stage. */
    public boolean any() {
        return !specs.isEmpty();
    }

    /** A filter or a phase gate reads the hash seed's permutation. */
    public boolean usesHash() {
        return GateSpec.useHash(specs);
    }

    /** A phase gate has an LFSR. */
    public boolean usesLfsr() {
        return GateSpec.hasPhaseGate(specs);
    }

    /** The golden gates, fresh, for K-bit keys. */
    public GateChain golden(int keyBits) {
        return GateChain.build(specs, keyBits, hashSeed, lfsrSeed);
    }
}
