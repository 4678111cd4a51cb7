package org.rapgen.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.rapgen.config.DesignConfig;
import org.rapgen.hdl.Module;
import org.rapgen.synth.SynthTarget;

/**
 * What each default design's area and Fmax are compared with: a naive baseline written for the comparison and
 * synthesized by the same flow on the same target, and the paper's Stratix figures for the blocks it prototyped.
 */
final class AreaAnchors {
    private AreaAnchors() {}

    /**
     * The flip-flops of the largest part among the synth targets (the Cyclone V 5CSEBA6's 166,036); a baseline whose
     * state alone needs more is a figure, not a synthesis run (Yosys on a 4,096-entry register TCAM runs for hours to
     * reach the same answer).
     */
    static final long LARGEST_PART_FLIP_FLOPS = Arrays.stream(SynthTarget.values())
            .mapToLong(t -> t.capacity("FF"))
            .max()
            .orElseThrow();

    /**
     * A baseline design: its label and its top module, or why it cannot be built for this configuration
     * ({@code missing}: a parameter it needs; {@code tooLarge}: no target part holds it).
     */
    record Baseline(String label, String name, Supplier<Module> top, String missing, String tooLarge) {
        Baseline(String label, String name, Supplier<Module> top, String missing) {
            this(label, name, top, missing, null);
        }
    }

    static Baseline baseline(DesignConfig cfg) {
        Map<String, Object> p = cfg.params();
        return switch (cfg.design()) {
            case "arbiter" -> {
                int n = (Integer) p.get("inputs");
                int w = (Integer) p.get("width");
                yield new Baseline(
                        "flat priority loop (FlatArbiter n=" + n + " w=" + w + ")",
                        "flat_arbiter_n" + n + "_w" + w,
                        () -> new FlatArbiter(n, w),
                        null);
            }
            case "rap" -> {
                if (!(p.get("nodes") instanceof Integer n) || !(p.get("key_bits") instanceof Integer k)) {
                    yield new Baseline(
                            "naive register TCAM + flat priority loop",
                            null,
                            null,
                            "the rap config's parameters nodes and key_bits");
                }
                String label = "naive register TCAM + flat priority loop (NaiveTcam N=" + n + " K=" + k + ")";
                long entryFlipFlops = 2L * n * k; // a value and a mask bit per key bit
                if (entryFlipFlops > LARGEST_PART_FLIP_FLOPS) {
                    yield new Baseline(
                            label,
                            null,
                            null,
                            null,
                            "its " + entryFlipFlops
                                    + " entry flip-flops are more than any target part has (at most "
                                    + LARGEST_PART_FLIP_FLOPS
                                    + ")");
                }
                yield new Baseline(label, "naive_tcam_n" + n + "_k" + k, () -> new NaiveTcam(n, k), null);
            }
            default -> null;
        };
    }

    /** The paper's figures for the block this design corresponds to. */
    static List<PaperFigures.Quote> paper(DesignConfig cfg) {
        return switch (cfg.design()) {
            case "fifo" -> List.of(PaperFigures.QUEUE);
            case "rap" -> List.of(PaperFigures.TCAM, PaperFigures.SRAM);
            default -> List.of();
        };
    }
}
