package org.rapgen.engines.sampler;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.GateSpec;
import org.rapgen.golden.sampler.SamplerSpec;
import org.rapgen.golden.sampler.SpecException;
import org.rapgen.golden.sampler.StratifiedSampler;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.lib.NameKey;

/**
 * Everything that shapes one sampler engine: the composition (a spec in the golden models' syntax, e.g.
 * {@code H[P256]2048A16}, see docs/golden-sampler.md) and the hardware parameters around it. {@link #check()} rejects
 * what the hardware cannot build, with a message naming the parameter.
 *
 * @param spec           the composition, parsed
 * @param keyBits        K, the width of pc and w (multiple of 8, 8..64)
 * @param hashSeed       seed of the randomize table (nonzero)
 * @param lfsrSeed       initial LFSR state of R_r / CR_r (nonzero)
 * @param counterBits    width of a CR_r counter; reaching 2^counterBits - 1 forces a message (1..63)
 * @param assocCountBits width of an A_k entry's count (1..63)
 * @param inDepth        input tuple queue depth (power of two, 4..65536)
 * @param outDepth       output message queue depth (power of two, 4..65536)
 * @param dropMode       false: a full output queue backpressures the input (nothing is lost); true: the engine never
 *                       holds the producer, and every tuple or message it cannot store is counted as dropped
 * @param tableStages    stages of the counter table's read-modify-write (2, 3 or 4): 3 registers the block RAM's
 *                       word before the update, so on the ECP5 it leaves from the RAM's output register; 4 registers
 *                       it again in the fabric, so the RAM's read and the update are in different clocks
 * @param hashStages     register stages of the hash unit (1 or 2): 2 registers the randomized bytes before the fold
 * @param assocStages    stages of A_k (1..4): 2 matches a message against every entry a clock before it
 *                       updates; 3 compares two clocks before and registers the output; 4 also splits the update
 *                       into a decision registered in full and the commit to the entries
 */
