package org.rapgen.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.EventSink;
import org.rapgen.golden.rap.ExactProfile;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.HotRangeAccuracy;
import org.rapgen.golden.rap.HotRanges;
import org.rapgen.golden.rap.RapModel;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapStatus;
import org.rapgen.golden.rap.UnboundedRap;
import org.rapgen.trace.TraceFormat;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/**
 * One pass over one trace profile (instruction or data addresses of a lackey trace) that feeds every RAP model
 * configuration and the exact profile at once, then measures what the paper's §5.2 and §5.3 measure: the tree's
 * maximum and average size in nodes, and the hot-range error against the perfect offline profile.
 */
final class RapTraceRun {
    private RapTraceRun() {}

    /**
     * A model to run, with branching 2^{@code bitsPerLevel}: unbounded when {@code nodeSlots} is 0, else
     * hardware-exact with N slots and C-bit counters, behind a W = 16 combining queue when {@code combining}.
     */
    record Config(double eps, int bitsPerLevel, int nodeSlots, int counterBits, boolean combining) {
        String label() {
            String b = "b=" + (1 << bitsPerLevel);
            if (nodeSlots == 0) {
                return "unbounded " + b;
            }
            return "hardware " + b + " N=" + nodeSlots + " C=" + counterBits + (combining ? " combining" : "");
        }
    }

    /** What one model measured on one trace profile. */
    record Result(
            String trace,
            String profile,
            int keyBits,
            Config config,
            long events,
            int distinctKeys,
            RapStatus status,
            long maxNodesAfterWarmup,
            double averageNodes,
            int hotRanges,
            double averageError,
            double maxError,
            long[] nodesOverTime) {}

    /** Feeds one model and keeps its size statistics; the size is read after every input event. */
    private static final class Tracked {
        final Config config;
        final RapModel model;
        final EventSink input;
        long[] series = new long[1024];
        int seriesLength;
        long nodeSum;
        long maxAfterWarmup;

        Tracked(Config config, RapParams params, long warmup) {
            this.config = config;
            this.model = config.nodeSlots == 0
                    ? new UnboundedRap(params)
                    : new HardwareRap(params, config.nodeSlots, config.counterBits);
            this.input = config.combining ? new CombiningQueue(model) : model;
            // The size peaks just before a merge batch; the batch's removals give that peak back.
            model.setMergeListener((n, t, early, removed) -> {
                if (Long.compareUnsigned(n, warmup) > 0) {
                    maxAfterWarmup = Math.max(maxAfterWarmup, model.currentNodes() + removed);
                }
            });
        }

        void sample() {
            if (seriesLength == series.length) {
                series = Arrays.copyOf(series, 2 * seriesLength);
            }
            series[seriesLength++] = model.currentNodes();
        }
    }

    /**
     * @param warmup      the first this many events do not count for {@link Result#maxNodesAfterWarmup}
     * @param sampleEvery the nodes-over-time series holds the tree size after every this many events
     */
    static List<Result> run(
            Path file,
            String trace,
            TraceOptions.LackeyMode mode,
            int keyBits,
            double hot,
            List<Config> configs,
            long warmup,
            int sampleEvery)
            throws IOException {
        List<Tracked> models = new ArrayList<>();
        for (Config c : configs) {
            models.add(new Tracked(c, RapParams.ofEps(keyBits, c.bitsPerLevel, c.eps), warmup));
        }
        ExactProfile.Builder exact = ExactProfile.builder();
        long events = 0;
        // The reader checks every address of the file against its key width, including the lines the mode skips,
        // so it reads 64-bit addresses; the models check each key against their own K.
        TraceOptions opt = TraceOptions.keyBits(64).withLackeyMode(mode);
        try (TraceReader r = TraceReader.open(file, TraceFormat.LACKEY, opt, TraceShape.EVENTS)) {
            while (r.next()) {
                long key = r.key();
                exact.accept(key, 1);
                events++;
                for (Tracked m : models) {
                    m.input.accept(key, 1);
                    int nodes = m.model.currentNodes();
                    m.nodeSum += nodes;
                    if (events > warmup) {
                        m.maxAfterWarmup = Math.max(m.maxAfterWarmup, nodes);
                    }
                }
                if (events % sampleEvery == 0) {
                    for (Tracked m : models) {
                        m.sample();
                    }
                }
            }
        }
        ExactProfile profile = exact.build();
        String profileName = mode == TraceOptions.LackeyMode.INSTR ? "instr" : "data";
        List<Result> out = new ArrayList<>();
        for (Tracked m : models) {
            m.input.flush();
            var hotRanges = HotRanges.find(m.model.tree(), hot);
            var acc = HotRangeAccuracy.measure(hotRanges, profile, keyBits);
            out.add(new Result(
                    trace,
                    profileName,
                    keyBits,
                    m.config,
                    events,
                    profile.distinctKeys(),
                    m.model.status(),
                    m.maxAfterWarmup,
                    events == 0 ? 0 : (double) m.nodeSum / events,
                    hotRanges.size(),
                    acc.averageError(),
                    acc.maxError(),
                    Arrays.copyOf(m.series, m.seriesLength)));
        }
        return out;
    }
}
