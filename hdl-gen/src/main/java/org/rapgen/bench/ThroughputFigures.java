package org.rapgen.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

    private ThroughputFigures() {
    }

    record Row(String figure, String value, String source, String anchor, String anchorValue) {
    }

    static List<Row> rows(DesignConfig cfg, Path root) {
        boolean rap = cfg.design().equals("rap");
        if (!rap && !cfg.design().equals("sampler")) {
            String na = "n/a (library block: no golden model to co-simulate against)";
            return List.of(new Row("events per clock", na, "—", "—", "—"), new Row("co-simulation cycles/s", na, "—", "—", "—"),
                    new Row("golden-model events/s", na, "—", "—", "—"));
        }
        String unit = rap ? "events" : "tuples";
        String cosim = "`./rapgen cosim --trace " + TRACE + " --config " + root.relativize(Path.of(cfg.file()).toAbsolutePath().normalize()) + "`";
        Run output = cosim(cfg, root);
        List<Row> rows = new ArrayList<>();
        rows.add(new Row(unit + " per clock", figure(output, "needs " + cosim, unit + "/cycle\\s+([0-9.]+)", ""), cosim,
                "paper", rap ? PaperFigures.RAP_EVENTS_PER_CLOCK : PaperFigures.SAMPLER_TUPLES_PER_CLOCK));
        rows.add(new Row("co-simulation cycles/s", figure(output, "needs " + cosim + " to print cycles/s", "cycles/s\\s+([0-9.eE+]+)", " cycles/s"), cosim,
                "the hardware", rap ? PaperFigures.RAP_HARDWARE_CYCLES : "no Stratix figure for the sampler"));
        rows.add(new Row("golden-model " + unit + "/s", fromClass(GOLDEN_SOURCE, cfg, root), "class `" + GOLDEN_SOURCE + "`",
                "DataSketches", fromClass(DATASKETCHES_SOURCE, cfg, root)));
        return rows;
    }

    /** The cosim command's run, or null if this build has no cosim command. */
    private static Run cosim(DesignConfig cfg, Path root) {
        Run help = run(root, List.of(root.resolve("rapgen").toString(), "--help"));
        if (help.exit() != 0 || !help.output().matches("(?s).*\\bcosim\\b.*")) return null;
        return run(root, List.of(root.resolve("rapgen").toString(), "cosim", "--trace", TRACE, "--config", cfg.file()));
    }

    private static String figure(Run cosim, String needs, String regex, String unit) {
        if (cosim == null) return "not measured yet (" + needs + ")";
        if (cosim.exit() != 0) return "failed (exit " + cosim.exit() + "): " + cosim.output().strip().lines().reduce((a, b) -> b).orElse("");
        Matcher m = Pattern.compile(regex).matcher(cosim.output());
        return m.find() ? m.group(1) + unit : "not measured yet (" + needs + ")";
    }

    private static String fromClass(String className, DesignConfig cfg, Path root) {
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

    private record Run(int exit, String output) {
    }

    private static Run run(Path dir, List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
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
