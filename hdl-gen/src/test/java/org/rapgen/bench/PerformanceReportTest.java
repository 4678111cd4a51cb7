package org.rapgen.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rapgen.config.DesignConfig;
import org.rapgen.synth.SynthException;
import org.rapgen.synth.SynthResult;
import org.rapgen.synth.SynthTarget;
import org.rapgen.synth.Synthesis;

/**
 * docs/performance.md's rows from recorded tool output (src/test/resources/org/rapgen/bench/README.md says which
 * command made each file): the cosim summary's events per clock and cycles/s, a figure whose source is missing, a
 * design that does not fit the part, a place-and-route that {@code --quick} skipped. No tool runs here.
 */
class PerformanceReportTest {
    private static final Path ROOT = Path.of("/repo");
    private static final DesignConfig RAP =
            new DesignConfig("configs/rap_n32_k32.yaml", "rap_n32_k32", "rap", Map.of(), 100);
    private static final DesignConfig SAMPLER =
            new DesignConfig("configs/sampler_hp256_2048.yaml", "sampler_hp256_2048", "sampler", Map.of(), 100);
    private static final String NO_CLASS = "org.rapgen.bench.NoSuchThroughput";

    private static String recorded(String name) throws IOException {
        try (InputStream in = PerformanceReportTest.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException("missing test resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static ThroughputFigures.Row row(List<ThroughputFigures.Row> rows, String figure) {
        return rows.stream()
                .filter(r -> r.figure().equals(figure))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + figure + " in " + rows));
    }

    private static List<ThroughputFigures.Row> rows(DesignConfig cfg, ThroughputFigures.Run cosim) {
        return ThroughputFigures.rows(cfg, ThroughputFigures.cosimCommand(cfg, ROOT), cosim, NO_CLASS, NO_CLASS, ROOT);
    }

    @Test
    void rapCosimSummaryGivesEventsPerClockAndCyclesPerSecond() throws IOException {
        List<ThroughputFigures.Row> rows = rows(RAP, new ThroughputFigures.Run(0, recorded("cosim-rap_n32_k32.txt")));
        // The recording says "events/cycle 0.9832" and "cycles/s    73412 (39185 clocks in 0.534 s ...)".
        assertEquals("0.9832", row(rows, "events per clock").value());
        assertEquals("73.4 k cycles/s", row(rows, "co-simulation cycles/s").value());
        assertEquals(
                PaperFigures.RAP_EVENTS_PER_CLOCK, row(rows, "events per clock").anchorValue());
    }

    @Test
    void samplerCosimSummaryGivesTuplesPerClockAndCyclesPerSecond() throws IOException {
        List<ThroughputFigures.Row> rows =
                rows(SAMPLER, new ThroughputFigures.Run(0, recorded("cosim-sampler_hp256_2048.txt")));
        assertEquals("1.0000", row(rows, "tuples per clock").value());
        assertEquals("298.9 k cycles/s", row(rows, "co-simulation cycles/s").value());
        assertEquals("golden-model tuples/s", rows.get(2).figure());
    }

    @Test
    void cyclesPerSecondAboveAMillionIsInMillions() {
        assertEquals("2.14 M cycles/s", ThroughputFigures.perSecond("2143000"));
    }

    @Test
    void cosimWithoutTheCyclesPerSecondLineIsNotMeasuredYet() throws IOException {
        String old = recorded("cosim-rap_n32_k32.txt").replaceAll("(?m)^cycles/s.*\\R", "");
        List<ThroughputFigures.Row> rows = rows(RAP, new ThroughputFigures.Run(0, old));
        assertEquals("0.9832", row(rows, "events per clock").value());
        String cps = row(rows, "co-simulation cycles/s").value();
        assertTrue(
                cps.startsWith("not measured yet (needs `./rapgen cosim --trace ")
                        && cps.endsWith("to print cycles/s)"),
                cps);
    }

    @Test
    void missingSourcesSayWhatTheyNeed() {
        List<ThroughputFigures.Row> rows = rows(RAP, null); // a build without the cosim command
        assertEquals(
                "not measured yet (needs `./rapgen cosim --trace " + ThroughputFigures.TRACE
                        + " --config configs/rap_n32_k32.yaml`)",
                row(rows, "events per clock").value());
        assertEquals(
                "not measured yet (needs class " + NO_CLASS + ")",
                row(rows, "golden-model events/s").value());
        assertEquals(
                "not measured yet (needs class " + NO_CLASS + ")",
                row(rows, "golden-model events/s").anchorValue());
    }

