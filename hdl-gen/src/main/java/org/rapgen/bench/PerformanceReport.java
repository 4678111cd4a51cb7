package org.rapgen.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
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
    private final Path root;
    private final Synthesis synthesis = new Synthesis();

    private PerformanceReport(Path root) {
        this.root = root;
    }

    /** Arguments: the repository root and the Markdown file to write. */
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        Path out = Path.of(args[1]);
        String text = new PerformanceReport(root).render();
        Path tmp = Files.createTempFile(out.toAbsolutePath().getParent(), ".performance", ".md");
        Files.writeString(tmp, text);
        Files.move(tmp, out, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
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
        md.append("Written by `bench/performance.sh` (class `org.rapgen.bench.PerformanceReport`) on ").append(LocalDate.now())
                .append(": do not edit by hand, run it again.\n");
        md.append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores (").append(cpu())
                .append("), shared with other work. Tools: ").append(String.join(", ", Synthesis.toolVersions())).append(".\n\n");
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
                - **Events or tuples per clock, co-simulation cycles/s**: `./rapgen cosim` on the shared capture
                  `%s`.
                - **Golden-model events/s**: class `%s`; its anchor, class `%s` (Apache DataSketches on the same trace).
                  Both implement `org.rapgen.bench.PerformanceSource`.

                """.formatted(ThroughputFigures.TRACE, ThroughputFigures.GOLDEN_SOURCE, ThroughputFigures.DATASKETCHES_SOURCE));
    }

    private void section(StringBuilder md, DesignConfig cfg) {
        md.append("## ").append(cfg.name()).append("\n\n");
        md.append("Design `").append(cfg.design()).append("` ").append(cfg.params()).append(", clock ").append(mhz(cfg.clockMhz()))
                .append(" MHz (`").append(cfg.file()).append("`).\n\n");
        AreaAnchors.Baseline baseline = AreaAnchors.baseline(cfg);
        md.append("| target | area (design alone) | Fmax | anchor | anchor area | anchor Fmax |\n|---|---|---|---|---|---|\n");
        for (SynthTarget t : SynthTarget.values()) {
            String[] mine = synth(t, () -> synthesis.run(cfg, t));
            String[] anchor = baseline == null ? new String[] {"—", "—"}
                    : baseline.missing() != null ? new String[] {"not measured yet (needs " + baseline.missing() + ")", "—"}
                    : synth(t, () -> synthesis.run(baseline.name(), cfg.clockMhz(), baseline.top(), t));
            row(md, t.id + " (" + t.device + ")", mine[0], mine[1], baseline == null ? "—" : baseline.label(), anchor[0], anchor[1]);
        }
        for (PaperFigures.Quote q : AreaAnchors.paper(cfg)) {
            row(md, PaperFigures.STRATIX, "—", "—", q.what() + " (" + q.where() + ")", q.area(), q.fmax());
        }
        md.append("\n| figure | this design | source | anchor | anchor's figure |\n|---|---|---|---|---|\n");
        for (ThroughputFigures.Row r : ThroughputFigures.rows(cfg, root)) row(md, r.figure(), r.value(), r.source(), r.anchor(), r.anchorValue());
        md.append('\n');
    }

    private interface Run {
        Synthesis.Outcome get();
    }

    /** {area, Fmax} cells for one synthesis, or why there are none. */
    private static String[] synth(SynthTarget t, Run run) {
        try {
            SynthResult r = run.get().result();
            String fmax = r.fmaxMhz() == null ? "— (cell counts only)" : String.format(Locale.ROOT, "%.1f MHz", r.fmaxMhz());
            return new String[] {Synthesis.summary(r.area()), fmax};
        } catch (SynthException e) {
            return new String[] {e.getMessage(), "—"};
        }
    }

    private static void row(StringBuilder md, String... cells) {
        md.append("| ").append(Stream.of(cells).map(c -> c.replace("|", "\\|")).collect(Collectors.joining(" | "))).append(" |\n");
    }

    private static String mhz(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static String cpu() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse("unknown CPU");
        } catch (IOException e) {
            return "unknown CPU";
        }
    }
}
