package org.rapgen.cosim.rap;

import org.rapgen.engines.rap.RapConfig;

/**
 * The few engine configurations the co-simulation tests share. Each distinct configuration is one Verilator build
 * (cached on disk), so the tests cover the parameter space with four of them rather than one per test.
 */
final class RapConfigs {
    private RapConfigs() {}

    /** K=32, b=2, N=16: tiny, overflows quickly; no weight field (every beat weighs 1), no combining; merges from n=64. */
    static final RapConfig SMALL = new RapConfig(32, 1, 16, 32, 16, false, 64, false, 3276, 64, 2, 2);

    /** K=64, b=16, N=64: wide keys, branching 16, combining queue with 8-bit weights, merges at 256 * 4^j. */
    static final RapConfig WIDE = new RapConfig(64, 4, 64, 32, 8, true, 256, true, 1310, 256, 4, 2);

    /** K=32, b=4, N=256: the paper's branching, a deep selector, 12-bit counters that saturate, combining. */
    static final RapConfig DEEP = new RapConfig(32, 2, 256, 12, 16, true, 1024, true, 655, 1024, 2, 3);

    /**
     * K=64, b=4, N=16, C=4 below W=8: counters saturate and heavy weights clip; a 16-deep combining queue. Built with
     * the iCE40 engine's parts: the block-RAM TCAM (4-bit key chunks, 18-clock node writes) and the counter read
     * register, so the stream tests cover them too.
     */
    static final RapConfig CLIP =
            new RapConfig(64, 2, 16, 4, 8, true, 16, true, 6553, 32, 3, 1).withImplementation(4, true);

    /** The trie lookup, K=32, b=2, N=64: SMALL's stream parameters, merges from n=64. */
    static final RapConfig TRIE_SMALL =
            new RapConfig(32, 1, 64, 32, 16, false, 64, false, 3276, 64, 2, 2).withLookup(RapConfig.Lookup.TRIE);

    /** The trie lookup, K=64, b=16, N=1024: WIDE's combining queue, 8-bit weights, merges at 256 * 4^j. */
    static final RapConfig TRIE_WIDE =
            new RapConfig(64, 4, 1024, 32, 8, true, 256, true, 1310, 256, 4, 2).withLookup(RapConfig.Lookup.TRIE);

    /** The trie lookup, K=32, b=4, N=4096: 12-bit counters that saturate, combining, eps 1 %. */
    static final RapConfig TRIE_DEEP =
            new RapConfig(32, 2, 4096, 12, 16, true, 1024, true, 655, 1024, 2, 2).withLookup(RapConfig.Lookup.TRIE);

    /** The trie lookup, K=64, b=4, N=64, C=4 below W=8, the counter read register: saturation and clipped weights. */
    static final RapConfig TRIE_CLIP = new RapConfig(64, 2, 64, 4, 8, true, 16, true, 6553, 32, 3, 1)
            .withImplementation(0, true)
            .withLookup(RapConfig.Lookup.TRIE);

    /**
     * rap_n4096_k32 as configs/ ships it: the trie, K=32, b=4, N=4096, C=32, eps 1 %, a 4096-deep queue, the counter read
     * register.
     */
    static final RapConfig TRIE_4096 = new RapConfig(32, 2, 4096, 32, 16, true, 4096, false, 655, 1024, 2, 2)
            .withImplementation(0, true)
            .withLookup(RapConfig.Lookup.TRIE);

    static RapConfig byName(String name) {
        return switch (name) {
            case "SMALL" -> SMALL;
            case "WIDE" -> WIDE;
            case "DEEP" -> DEEP;
            case "CLIP" -> CLIP;
            case "TRIE_SMALL" -> TRIE_SMALL;
            case "TRIE_WIDE" -> TRIE_WIDE;
            case "TRIE_DEEP" -> TRIE_DEEP;
            case "TRIE_CLIP" -> TRIE_CLIP;
            default -> throw new IllegalArgumentException(name);
        };
    }
}
