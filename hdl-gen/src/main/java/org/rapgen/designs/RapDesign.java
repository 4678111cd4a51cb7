package org.rapgen.designs;

import static org.rapgen.designs.ParamSpec.flag;
import static org.rapgen.designs.ParamSpec.integer;
import static org.rapgen.designs.ParamSpec.pow2;
import static org.rapgen.designs.ParamSpec.range;
import static org.rapgen.designs.ParamSpec.text;
import static org.rapgen.designs.ParamSpec.textAfter;

import java.util.List;
import java.util.Map;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapGates;

/** The {@code rap} design of the catalog: configuration parameters and their mapping onto {@link RapConfig}. */
public final class RapDesign {
    private RapDesign() {}

    public static List<ParamSpec> params() {
        return List.of(
                integer(
                        "key_bits",
                        "K: key width, 32 or 64",
                        32,
                        (v, p) -> v == 32 || v == 64 ? null : "must be 32 or 64, got " + v),
                integer(
                        "branching",
                        "b: children per node, 2, 4 or 16",
                        4,
                        (v, p) -> v == 2 || v == 4 || v == 16 ? null : "must be 2, 4 or 16, got " + v),
                text(
                        "lookup",
                        "stages 1-2: tcam (the paper's TCAM and selector) or trie (the tree in block RAM, walked "
                                + "one level per stage)",
                        "tcam",
                        v -> lookupOf(v) != null ? null : "must be tcam or trie, got " + v),
                integer("nodes", "N: node slots", null, (v, p) -> {
                    int max = lookupOf((String) p.get("lookup")) == RapConfig.Lookup.TRIE
                            ? RapConfig.MAX_NODES
                            : RapConfig.MAX_TCAM_NODES;
                    return range(RapConfig.MIN_NODES, max).apply(v, p);
                }),
                integer("counter_bits", "C: saturating counter width", 32, range(1, 64)),
                integer(
                        "weight_bits",
                        "W: weight field and combined-weight width",
                        16,
                        range(1, RapConfig.MAX_WEIGHT_BITS)),
                flag("weight_field", "tdata carries a W-bit weight above the key", true),
                integer("queue_depth", "event queue FIFO depth", 1024, pow2(2, 65536)),
                flag("combine", "the event queue combines runs of identical keys", false),
                integer("eps_fx", "reset value of EPS: floor(eps * 65536)", 655, range(1, 65535)),
                integer("m0", "reset value of M0: first merge point", 1024, range(1, Integer.MAX_VALUE)),
                integer("q", "reset value of Q: merge schedule factor", 2, range(2, Integer.MAX_VALUE)),
                integer("select_levels", "selector tree levels per pipeline stage", 2, range(1, 12)),
                integer(
                        "tcam_chunk_bits",
                        "0: TCAM in flip-flops; 1..10: TCAM in block RAM, key chunks of this many bits",
                        0,
                        range(0, RapConfig.MAX_TCAM_CHUNK_BITS)),
                flag(
                        "counter_read_register",
                        "the counter SRAM registers its RAM output (latency +1, shorter path)",
                        false),
                textAfter(
                        "gate",
                        "gates between s_axis and the event queue, as a sampler spec's: B[s,b], F[mask,match], "
                                + "PH[...] (docs/gates.md); empty: none",
                        "",
                        RapDesign::gateProblem),
                text(
                        "hash_seed",
                        "seed of the gates' pc permutation (hex 0x... or decimal, nonzero, 32 bits)",
                        "0x9E3779B9",
                        SamplerDesign::seedProblem),
                text(
                        "lfsr_seed",
                        "the phase gate's LFSR starts from this XOR 0x9E3779B9, as a sampler's (nonzero, 32 bits)",
                        "0xACE1ACE1",
                        SamplerDesign::seedProblem));
    }

    private static String gateProblem(String text, Map<String, Object> earlier) {
        try {
            RapGates g = RapGates.parse(text, RapGates.DEFAULT_HASH_SEED, RapGates.DEFAULT_LFSR_SEED);
            int k = (Integer) earlier.get("key_bits");
            for (var s : g.specs()) {
                if (s.highestBit() >= k)
                    return "filter mask 0x" + Long.toHexString(s.first()) + " is wider than key_bits " + k;
            }
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    public static RapConfig config(Map<String, Object> p) {
        return new RapConfig(
                i(p, "key_bits"),
                Integer.numberOfTrailingZeros(i(p, "branching")),
                i(p, "nodes"),
                i(p, "counter_bits"),
                i(p, "weight_bits"),
                (Boolean) p.get("weight_field"),
                i(p, "queue_depth"),
                (Boolean) p.get("combine"),
                i(p, "eps_fx"),
                i(p, "m0"),
                i(p, "q"),
                i(p, "select_levels"),
                i(p, "tcam_chunk_bits"),
                (Boolean) p.get("counter_read_register"),
                lookupOf((String) p.get("lookup")),
                RapGates.parse(
                        (String) p.get("gate"),
                        SamplerDesign.seed((String) p.get("hash_seed")),
                        SamplerDesign.seed((String) p.get("lfsr_seed"))));
    }

    public static String defaultName(Map<String, Object> p) {
        return "rap_n" + p.get("nodes") + "_k" + p.get("key_bits")
                + (((String) p.get("gate")).isEmpty() ? "" : "_gated");
    }

    private static RapConfig.Lookup lookupOf(String key) {
        for (RapConfig.Lookup l : RapConfig.Lookup.values()) {
            if (l.key().equals(key)) return l;
        }
        return null;
    }

    private static int i(Map<String, Object> p, String k) {
        return (Integer) p.get(k);
    }
}