public record SamplerParams(
        SamplerSpec spec,
        int keyBits,
        int hashSeed,
        int lfsrSeed,
        int counterBits,
        int assocCountBits,
        int inDepth,
        int outDepth,
        boolean dropMode,
        int tableStages,
        int hashStages,
        int assocStages) {
    /** Largest A_k the generator builds: k fully associative 2K-bit comparators are registers and logic, not RAM. */
    public static final int MAX_ASSOC = 256;
    /** Largest counter table (words of block RAM). */
    public static final int MAX_TABLE = 1 << 24;

    /** The counter table's stages unless a configuration says otherwise. */
    public static final int DEFAULT_TABLE_STAGES = 3;
    /** The hash unit's stages unless a configuration says otherwise. */
    public static final int DEFAULT_HASH_STAGES = 2;
    /** A_k's stages unless a configuration says otherwise. */
    public static final int DEFAULT_ASSOC_STAGES = 3;

    /**
     * Defaults for the rest: default seeds, 32-bit CR and A_k counters, 16-deep queues, backpressure mode, a
     * three-stage counter table.
     */
    public static SamplerParams of(String spec, int keyBits) {
        return new SamplerParams(
                parse(spec),
                keyBits,
                0x9E3779B9,
                0xACE1ACE1,
                32,
                32,
                16,
                16,
                false,
                DEFAULT_TABLE_STAGES,
                DEFAULT_HASH_STAGES,
                DEFAULT_ASSOC_STAGES);
    }

    public static SamplerSpec parse(String spec) {
        try {
            return SamplerSpec.parse(spec);
        } catch (SpecException e) {
            throw new HdlException(SourceLoc.callerOf(SamplerParams.class), e.getMessage());
        }
    }

    public SamplerParams withSeeds(int hash, int lfsr) {
        return new SamplerParams(
                spec,
                keyBits,
                hash,
                lfsr,
                counterBits,
                assocCountBits,
                inDepth,
                outDepth,
                dropMode,
                tableStages,
                hashStages,
                assocStages);
    }

    public SamplerParams withCounters(int cr, int assoc) {
        return new SamplerParams(
                spec,
                keyBits,
                hashSeed,
                lfsrSeed,
                cr,
                assoc,
                inDepth,
                outDepth,
                dropMode,
                tableStages,
                hashStages,
                assocStages);
    }

    public SamplerParams withQueues(int in, int out, boolean drop) {
        return new SamplerParams(
                spec,
                keyBits,
                hashSeed,
                lfsrSeed,
                counterBits,
                assocCountBits,
                in,
                out,
                drop,
                tableStages,
                hashStages,
                assocStages);
    }

    public SamplerParams withHashStages(int stages) {
        return new SamplerParams(
                spec,
                keyBits,
                hashSeed,
                lfsrSeed,
                counterBits,
                assocCountBits,
                inDepth,
                outDepth,
                dropMode,
                tableStages,
                stages,
                assocStages);
    }

    public SamplerParams withTableStages(int stages) {
        return new SamplerParams(
                spec,
                keyBits,
                hashSeed,
                lfsrSeed,
                counterBits,
                assocCountBits,
                inDepth,
                outDepth,
                dropMode,
                stages,
                hashStages,
                assocStages);
    }

    public SamplerParams withAssocStages(int stages) {
        return new SamplerParams(
                spec,
                keyBits,
                hashSeed,
                lfsrSeed,
                counterBits,
                assocCountBits,
                inDepth,
                outDepth,
                dropMode,
                tableStages,
                hashStages,
                stages);
    }

    /** Throws an {@link HdlException} naming the first parameter the hardware cannot build. */
    public SamplerParams check() {
        if (keyBits < 8 || keyBits > 64 || keyBits % 8 != 0)
            fail("key bits K must be a multiple of 8 in 8..64, got " + keyBits);
        if (hashSeed == 0) fail("hash seed must be nonzero");
        if (usesLfsr() && lfsrSeed == 0) fail("LFSR seed must be nonzero");
        if (counterBits < 1 || counterBits > 63) fail("counter bits must be 1..63, got " + counterBits);
        if (assocCountBits < 1 || assocCountBits > 63) fail("A_k count bits must be 1..63, got " + assocCountBits);
        if (tableStages < 2 || tableStages > 4) fail("counter table stages must be 2, 3 or 4, got " + tableStages);
        if (hashStages < 1 || hashStages > 2) fail("hash unit stages must be 1 or 2, got " + hashStages);
        if (assocStages < 1 || assocStages > 4) fail("A_k stages must be 1, 2, 3 or 4, got " + assocStages);
        queue("input", inDepth);
        queue("output", outDepth);
        if (spec.assoc > MAX_ASSOC)
            fail("A_k of " + spec.assoc + " entries: the hardware table is registers, at most " + MAX_ASSOC);
        if (hashed() && indexBits() > keyBits)
            fail("2^" + indexBits() + " strata need more index bits than K = " + keyBits);
        if (tagged()) {
            if (tagBits() > keyBits) fail("tag bits " + tagBits() + " exceed K = " + keyBits);
            if (spec.strata / ways() < 2)
                fail("the tagged compressor needs at least 2 sets, got " + spec.strata + " entries in " + ways()
                        + " ways");
        }
        if (spec.gates.stream().filter(g -> g.kind() == 'H').count() > 1)
            fail("at most one phase gate PH[...] in a spec");
        for (var g : spec.gates) {
            if (g.highestBit() >= keyBits)
                fail("filter mask 0x" + Long.toHexString(g.first()) + " is wider than K = " + keyBits);
        }
        if (hotlist()) {
            if (spec.strata < 2) fail("a hotlist needs at least 2 rows, got " + spec.strata);
            if (counterBits > 62) fail("hotlist count bits must be 1..62, got " + counterBits);
            if (spec.strata > MAX_TABLE) fail("hotlist of " + spec.strata + " rows exceeds " + MAX_TABLE);
        }
        if (hasTable() && tableDepth() > MAX_TABLE)
            fail("counter table of " + tableDepth() + " words exceeds " + MAX_TABLE);
        return this;
    }

    private static void queue(String which, int d) {
        // the FIFO's enqueue-to-dequeue latency is 2 cycles, so 2 entries cannot sustain one message per clock
        if (d < 4 || d > 65536 || Integer.bitCount(d) != 1)
            fail(which + " queue depth must be a power of two in 4..65536, got " + d);
    }

    private static void fail(String problem) {
        throw new HdlException(SourceLoc.callerOf(SamplerParams.class), "sampler: " + problem);
    }

    // ------------------------------------------------------------------ the composition's shape

    /** A first-level sampler exists (false for a bare A_k). */
    public boolean hasFirst() {
        return spec.first != SamplerSpec.First.NONE;
    }

    public boolean tagged() {
        return spec.first == SamplerSpec.First.TAGGED;
    }

    /** R, P or CR (null for T and bare A_k). */
    public StratifiedSampler.Kind kind() {
        return spec.kind;
    }

    public boolean usesLfsr() {
        return hotlist()
                || slotTable()
                || hasPhaseGate()
                || kind() == StratifiedSampler.Kind.R
                || kind() == StratifiedSampler.Kind.CR;
    }

    /** Burrows' value hotlist {@code V[n]rows}. */
    public boolean hotlist() {
        return spec.first == SamplerSpec.First.HOTLIST;
    }

    /** Zilles and Sohi's slot table {@code Z_k}. */
    public boolean slotTable() {
        return spec.first == SamplerSpec.First.SLOTS;
    }

    /** The hash selects a counter: H[P], H[CR] with n > 1, and T. H[R] keeps no counters, so it needs no hash. */
    public boolean hashed() {
        return tagged()
                || hotlist()
                || (spec.first == SamplerSpec.First.HASHED && spec.strata > 1 && kind() != StratifiedSampler.Kind.R);
    }

    /** A counter table sits in the datapath (P, CR, T; not R, not bare A_k). */
    public boolean hasTable() {
        return tagged() || kind() == StratifiedSampler.Kind.P || kind() == StratifiedSampler.Kind.CR;
    }

    public int ways() {
        return tagged() ? spec.tagged.get("ways") : 1;
    }

    public int tagBits() {
        return tagged() ? spec.tagged.get("tag") : 0;
    }

    /** Words of the counter table: strata, or sets of the tagged compressor. */
    public int tableDepth() {
        return hashed() ? spec.strata / ways() : 1;
    }

    /** Bits of the table index (0 without a hash). */
    public int indexBits() {
        return hashed() ? Integer.numberOfTrailingZeros(tableDepth()) : 0;
    }

    /** r of R/P/CR, or the tagged compressor's hit threshold. */
    public int rate() {
        return tagged() ? spec.tagged.get("r") : spec.rate;
    }

    /** A PC filter or a phase gate is among the gates: it reads the hash seed's permutation. */
    public boolean gatesUseHash() {
        return GateSpec.useHash(spec.gates);
    }

    /** A phase gate {@code PH[...]} is among the gates: it has an LFSR of its own. */
    public boolean hasPhaseGate() {
        return GateSpec.hasPhaseGate(spec.gates);
    }

    /** Gates (B, F, PH) stand in front of the composition. */
    public boolean hasGates() {
        return !spec.gates.isEmpty();
    }

    public boolean hasAssoc() {
        return spec.assoc > 0;
    }

    /** Everything that changes the hardware, as module-name parameters: the composition first, then its options. */
    public Object[] nameParams() {
        List<Object> p = new ArrayList<>(List.of(NameKey.SPEC, compositionTag()));
        if (hasAssoc()) p.addAll(List.of(NameKey.CA, assocCountBits));
        p.addAll(List.of(NameKey.K, keyBits));
        if (hashed() || gatesUseHash()) p.addAll(List.of(NameKey.SEED, Integer.toHexString(hashSeed)));
        if (usesLfsr()) p.addAll(List.of(NameKey.LSEED, Integer.toHexString(lfsrSeed)));
        if (kind() == StratifiedSampler.Kind.CR || hotlist()) p.addAll(List.of(NameKey.C, counterBits));
        p.addAll(List.of(NameKey.DI, inDepth, NameKey.DO, outDepth));
        if (dropMode) p.addAll(List.of(NameKey.DROP, 1));
        if (hasTable() && tableDepth() > 1 && tableStages != DEFAULT_TABLE_STAGES)
            p.addAll(List.of(NameKey.TS, tableStages));
        if (hashed() && hashStages != DEFAULT_HASH_STAGES) p.addAll(List.of(NameKey.HS, hashStages));
        if (hasAssoc() && assocStages != DEFAULT_ASSOC_STAGES) p.addAll(List.of(NameKey.AS, assocStages));
        return p.toArray();
    }

    /**
     * The composition in the grammar's letters without brackets: {@code p256} for P256, {@code hp256n2048} for
     * H[P256]2048, {@code tt2w2r256e16m7n2048} for the tagged compressor (tag, ways, rate, evict, replace, strata), then
     * {@code a16} for A16; gates come first ({@link GateStage#tag}).
     */
    private String compositionTag() {
        StringBuilder b = new StringBuilder(GateStage.tag(spec.gates));
        switch (spec.first) {
            case BASE -> b.append(kind().name().toLowerCase()).append(spec.rate);
            case HASHED ->
                b.append('h')
                        .append(kind().name().toLowerCase())
                        .append(spec.rate)
                        .append('n')
                        .append(spec.strata);
            case TAGGED ->
                b.append("tt")
                        .append(tagBits())
                        .append('w')
                        .append(ways())
                        .append('r')
                        .append(rate())
                        .append('e')
                        .append(spec.tagged.get("evict"))
                        .append('m')
                        .append(spec.tagged.get("replace"))
                        .append('n')
                        .append(spec.strata);
            case HOTLIST -> b.append('v').append(spec.values).append('n').append(spec.strata);
            case SLOTS -> b.append(SlotTableStage.tag(spec.slots));
            default -> {}
        }
        if (hasAssoc()) b.append('a').append(spec.assoc);
        return b.toString();
    }
}