    @Test
    void theRealSourcesAreMissingWithoutTheBenchmarksJar() {
        // hdl-gen's tests run without module benchmarks/ on the class path, as the report would without it.
        assertEquals(
                "not measured yet (needs class " + ThroughputFigures.GOLDEN_SOURCE + ")",
                ThroughputFigures.fromClass(ThroughputFigures.GOLDEN_SOURCE, RAP, ROOT));
        assertEquals(
                "not measured yet (needs class " + ThroughputFigures.DATASKETCHES_SOURCE + ")",
                ThroughputFigures.fromClass(ThroughputFigures.DATASKETCHES_SOURCE, RAP, ROOT));
    }

    /** A source that exists but fails: the report names the failure instead of stopping. */
    public static final class FailingSource implements PerformanceSource {
        @Override
        public Optional<String> measure(DesignConfig config, Path root) {
            throw new IllegalStateException("no trace for " + config.name());
        }
    }

    @Test
    void aFailingSourceIsAFigureNotACrash() {
        assertEquals(
                "failed: java.lang.IllegalStateException: no trace for rap_n32_k32",
                ThroughputFigures.fromClass(FailingSource.class.getName(), RAP, ROOT));
    }

    @Test
    void aFailedCosimShowsItsLastLine() {
        ThroughputFigures.Run failed =
                new ThroughputFigures.Run(2, "rapgen: configs/x.yaml:0: no co-simulation for design 'x'\n");
        assertEquals(
                "failed (exit 2): rapgen: configs/x.yaml:0: no co-simulation for design 'x'",
                row(rows(RAP, failed), "events per clock").value());
    }

    @Test
    void libraryBlocksHaveNoThroughputRows() {
        assertTrue(ThroughputFigures.libraryBlock().stream()
                .allMatch(r -> r.value().startsWith("n/a (library block")));
    }

    @Test
    void aDesignWhoseLutsExceedTheIce40IsAFigure() throws IOException {
        String stat = recorded("yosys-rap_n32_k32-ice40.stat");
        String[] cells = PerformanceReport.synth(() -> {
            Synthesis.designAlone(
                    "rap_n32_k32",
                    SynthTarget.ICE40,
                    stat,
                    "RapEngine_k32_b4_n32_c32_w1_wf0_q512_cb0_e655_m1024_f2_s2");
            throw new AssertionError("7758 LUT4 should not fit 7680 logic cells");
        });
        assertEquals("rap_n32_k32 does not fit the iCE40 HX8K (ct256): 7758 LUT4 of 7680", cells[0]);
        assertEquals("—", cells[1]);
    }

    @Test
    void aDesignThatNextpnrCannotPlaceIsAFigure() throws IOException {
        String log = recorded("nextpnr-fifo_w32_d8192-ice40.log");
        // The design alone as that run's Yosys mapped it (its message: "195 LUT4, 122 FF, 46 carry, 64 RAM4K").
        List<SynthResult.Usage> alone = List.of(
                new SynthResult.Usage("LUT4", 195, 7680),
                new SynthResult.Usage("FF", 122, 0),
                new SynthResult.Usage("carry", 46, 0),
                new SynthResult.Usage("RAM4K", 64, 0),
                new SynthResult.Usage("DSP", 0, 0));
        String[] cells = PerformanceReport.synth(() -> {
            Synthesis.placed("fifo_w32_d8192", SynthTarget.ICE40, log, alone);
            throw new AssertionError("64 RAMs should not fit 32");
        });
        // Word for word what ./rapgen synth printed on that run (after "rapgen: <config>:0: ").
        assertEquals(
                "fifo_w32_d8192 does not fit the iCE40 HX8K (ct256): 64 ICESTORM_RAM of 32 (with the Fmax harness; the design alone maps to "
                        + "195 LUT4, 122 FF, 46 carry, 64 RAM4K)",
                cells[0]);
        assertEquals("—", cells[1]);
    }

    @Test
    void aDesignThatFitsIsNotCalledAMisfit() throws IOException {
        List<SynthResult.Usage> placed = Synthesis.placed(
                "fifo_w32_d8192",
                SynthTarget.ICE40,
                recorded("nextpnr-fifo_w32_d8192-ice40.log")
                        .replace("ICESTORM_RAM:    64/   32   200%", "ICESTORM_RAM:    16/   32    50%"),
                List.of());
        assertEquals(318, placed.get(0).used());
        assertThrows(
                SynthException.class,
                () -> Synthesis.placed(
                        "x", SynthTarget.ICE40, recorded("nextpnr-fifo_w32_d8192-ice40.log"), List.of()));
    }

    @Test
    void aPlaceAndRouteThatQuickSkippedSaysSo() {
        SynthResult mapped = new SynthResult(
                "rap_n128_k32",
                "RapEngine",
                "ecp5",
                SynthTarget.ECP5.device,
                100,
                Map.of(),
                List.of(new SynthResult.Usage("LUT4", 27218, 0), new SynthResult.Usage("FF", 15068, 0)),
                List.of(),
                null,
                null);
        String[] cells = PerformanceReport.synth(
                () -> new Synthesis.Outcome(mapped, false, null, "place-and-route skipped: over the limit"));
        assertEquals("27218 LUT4, 15068 FF", cells[0]);
        assertEquals("not measured (place-and-route skipped: over the limit; `--quick`)", cells[1]);
    }

