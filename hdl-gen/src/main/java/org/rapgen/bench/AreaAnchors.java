package org.rapgen.bench;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.rapgen.config.DesignConfig;
import org.rapgen.hdl.Module;

/**
 * What each default design's area and Fmax are compared with: a naive baseline written for the comparison and
 * synthesized by the same flow on the same target, and the paper's Stratix figures for the blocks it prototyped.
 */
final class AreaAnchors {
    private AreaAnchors() {}

    /** A baseline design: its label and its top module, or why it cannot be built for this configuration. */
    record Baseline(String label, String name, Supplier<Module> top, String missing) {}

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
                yield new Baseline(
                        "naive register TCAM + flat priority loop (NaiveTcam N=" + n + " K=" + k + ")",
                        "naive_tcam_n" + n + "_k" + k,
                        () -> new NaiveTcam(n, k),
                        null);
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
