package org.rapgen.golden.sampler;

/**
 * {@code F[mask,match]}: Zilles and Sohi's PC filter (HPCA 2001, §3.1): a tuple passes when its hashed pc, ANDed with
 * the mask, equals the match value, so a program's pcs fall into 2^(ones in the mask) classes that can be profiled one
 * at a time. The hash is the sampler's {@code randomize} ({@link SamplerHash}): each byte of pc through the
 * 256-entry permutation, so pcs that differ in one byte land in unrelated classes, and the hardware is one table
 * lookup per byte (the paper leaves the hash open).
 */
public final class PcFilter implements Gate {
    private final long mask;
    private final long match;
    private final SamplerHash hash;

    /** @param mask K bits; @param match K bits, no bit outside the mask (it could never match) */
    public PcFilter(long mask, long match, SamplerHash hash) {
        if ((match & ~mask) != 0)
            throw new IllegalArgumentException(
                    "filter match " + GateSpec.hex(match) + " has bits outside mask " + GateSpec.hex(mask));
        this.mask = mask;
        this.match = match;
        this.hash = hash;
    }

    @Override
    public boolean pass(long pc, long w) {
        return (hash.randomize(pc) & mask) == match;
    }
}
