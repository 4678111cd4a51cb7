package org.rapgen.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.synth.SynthException;
import org.rapgen.synth.SynthResult;
import org.rapgen.synth.SynthTarget;
import org.rapgen.synth.Synthesis;

/**
 * Writes docs/performance.md (bench/performance.sh): for every default design (configs/*.yaml), area and Fmax on
 * every synth target beside a naive baseline and the paper's Stratix figures, then the engines' throughput figures
 * beside theirs. Every figure names its source; a source this build lacks shows as "not measured yet (needs ...)".
 */
public final class PerformanceReport {
    /**
     * {@code --quick}: the most LUTs (design alone, after Yosys) a design not yet in the cache may have for
     * place-and-route to run, per target. nextpnr-ecp5 took 42 minutes on rap_n128_k32 (27,218 LUT4) on this
     * machine; an iCE40 HX8K is small enough that nextpnr-ice40 finishes or finds a misfit within minutes.
     */
    static final Map<SynthTarget, Double> QUICK_PNR_LIMIT = Map.of(
            SynthTarget.ICE40,
            Double.POSITIVE_INFINITY,
            SynthTarget.ECP5,
            8000.0); // both nextpnr targets count LUT4 first

    private final Path root;
    private final boolean quick;
    private final PreviousRun previous;
    private final Synthesis synthesis = new Synthesis();

    private PerformanceReport(Path root, boolean quick, PreviousRun previous) {
        this.root = root;
        this.quick = quick;
        this.previous = previous;
    }

    /** Arguments: the repository root, the Markdown file to write, and optionally {@code --quick}. */
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        Path out = Path.of(args[1]);
        boolean quick = args.length > 2 && args[2].equals("--quick");
        if (args.length > 3 || args.length > 2 && !quick)
            throw new IllegalArgumentException("usage: PerformanceReport ROOT OUT [--quick]");
        String text = new PerformanceReport(root, quick, PreviousRun.read(out)).render();
        Path tmp = Files.createTempFile(out.toAbsolutePath().getParent(), ".performance", ".md");
        Files.writeString(tmp, text);
        Files.move(
                tmp,
                out,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        System.out.println("wrote " + out);
    }

