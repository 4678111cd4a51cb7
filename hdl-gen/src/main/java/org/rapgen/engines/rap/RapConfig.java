package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.log2Up;

import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;

/**
 * The generator parameters of the RAP engine (SPEC §5 "Parameters"), checked once here so every block of the engine
 * and the co-simulation driver see the same validated values and derived widths.
 *
 * @param keyBits        K, 32 or 64
 * @param bitsPerLevel   k, 1, 2 or 4 (branching b = 2^k)
 * @param nodes          N node slots, 16..4096 (TCAM) or 16..65536 (trie), at least b + 1 (the root plus one split)
 * @param counterBits    C, 1..64: saturating node counters
 * @param weightBits     W, 1..32: the weight field on AXI4-Stream and the combining queue's weight cap 2^W-1
 * @param weightField    whether {@code tdata} carries a W-bit weight above the key; without it every beat weighs 1
 * @param queueDepth     event queue FIFO depth, a power of two 2..65536
 * @param combine        whether the event queue combines runs of identical keys (SPEC §5 stage 0)
 * @param epsFx          reset value of the EPS CSR: eps in UQ0.16, 1..65535
 * @param m0             reset value of the M0 CSR: the first merge point, >= 1
 * @param q              reset value of the Q CSR: the merge schedule factor, >= 2
 * @param selectLevels   comparator-tree levels per register stage of the longest-prefix selector, >= 1
 * @param tcamChunkBits  0: the TCAM in flip-flops ({@code Tcam}); 1..10: in block RAM ({@code BramTcam}) with key
 *                       chunks of at most this many bits (a node write then takes about 2^tcamChunkBits clocks)
 * @param counterReadRegister the counter SRAM registers its RAM output before the add (one more clock of latency,
 *                       a shorter path)
 * @param lookup         how stages 1-2 find the longest matching node: the TCAM and its priority selector, or a
 *                       pipelined walk of the tree held in block RAM ({@link Lookup})
 * @param gates          the gates between s_axis and the event queue ({@link RapGates#NONE}: none)
 */
