package org.rapgen.bench;

import java.nio.file.Path;
import java.util.Optional;
import org.rapgen.benchmarks.DesignThroughput;
import org.rapgen.config.DesignConfig;
import org.rapgen.designs.RapDesign;
import org.rapgen.designs.SamplerDesign;

/**
 * The anchor of the golden-model figure: Apache DataSketches 7.0.1 {@code LongsSketch} (frequent items) on the same
 * records, with as many counters as the design, in the same JMH run ({@code DesignThroughput.dataSketches}). For RAP
 * it does the same job on the same keys. DataSketches has no stratified sampler; for a sampler the sketch counts the
 * (pc, w) tuples as one key each, the closest job it has (finding frequent tuples), not the same one.
 */
public final class DataSketchesThroughput implements PerformanceSource {
    @Override
    public Optional<String> measure(DesignConfig config, Path root) throws Exception {
        DesignJmh.Figures f = DesignJmh.of(config, root);
        String what = config.design().equals("rap")
                ? "LongsSketch, map size " + DesignThroughput.sketchMapSize(RapDesign.config(config.params()))
                        + ", same keys"
                : "LongsSketch on (pc, w) as one key, map size "
                        + DesignThroughput.sketchMapSize(SamplerDesign.params(config.params()))
                        + ": frequent tuples, no sampler counterpart";
        return Optional.of(DesignJmh.rate(f.sketch(), f.sketchError(), DesignJmh.unit(config)) + " (" + what + ")");
    }
}