    private String render() throws IOException {
        List<Path> configs;
        try (Stream<Path> s = Files.list(root.resolve("configs"))) {
            configs = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        StringBuilder md = new StringBuilder();
        header(md);
        for (Path c : configs) {
            DesignConfig cfg = ConfigReader.read(root.relativize(c));
            System.err.println("performance: " + cfg.name());
            section(md, cfg);
        }
        return md.toString();
    }

    private void header(StringBuilder md) {
        md.append("# Performance\n\n");
        md.append("Written by `bench/performance.sh` (class `org.rapgen.bench.PerformanceReport`) on ")
                .append(LocalDate.now())
                .append(": do not edit by hand, run it again.\n");
        md.append("Machine: ")
                .append(Runtime.getRuntime().availableProcessors())
                .append(" cores (")
                .append(cpu())
                .append("), shared with other work. Tools: ")
                .append(String.join(", ", Synthesis.toolVersions()))
                .append(".\n");
        md.append(
                quick
                        ? "Run with `--quick`: " + quickRule() + " Fmax cells say where.\n\n"
                        : "Full run: place-and-route ran for every design on every target that has it.\n\n");
        md.append("""
                Every figure names its source, and a figure whose source is not in this build reads "not measured yet (needs
                ...)". Every figure sits beside its anchor in the same table: a naive baseline written for the comparison and
                measured by the same flow on the same target (a flat priority loop), the paper's Stratix prototype (Mysore et
                al., TACO 2008, §4: EP1S25F1020C5 with Quartus II; logic elements are 4-input LUTs with a register), or
                DataSketches for the golden models.

                - **Area and Fmax**: `./rapgen synth --config configs/<name>.yaml --target <target>` (class
                  `org.rapgen.synth.Synthesis`). Area is the design alone after Yosys's mapping; Fmax is nextpnr's, with the
                  design inside the Fmax harness (inputs from a shift chain, outputs registered), so it is register to
                  register through the design. Xilinx and Intel stop at Yosys's cell counts (no open place-and-route).
                  A design that does not fit the part is a figure ("does not fit ..."), not a gap.
                - **Run of (date)**: the area and Fmax that the file this run replaced gave, where they differ ("was
                  ..."), so a change to a design shows its figures before and after it here.
                - **Events or tuples per clock, co-simulation cycles/s**: `./rapgen cosim` on the shared capture
                  `%s` (a SYN flood: 37,841 packets, nearly every source distinct). RAP takes the IPv4 sources, a
                  sampler (source, destination) tuples. Cycles/s is the simulator's speed over the simulation loop
                  alone (Verilator build excluded; RAP's golden model runs in lockstep inside it).
                - **Golden-model events/s**: class `%s`; its anchor, class `%s`. Both read one JMH run per design
                  (`org.rapgen.benchmarks.DesignThroughput` in module `benchmarks/`: one fork, 3 × 1 s warm-up, 5 × 1 s
                  measurement, ± is JMH's 99.9%% interval) on the same trace: the design's own golden model (RAP: the
                  hardware-exact model at its N, event queue combining as configured; sampler: its composition) and
                  Apache DataSketches 7.0.1 `LongsSketch` with as many counters, so the ratio is measured under the same
                  load. DataSketches has no stratified sampler: for a sampler the sketch counts frequent (pc, w) tuples,
                  the nearest job it has, not the same one.

                """.formatted(
                ThroughputFigures.TRACE, ThroughputFigures.GOLDEN_SOURCE, ThroughputFigures.DATASKETCHES_SOURCE));
    }

    private void section(StringBuilder md, DesignConfig cfg) {
        md.append("## ").append(cfg.name()).append("\n\n");
        md.append("Design `")
                .append(cfg.design())
                .append("` ")
                .append(cfg.params())
                .append(", clock ")
                .append(mhz(cfg.clockMhz()))
                .append(" MHz (`")
                .append(cfg.file())
                .append("`).\n\n");
        AreaAnchors.Baseline baseline = AreaAnchors.baseline(cfg);
        md.append("| target | area (design alone) | Fmax | ")
                .append(previous.date() == null ? "last run" : "run of " + previous.date())
                .append(" | anchor | anchor area | anchor Fmax |\n|---|---|---|---|---|---|---|\n");
        for (SynthTarget t : SynthTarget.values()) {
            double limit = pnrLimit(t);
            System.err.println("performance: " + cfg.name() + " on " + t.id);
            String[] mine = synth(() -> synthesis.run(cfg, t, limit));
            String[] anchor = anchorCells(baseline, cfg, t, limit);
            String target = t.id + " (" + t.device + ")";
            row(
                    md,
                    target,
                    mine[0],
                    mine[1],
                    previous.date() == null ? "—" : previous.change(cfg.name(), target, mine[0], mine[1]),
                    baseline == null ? "—" : baseline.label(),
                    anchor[0],
                    anchor[1]);
        }
        for (PaperFigures.Quote q : AreaAnchors.paper(cfg)) {
            row(md, PaperFigures.STRATIX, "—", "—", "—", q.what() + " (" + q.where() + ")", q.area(), q.fmax());
        }
        md.append("\n| figure | this design | source | anchor | anchor's figure |\n|---|---|---|---|---|\n");
        for (ThroughputFigures.Row r : ThroughputFigures.rows(cfg, root))
            row(md, r.figure(), r.value(), r.source(), r.anchor(), r.anchorValue());
        md.append('\n');
    }

    /** {area, Fmax} cells of the anchor: none, why it cannot be built, or its synthesis. */
    private String[] anchorCells(AreaAnchors.Baseline baseline, DesignConfig cfg, SynthTarget t, double limit) {
        if (baseline == null) return new String[] {"—", "—"};
        if (baseline.missing() != null)
            return new String[] {"not measured yet (needs " + baseline.missing() + ")", "—"};
        if (baseline.tooLarge() != null) return new String[] {"does not fit: " + baseline.tooLarge(), "—"};
        return synth(() -> synthesis.run(baseline.name(), cfg.clockMhz(), baseline.top(), t, limit));
    }

    interface Run {
        Synthesis.Outcome get();
    }

    private double pnrLimit(SynthTarget t) {
        return quick ? QUICK_PNR_LIMIT.getOrDefault(t, Double.POSITIVE_INFINITY) : Double.POSITIVE_INFINITY;
    }

    /** What --quick leaves out, for the header. */
    static String quickRule() {
        return QUICK_PNR_LIMIT.entrySet().stream()
                .filter(e -> Double.isFinite(e.getValue()))
                .sorted(Map.Entry.comparingByKey())
                .map(e -> "place-and-route on " + e.getKey().id
                        + " is skipped for a design not in the synthesis cache whose own logic maps to more than "
                        + Synthesis.count(e.getValue()) + " LUT4 (nextpnr took 42 minutes on 27,218).")
                .collect(Collectors.joining(" "));
    }

    /**
     * {area, Fmax} cells for one synthesis, or why there are none: a design that does not fit the part is a figure
     * ("does not fit the ...: 12855 ICESTORM_LC of 7680"), and so is any other failure, so one design never stops the
     * report.
     */
    static String[] synth(Run run) {
        try {
            Synthesis.Outcome o = run.get();
            SynthResult r = o.result();
            String fmax = o.pnrSkipped() != null
                    ? "not measured (" + o.pnrSkipped() + "; `--quick`)"
                    : r.fmaxMhz() == null
                            ? "— (cell counts only)"
                            : String.format(Locale.ROOT, "%.1f MHz", r.fmaxMhz());
            return new String[] {Synthesis.summary(r.area()), fmax};
        } catch (SynthException e) {
            return new String[] {e.getMessage(), "—"};
        } catch (RuntimeException e) {
            return new String[] {"failed: " + e, "—"};
        }
    }

    private static void row(StringBuilder md, String... cells) {
        md.append("| ")
                .append(Stream.of(cells).map(c -> c.replace("|", "\\|")).collect(Collectors.joining(" | ")))
                .append(" |\n");
    }

    private static String mhz(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static String cpu() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst()
                    .orElse("unknown CPU");
        } catch (IOException e) {
            return "unknown CPU";
        }
    }
}
