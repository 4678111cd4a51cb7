package org.rapgen.bench;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.rapgen.config.DesignConfig;

/**
 * docs/performance.md's golden-model figure: the design's own golden model (JMH, {@code DesignThroughput.golden}) in
 * records per second, with its ratio to DataSketches measured in the same JMH run.
 */
public final class GoldenModelThroughput implements PerformanceSource {
    @Override
    public Optional<String> measure(DesignConfig config, Path root) throws Exception {
        DesignJmh.Figures f = DesignJmh.of(config, root);
        return Optional.of(DesignJmh.rate(f.golden(), f.goldenError(), DesignJmh.unit(config))
                + String.format(Locale.ROOT, " (%.2f× DataSketches in the same run)", f.ratio()));
    }
}
