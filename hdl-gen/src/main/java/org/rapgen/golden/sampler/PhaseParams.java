package org.rapgen.golden.sampler;

import java.util.List;
import java.util.Map;

/**
 * The parameters of the phase gate {@code PH[len=L,buckets=B,thr=T,sigs=S,phases=P,pick=K]} (docs/phase-gate.md),
 * each optional.
 *
 * @param len        tuples per interval (default 10000)
 * @param buckets    counters in an interval's signature, a power of two (default 32, as Sherwood et al.'s tracker)
 * @param threshold  the similarity threshold: two signatures are one phase when their Manhattan distance is at most
 *                   this percentage of {@code len} (default 10)
 * @param signatures entries of the signature table (default 32)
 * @param phases     entries of the phase table (default 20, as the paper's)
 * @param pick       which interval of a phase is sampled (default 3, the paper's "third")
 */
public record PhaseParams(int len, int buckets, int threshold, int signatures, int phases, int pick) {
    static final List<String> NAMES = List.of("len", "buckets", "thr", "sigs", "phases", "pick");

    public static PhaseParams defaults() {
        return new PhaseParams(10000, 32, 10, 32, 20, 3);
    }

    /** Parses {@code PH[...]} at the parser's position, which is at "PH[". */
    static PhaseParams parse(SamplerSpec.P p) {
        p.i += 2;
        p.expect('[');
        Map<String, Long> m = p.params("phase gate", NAMES, PhaseParams::check);
        p.expect(']');
        PhaseParams d = defaults();
        return new PhaseParams(
                m.getOrDefault("len", (long) d.len).intValue(),
                m.getOrDefault("buckets", (long) d.buckets).intValue(),
                m.getOrDefault("thr", (long) d.threshold).intValue(),
                m.getOrDefault("sigs", (long) d.signatures).intValue(),
                m.getOrDefault("phases", (long) d.phases).intValue(),
                m.getOrDefault("pick", (long) d.pick).intValue());
    }

    /** What is wrong with a value, or null. */
    private static String check(String name, long v) {
        return switch (name) {
            case "len" -> v < 1 || v > (1 << 24) ? "interval length must be 1..2^24, got " + v : null;
            case "buckets" ->
                v < 1 || v > 1024 || Long.bitCount(v) != 1
                        ? "signature buckets must be a power of two in 1..1024, got " + v
                        : null;
            case "thr" -> v > 200 ? "similarity threshold must be 0..200 (% of the interval), got " + v : null;
            case "sigs", "phases" -> v < 1 || v > 1024 ? name + " must be 1..1024 entries, got " + v : null;
            default -> v < 1 || v > 1000 ? "pick must be 1..1000 (the interval of a phase to sample), got " + v : null;
        };
    }

    /** The gate's text with every parameter given. */
    public String canonical() {
        return "PH[len=" + len + ",buckets=" + buckets + ",thr=" + threshold + ",sigs=" + signatures + ",phases="
                + phases + ",pick=" + pick + "]";
    }
}
