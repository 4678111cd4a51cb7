package org.rapgen.golden.sampler;

/**
 * Parameters shared by all sampler components.
 *
 * @param keyBits     K, the width of pc and w (multiple of 8, 8..64)
 * @param hashSeed    seed of the randomize table ({@link SamplerHash})
 * @param lfsrSeed    initial LFSR state ({@link LfsrModel}), nonzero
 * @param counterBits width of the C counters of CR_r / H[CR_r]_n (1..63); reaching
 *                    2^counterBits-1 forces a message
 * @param assocCountBits width of an A_k entry's count (1..63)
 */
public record SamplerConfig(int keyBits, int hashSeed, int lfsrSeed, int counterBits, int assocCountBits) {
    public SamplerConfig {
        if (keyBits < 8 || keyBits > 64 || keyBits % 8 != 0) {
            throw new IllegalArgumentException("key bits must be a multiple of 8 in 8..64, got " + keyBits);
        }
        if (hashSeed == 0) throw new IllegalArgumentException("hash seed must be nonzero");
        if (lfsrSeed == 0) throw new IllegalArgumentException("LFSR seed must be nonzero");
        if (counterBits < 1 || counterBits > 63) throw new IllegalArgumentException("counter bits must be 1..63");
        if (assocCountBits < 1 || assocCountBits > 63)
            throw new IllegalArgumentException("A_k count bits must be 1..63");
    }

    /** Defaults: the given K, default seeds, 32-bit counters. */
    public static SamplerConfig of(int keyBits) {
        return new SamplerConfig(keyBits, SamplerHash.DEFAULT_SEED, LfsrModel.DEFAULT_SEED, 32, 32);
    }

    public SamplerConfig withCounterBits(int b) {
        return new SamplerConfig(keyBits, hashSeed, lfsrSeed, b, assocCountBits);
    }

    public SamplerConfig withAssocCountBits(int b) {
        return new SamplerConfig(keyBits, hashSeed, lfsrSeed, counterBits, b);
    }

    public SamplerConfig withLfsrSeed(int s) {
        return new SamplerConfig(keyBits, hashSeed, s, counterBits, assocCountBits);
    }

    public SamplerConfig withHashSeed(int s) {
        return new SamplerConfig(keyBits, s, lfsrSeed, counterBits, assocCountBits);
    }
}
