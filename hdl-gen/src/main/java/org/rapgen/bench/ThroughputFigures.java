package org.rapgen.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rapgen.config.DesignConfig;

/**
 * The throughput rows of docs/performance.md for the engines: events (RAP) or tuples (sampler) per clock and
 * co-simulation cycles/s from {@code ./rapgen cosim}, golden-model events/s from a benchmark class, each beside its
 * anchor. Library blocks have no golden model, so the rows say so.
 */
final class ThroughputFigures {
    /** The shared real capture (37,841 IPv4 packets, nearly all sources distinct: a worst case for RAP trees). */
    static final String TRACE = "../shared/traces/pkt.TCP.synflood.spoofed.pcap";

    static final String GOLDEN_SOURCE = "org.rapgen.bench.GoldenModelThroughput";
    static final String DATASKETCHES_SOURCE = "org.rapgen.bench.DataSketchesThroughput";

    private ThroughputFigures() {}

    record Row(String figure, String value, String source, String anchor, String anchorValue) {}

    static List<Row> rows(DesignConfig cfg, Path root) {
        if (!engine(cfg)) return libraryBlock();
        return rows(cfg, cosimCommand(cfg, root), cosim(cfg, root), GOLDEN_SOURCE, DATASKETCHES_SOURCE, root);
    }

    static boolean engine(DesignConfig cfg) {
        return cfg.design().equals("rap") || cfg.design().equals("sampler");
    }

    static List<Row> libraryBlock() {
        String na = "n/a (library block: no golden model to co-simulate against)";
        return List.of(
                new Row("events per clock", na, "—", "—", "—"),
                new Row("co-simulation cycles/s", na, "—", "—", "—"),
                new Row("golden-model events/s", na, "—", "—", "—"));
    }

    /**
     * The rows of an engine from its cosim run (null: this build has no cosim command) and the classes that measure
     * its golden model and the golden model's anchor (a class that is missing reads "not measured yet").
     */
    static List<Row> rows(
            DesignConfig cfg, String cosimCommand, Run cosim, String goldenClass, String anchorClass, Path root) {
        boolean rap = cfg.design().equals("rap");
        String unit = rap ? "events" : "tuples";
        String cmd = "`" + cosimCommand + "`";
        List<Row> rows = new ArrayList<>();
        rows.add(new Row(
                unit + " per clock",
                figure(cosim, "needs " + cmd, PER_CLOCK, v -> v),
                cmd,
                "paper",
                rap ? PaperFigures.RAP_EVENTS_PER_CLOCK : PaperFigures.SAMPLER_TUPLES_PER_CLOCK));
        rows.add(new Row(
                "co-simulation cycles/s",
                figure(cosim, "needs " + cmd + " to print cycles/s", CYCLES_PER_SECOND, ThroughputFigures::perSecond),
                cmd + " (simulation loop only)",
                "the hardware",
                rap ? PaperFigures.RAP_HARDWARE_CYCLES : "no Stratix figure for the sampler"));
        rows.add(new Row(
                "golden-model " + unit + "/s",
                fromClass(goldenClass, cfg, root),
                "class `" + goldenClass + "` (JMH)",
                "DataSketches (class `" + anchorClass + "`, same JMH run)",
                fromClass(anchorClass, cfg, root)));
        return rows;
    }

    /** {@code events/cycle 0.9832} (RAP) or {@code tuples/cycle 1.0000 (...)} (sampler) in the cosim summary. */
    static final Pattern PER_CLOCK = Pattern.compile("(?m)^(?:events|tuples)/cycle\\s+([0-9.]+)");
    /** The cosim summary's {@code cycles/s} line (testbench {@code org.rapgen.cosim.cli.SimSpeed#line}). */
    static final Pattern CYCLES_PER_SECOND = Pattern.compile("(?m)^cycles/s\\s+([0-9]+(?:\\.[0-9]+)?)\\b");

    static String cosimCommand(DesignConfig cfg, Path root) {
        return "./rapgen cosim --trace " + TRACE + " --config "
                + root.relativize(root.resolve(cfg.file()).toAbsolutePath().normalize());
    }

    /** The cosim command's run, or null if this build has no cosim command. */
    private static Run cosim(DesignConfig cfg, Path root) {
        // The launcher puts the testbench (which plugs cosim in) on the class path only for "rapgen cosim ...".
        if (run(root, List.of(root.resolve("rapgen").toString(), "cosim", "--help"))
                        .exit()
                != 0) return null;
        System.err.println("performance: " + cfg.name() + ": cosim");
        return run(root, List.of(root.resolve("rapgen").toString(), "cosim", "--trace", TRACE, "--config", cfg.file()));
    }

    static String figure(Run cosim, String needs, Pattern pattern, UnaryOperator<String> format) {
        if (cosim == null) return "not measured yet (" + needs + ")";
        if (cosim.exit() != 0)
            return "failed (exit " + cosim.exit() + "): "
                    + cosim.output().strip().lines().reduce((a, b) -> b).orElse("");
        Matcher m = pattern.matcher(cosim.output());
        return m.find() ? format.apply(m.group(1)) : "not measured yet (" + needs + ")";
    }

    /** 73412 -> "73.4 k cycles/s", 2143000 -> "2.14 M cycles/s". */
    static String perSecond(String number) {
        double v = Double.parseDouble(number);
        return v >= 1e6
                ? String.format(Locale.ROOT, "%.2f M cycles/s", v / 1e6)
                : String.format(Locale.ROOT, "%.1f k cycles/s", v / 1e3);
    }

    static String fromClass(String className, DesignConfig cfg, Path root) {
        Class<?> c;
        try {
            c = Class.forName(className);
        } catch (ClassNotFoundException e) {
            return "not measured yet (needs class " + className + ")";
        }
        try {
            Optional<String> v = ((PerformanceSource) c.getDeclaredConstructor().newInstance()).measure(cfg, root);
            return v.orElse("n/a");
        } catch (Exception e) {
            return "failed: " + e;
        }
    }

    /** A command's exit status and its output (stdout and stderr). */
    record Run(int exit, String output) {}

    private static Run run(Path dir, List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            return new Run(p.exitValue(), out);
        } catch (IOException e) {
            return new Run(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Run(-1, "interrupted");
        }
    }
}