    @Test
    void anyOtherFailureIsAFigureNotACrash() {
        String[] cells = PerformanceReport.synth(() -> {
            throw new java.io.UncheckedIOException(new IOException("disk full"));
        });
        assertEquals("failed: java.io.UncheckedIOException: java.io.IOException: disk full", cells[0]);
        assertEquals("—", cells[1]);
    }

    @Test
    void aNaiveTcamLargerThanEveryPartIsAFigureNotARun() {
        DesignConfig big = new DesignConfig(
                "configs/rap_n4096_k32.yaml", "rap_n4096_k32", "rap", Map.of("nodes", 4096, "key_bits", 32), 125);
        AreaAnchors.Baseline b = AreaAnchors.baseline(big);
        assertEquals(null, b.top());
        assertTrue(b.tooLarge().contains("262144 entry flip-flops"), b.tooLarge());
        DesignConfig small = new DesignConfig(
                "configs/rap_n32_k32.yaml", "rap_n32_k32", "rap", Map.of("nodes", 32, "key_bits", 32), 100);
        assertEquals(null, AreaAnchors.baseline(small).tooLarge());
        assertTrue(AreaAnchors.baseline(small).top() != null);
    }

    /** Lines of the report of 2026-11-26, before the sampler engines were pipelined. */
    private static final List<String> REPORT_OF_NOV_26 = List.of(
            "# Performance",
            "",
            "Written by `bench/performance.sh` (class `org.rapgen.bench.PerformanceReport`) on 2026-11-26: do not edit"
                    + " by hand, run it again.",
            "## sampler_hp256_2048",
            "| target | area (design alone) | Fmax | anchor | anchor area | anchor Fmax |",
            "|---|---|---|---|---|---|",
            "| ecp5 (ECP5 LFE5U-85F (CABGA381, speed 6)) | 1654 LUT4, 36 LUTRAM16x4, 557 FF, 1 EBR | 79.8 MHz | — | — |"
                    + " — |",
            "| xilinx (Artix-7 xc7a100t) | 472 LUT, 557 FF, 0.5 RAMB36 | — (cell counts only) | — | — | — |",
            "| figure | this design | source | anchor | anchor's figure |",
            "| tuples per clock | 1.0000 | `./rapgen cosim` | paper | 1 |",
            "## rap_n32_k32",
            "| ice40 (iCE40 HX8K (ct256)) | a \\| b | 89.3 MHz | naive | 2023 LUT4 | 6.2 MHz |",
            "| Stratix EP1S25 (paper) | — | — | TCAM | 10,969 LE | 51 MHz |");

    @Test
    void eachTargetRowSaysWhatTheReplacedReportGave() {
        PreviousRun then = PreviousRun.parse(REPORT_OF_NOV_26);
        assertEquals("2026-11-26", then.date());
        String ecp5 = "ecp5 (ECP5 LFE5U-85F (CABGA381, speed 6))";
        assertEquals(
                "was 1654 LUT4, 36 LUTRAM16x4, 557 FF, 1 EBR; 79.8 MHz",
                then.change("sampler_hp256_2048", ecp5, "1509 LUT4, 56 LUTRAM16x4, 862 FF, 1 EBR", "152.0 MHz"));
        assertEquals(
                "was 472 LUT, 557 FF, 0.5 RAMB36",
                then.change(
                        "sampler_hp256_2048",
                        "xilinx (Artix-7 xc7a100t)",
                        "608 LUT, 862 FF, 0.5 RAMB36",
                        "— (cell counts only)"));
        assertEquals("unchanged", then.change("rap_n32_k32", "ice40 (iCE40 HX8K (ct256))", "a | b", "89.3 MHz"));
        assertEquals("new", then.change("rap_n4096_k32", ecp5, "11894 LUT4", "88.6 MHz"));
        // Neither the throughput table nor the paper's row is a target row.
        assertEquals(2, then.cells().get("sampler_hp256_2048").size());
        assertEquals("new", then.change("rap_n32_k32", "Stratix EP1S25 (paper)", "—", "—"));
        assertEquals(null, PreviousRun.parse(List.of("# Performance")).date());
    }

    @Test
    void quickRuleNamesEcp5Only() {
        assertTrue(
                PerformanceReport.quickRule().startsWith("place-and-route on ecp5 is skipped"),
                PerformanceReport.quickRule());
        assertThrows(
                IllegalArgumentException.class,
                () -> PerformanceReport.main(new String[] {"/repo", "out.md", "--fast"}));
    }
}
