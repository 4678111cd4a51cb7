package org.rapgen.bench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.rapgen.benchmarks.DesignThroughput;
import org.rapgen.config.DesignConfig;

/**
 * Runs the JMH benchmark {@link DesignThroughput} once per configuration: the design's golden model and the
 * DataSketches anchor in one JMH run (one forked JVM, the settings of {@code DesignThroughput}), so their ratio is
 * measured under the same load on this shared machine. Both report sources read the same run.
 */
final class DesignJmh {
    /** Records per second (JMH's score and 99.9% error) of both benchmarks. */
    record Figures(double golden, double goldenError, double sketch, double sketchError) {
        double ratio() {
            return golden / sketch;
        }
    }

    private static final Map<String, Figures> RUNS = new HashMap<>();

    private DesignJmh() {}

    static synchronized Figures of(DesignConfig cfg, Path root) throws RunnerException {
        Path config = root.resolve(cfg.file()).toAbsolutePath().normalize();
        Figures f = RUNS.get(config.toString());
        if (f == null) {
            f = run(config, root.resolve(ThroughputFigures.TRACE).normalize());
            RUNS.put(config.toString(), f);
        }
        return f;
    }

    private static Figures run(Path config, Path trace) throws RunnerException {
        System.err.println(
                "performance: JMH " + DesignThroughput.class.getSimpleName() + " on " + config.getFileName());
        var options = new OptionsBuilder()
                .include(DesignThroughput.class.getName() + "\\.")
                .param("config", config.toString())
                .param("trace", trace.toString())
                .verbosity(VerboseMode.SILENT)
                .build();
        Map<String, Result<?>> events = new HashMap<>();
        for (RunResult r : new Runner(options).run()) {
            String name = r.getParams().getBenchmark();
            events.put(
                    name.substring(name.lastIndexOf('.') + 1),
                    r.getSecondaryResults().get("events"));
        }
        Result<?> golden = events.get("golden");
        Result<?> sketch = events.get("dataSketches");
        if (golden == null || sketch == null)
            throw new IllegalStateException("JMH returned no events/s for " + config + ": " + events.keySet());
        return new Figures(golden.getScore(), golden.getScoreError(), sketch.getScore(), sketch.getScoreError());
    }

    /** E.g. "2.41 M events/s ± 0.05" (JMH's 99.9% interval; none with a single iteration). */
    static String rate(double perSecond, double error, String unit) {
        String r = String.format(Locale.ROOT, "%.2f M %s/s", perSecond / 1e6, unit);
        return Double.isFinite(error) ? r + String.format(Locale.ROOT, " ± %.2f", error / 1e6) : r;
    }

    static String unit(DesignConfig cfg) {
        return cfg.design().equals("rap") ? "events" : "tuples";
    }
}