public record RapConfig(
        int keyBits,
        int bitsPerLevel,
        int nodes,
        int counterBits,
        int weightBits,
        boolean weightField,
        int queueDepth,
        boolean combine,
        int epsFx,
        long m0,
        long q,
        int selectLevels,
        int tcamChunkBits,
        boolean counterReadRegister,
        Lookup lookup,
        RapGates gates) {

    /** Stages 1-2 of the pipeline: how an event finds the node it updates. */
    public enum Lookup {
        /** The paper's TCAM and longest-prefix selector: logic grows with N (for N up to a few hundred). */
        TCAM,
        /** The tree's child table in block RAM, one level per pipeline stage: logic nearly independent of N. */
        TRIE;

        /** The configuration key's spelling. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public static final int MIN_NODES = 16;
    /** The TCAM's and the selector's logic grow with N; the trie's does not. */
    public static final int MAX_TCAM_NODES = 4096;
    /** SPEC §5's largest N: slot indices fill the SLOT register's 16 bits. */
    public static final int MAX_NODES = 65536;

    public static final int MAX_WEIGHT_BITS = 32;
    /** The Q CSR is one 32-bit word. */
    public static final long MAX_Q = 0xFFFF_FFFFL;

    public static final int MAX_TCAM_CHUNK_BITS = 10;

    public RapConfig {
        check(keyBits == 32 || keyBits == 64, "key_bits must be 32 or 64, got " + keyBits);
        check(
                bitsPerLevel == 1 || bitsPerLevel == 2 || bitsPerLevel == 4,
                "bits_per_level k must be 1, 2 or 4 (branching 2, 4 or 16), got " + bitsPerLevel);
        check(lookup != null, "lookup must be tcam or trie");
        int maxNodes = lookup == Lookup.TCAM ? MAX_TCAM_NODES : MAX_NODES;
        check(
                nodes >= MIN_NODES && nodes <= maxNodes,
                "nodes N must be in " + MIN_NODES + ".." + maxNodes + " with the " + lookup.key() + " lookup, got "
                        + nodes);
        check(
                nodes >= (1 << bitsPerLevel) + 1,
                "nodes N=" + nodes + " cannot hold the root and one split of " + (1 << bitsPerLevel)
                        + " children (branching " + (1 << bitsPerLevel) + " needs N >= " + ((1 << bitsPerLevel) + 1)
                        + ")");
        check(counterBits >= 1 && counterBits <= 64, "counter_bits C must be in 1..64, got " + counterBits);
        check(
                weightBits >= 1 && weightBits <= MAX_WEIGHT_BITS,
                "weight_bits W must be in 1.." + MAX_WEIGHT_BITS + ", got " + weightBits);
        check(
                queueDepth >= 2 && queueDepth <= 65536 && Integer.bitCount(queueDepth) == 1,
                "queue_depth must be a power of two in 2..65536, got " + queueDepth);
        check(epsFx >= 1 && epsFx <= 65535, "eps_fx (eps in UQ0.16) must be in 1..65535, got " + epsFx);
        check(m0 >= 1, "m0 must be >= 1, got " + m0);
        check(q >= 2 && q <= MAX_Q, "q must be in 2.." + MAX_Q + ", got " + q);
        check(selectLevels >= 1, "select_levels must be >= 1, got " + selectLevels);
        check(
                tcamChunkBits >= 0 && tcamChunkBits <= MAX_TCAM_CHUNK_BITS,
                "tcam_chunk_bits must be 0 (flip-flop TCAM) or 1.." + MAX_TCAM_CHUNK_BITS + " (block-RAM TCAM), got "
                        + tcamChunkBits);
        check(gates != null, "gates must be given (RapGates.NONE for none)");
        for (var g : gates.specs()) {
            check(
                    g.highestBit() < keyBits,
                    "gate filter mask 0x" + Long.toHexString(g.first()) + " is wider than K = " + keyBits);
        }
    }

    /** The TCAM lookup with the given implementation choices. */
    public RapConfig(
            int keyBits,
            int bitsPerLevel,
            int nodes,
            int counterBits,
            int weightBits,
            boolean weightField,
            int queueDepth,
            boolean combine,
            int epsFx,
            long m0,
            long q,
            int selectLevels,
            int tcamChunkBits,
            boolean counterReadRegister) {
        this(
                keyBits,
                bitsPerLevel,
                nodes,
                counterBits,
                weightBits,
                weightField,
                queueDepth,
                combine,
                epsFx,
                m0,
                q,
                selectLevels,
                tcamChunkBits,
                counterReadRegister,
                Lookup.TCAM,
                RapGates.NONE);
    }

    /** A flip-flop TCAM and no counter read register: the implementation choices that change no behaviour. */
    public RapConfig(
            int keyBits,
            int bitsPerLevel,
            int nodes,
            int counterBits,
            int weightBits,
            boolean weightField,
            int queueDepth,
            boolean combine,
            int epsFx,
            long m0,
            long q,
            int selectLevels) {
        this(
                keyBits,
                bitsPerLevel,
                nodes,
                counterBits,
                weightBits,
                weightField,
                queueDepth,
                combine,
                epsFx,
                m0,
                q,
                selectLevels,
                0,
                false);
    }

    /**
     * The defaults, matching {@code ./rapgen profile --nodes N}: b = 4 (the paper's), C = 32, W = 16 with a weight field,
     * a 1024-deep queue that does not combine, eps = 655/65536 (--eps 0.01), M0 = 1024, q = 2.
     */
    public static RapConfig of(int keyBits, int nodes) {
        return new RapConfig(keyBits, 2, nodes, 32, 16, true, 1024, false, 655, 1024, 2, 2);
    }

    public RapConfig withBitsPerLevel(int k) {
        Copy edit = new Copy(this);
        edit.bitsPerLevel = k;
        return edit.build();
    }

    public RapConfig withCounterBits(int c) {
        Copy edit = new Copy(this);
        edit.counterBits = c;
        return edit.build();
    }

    public RapConfig withQueue(int depth, boolean combining) {
        Copy edit = new Copy(this);
        edit.queueDepth = depth;
        edit.combine = combining;
        return edit.build();
    }

    public RapConfig withWeight(int bits, boolean field) {
        Copy edit = new Copy(this);
        edit.weightBits = bits;
        edit.weightField = field;
        return edit.build();
    }

    public RapConfig withSchedule(int eps, long firstMerge, long factor) {
        Copy edit = new Copy(this);
        edit.epsFx = eps;
        edit.m0 = firstMerge;
        edit.q = factor;
        return edit.build();
    }

    /** The same engine built from other parts: the TCAM's storage and the counter SRAM's read register. */
    public RapConfig withImplementation(int chunkBits, boolean readRegister) {
        Copy edit = new Copy(this);
        edit.tcamChunkBits = chunkBits;
        edit.counterReadRegister = readRegister;
        return edit.build();
    }

    /** The same engine with another lookup (the trie ignores the TCAM's chunk bits and the selector's levels). */
    public RapConfig withLookup(Lookup l) {
        Copy edit = new Copy(this);
        edit.lookup = l;
        return edit.build();
    }

    /** The same engine with gates in front of its event queue. */
    public RapConfig withGates(RapGates g) {
        Copy edit = new Copy(this);
        edit.gates = g;
        return edit.build();
    }

    /** A configuration's fields, changed by a with* method and built again (so the constructor checks them). */
    private static final class Copy {
        int keyBits;
        int bitsPerLevel;
        int nodes;
        int counterBits;
        int weightBits;
        boolean weightField;
        int queueDepth;
        boolean combine;
        int epsFx;
        long m0;
        long q;
        int selectLevels;
        int tcamChunkBits;
        boolean counterReadRegister;
        Lookup lookup;
        RapGates gates;

        Copy(RapConfig c) {
            keyBits = c.keyBits;
            bitsPerLevel = c.bitsPerLevel;
            nodes = c.nodes;
            counterBits = c.counterBits;
            weightBits = c.weightBits;
            weightField = c.weightField;
            queueDepth = c.queueDepth;
            combine = c.combine;
            epsFx = c.epsFx;
            m0 = c.m0;
            q = c.q;
            selectLevels = c.selectLevels;
            tcamChunkBits = c.tcamChunkBits;
            counterReadRegister = c.counterReadRegister;
            lookup = c.lookup;
            gates = c.gates;
        }

        RapConfig build() {
            return new RapConfig(
                    keyBits,
                    bitsPerLevel,
                    nodes,
                    counterBits,
                    weightBits,
                    weightField,
                    queueDepth,
                    combine,
                    epsFx,
                    m0,
                    q,
                    selectLevels,
                    tcamChunkBits,
                    counterReadRegister,
                    lookup,
                    gates);
        }
    }

    public boolean trie() {
        return lookup == Lookup.TRIE;
    }

    private static void check(boolean ok, String problem) {
        if (!ok) throw new HdlException(caller(), "RAP engine: " + problem);
    }

    /** The line that asked for this configuration (the first frame outside this record), which is the line to fix. */
    private static SourceLoc caller() {
        return SourceLoc.callerOf(RapConfig.class);
    }

    /** b = 2^k. */
    public int branching() {
        return 1 << bitsPerLevel;
    }

    /** L = K / k, a power of two. */
    public int levels() {
        return keyBits / bitsPerLevel;
    }

    /** T(n) = (n * epsFx) >> thresholdShift(). */
    public int thresholdShift() {
        return 16 + Integer.numberOfTrailingZeros(levels());
    }

    /** Width of a node length 0..K. */
    public int lenBits() {
        return log2Up(keyBits + 1);
    }

    /** Width of a node depth 0..L; a node's length is depth * k. */
    public int depthBits() {
        return log2Up(levels() + 1);
    }

    public int slotBits() {
        return log2Up(nodes);
    }

    /** Width of a child count 0..b. */
    public int childCountBits() {
        return log2Up(branching() + 1);
    }

    /** Width of a node count 0..N. */
    public int nodeCountBits() {
        return log2Up(nodes + 1);
    }

    /** Width of an exact merge sum: a parent plus at most b leaf children, each below 2^C. */
    public int mergeSumBits() {
        return counterBits + log2Up(branching() + 1);
    }

    /**
     * Width of the threshold carried with each event. T(n) < 2^(80 - shift); it is clipped to 2^tBits - 1, which
     * is above every counter (< 2^C) and every merge sum, so every comparison with the clipped value is exact.
     */
    public int thresholdBits() {
        return Math.min(80 - thresholdShift(), mergeSumBits() + 1);
    }

    /** Every event weighs 1 (no weight field and no combining), so n counts events: hardware can drop weights. */
    public boolean unitWeights() {
        return !weightField && !combine;
    }

    /** AXI4-Stream tdata width: the key, and the weight above it when there is a weight field. */
    public int tdataBits() {
        return keyBits + (weightField ? weightBits : 0);
    }

    /** One line for reports. */
    public String describe() {
        return "K=" + keyBits + " b=" + branching() + " N=" + nodes + " C=" + counterBits + " W=" + weightBits
                + (weightField ? "" : " (no weight field)") + (trie() ? " trie" : "") + " queue=" + queueDepth
                + (combine ? " combining" : " plain") + (gates.any() ? " gates " + gates.text() : "");
    }
}
