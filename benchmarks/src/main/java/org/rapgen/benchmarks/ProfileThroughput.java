package org.rapgen.benchmarks;

import java.util.concurrent.TimeUnit;
import org.apache.datasketches.frequencies.LongsSketch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.EventSink;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapModel;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.UnboundedRap;

/**
 * Profiling throughput on one core: each invocation profiles the whole pre-loaded trace with a fresh model, and
 * {@link Events} turns that into events per second. The baseline is Apache DataSketches' {@link LongsSketch}
 * (frequent items) on the same keys in the same run; {@code bench/jmh.sh} prints every result as a ratio to it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class ProfileThroughput {
    /** RAP's eps; 1% is the paper's finer setting. */
    @Param({"0.01"})
    public double eps;

    /** The hardware-exact model's node slots N (4096: the TCAM lookup's largest and the paper's TCAM). */
    @Param({"4096"})
    public int nodes;

    /** DataSketches' map size (a power of two); it keeps up to 3/4 of it as counters, like N counters. */
    @Param({"4096"})
    public int sketchMapSize;

    private RapParams params(TraceKeys t) {
        return RapParams.ofEps(t.keyBits, 4, eps);
    }

    private static long profile(long[] keys, RapModel model, EventSink input, Events ev) {
        for (long k : keys) {
            input.accept(k, 1);
        }
        input.flush();
        ev.events += keys.length;
        return model.n() + model.currentNodes();
    }

    @Benchmark
    public long rapUnbounded(TraceKeys t, Events ev) {
        RapModel m = new UnboundedRap(params(t));
        return profile(t.keys, m, m, ev);
    }

    @Benchmark
    public long rapUnboundedCombining(TraceKeys t, Events ev) {
        RapModel m = new UnboundedRap(params(t));
        return profile(t.keys, m, new CombiningQueue(m), ev);
    }

    @Benchmark
    public long rapHardware(TraceKeys t, Events ev) {
        RapModel m = new HardwareRap(params(t), nodes, 32);
        return profile(t.keys, m, m, ev);
    }

    @Benchmark
    public long rapHardwareCombining(TraceKeys t, Events ev) {
        RapModel m = new HardwareRap(params(t), nodes, 32);
        return profile(t.keys, m, new CombiningQueue(m), ev);
    }

    @Benchmark
    public long dataSketchesBaseline(TraceKeys t, Events ev) {
        LongsSketch s = new LongsSketch(sketchMapSize);
        for (long k : t.keys) {
            s.update(k);
        }
        ev.events += t.keys.length;
        return s.getStreamLength() + s.getNumActiveItems();
    }
}
