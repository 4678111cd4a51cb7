package org.rapgen.benchmarks;

import java.util.concurrent.TimeUnit;
import org.apache.datasketches.frequencies.LongsSketch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.sampler.Sampler;
import org.rapgen.golden.sampler.SamplerConfig;

/**
 * The golden model of one default design's own configuration on one core, beside Apache DataSketches' frequent-items
 * {@link LongsSketch} on the same records in the same run (docs/performance.md; {@code org.rapgen.bench.DesignJmh}
 * runs it with the configuration and trace as parameters). Each invocation processes the whole pre-loaded trace with
 * a fresh model, and {@link Events} turns that into records (events or tuples) per second.
 *
 * <ul>
 *   <li>{@code rap}: the hardware-exact model at the configuration's N, counter width, eps, M0 and Q, behind the
 *       event queue as configured (combining or plain, W-bit weights), as {@code ./rapgen cosim} runs it.</li>
 *   <li>{@code sampler}: the golden model of the configuration's composition, hash and LFSR seeds and counter widths,
 *       finished at the end of the trace as TLAST does.</li>
 * </ul>
 * The sketch gets as many counters as the design has (its map keeps up to 3/4 of {@link #sketchMapSize} as counters,
 * as in {@link ProfileThroughput}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DesignThroughput {
    @Benchmark
    public long golden(DesignStream d, Events ev) {
        ev.events += d.a.length;
        return d.rap != null ? rap(d.rap, d.a) : sampler(d.sampler, d.a, d.b);
    }

    @Benchmark
    public long dataSketches(DesignStream d, Events ev) {
        LongsSketch s = new LongsSketch(d.rap != null ? sketchMapSize(d.rap) : sketchMapSize(d.sampler));
        if (d.rap != null) {
            for (long k : d.a) s.update(k);
        } else {
            int bits = d.sampler.keyBits();
            for (int i = 0; i < d.a.length; i++) s.update(pair(d.a[i], d.b[i], bits));
        }
        ev.events += d.a.length;
        return s.getStreamLength() + s.getNumActiveItems();
    }

    private static long rap(RapConfig c, long[] keys) {
        HardwareRap m = new HardwareRap(
                new RapParams(c.keyBits(), c.bitsPerLevel(), c.epsFx(), c.m0(), c.q()), c.nodes(), c.counterBits());
        CombiningQueue q = new CombiningQueue(m, c.combine(), c.weightBits());
        for (long k : keys) q.accept(k, 1);
        q.flush();
        return m.n() + m.currentNodes();
    }

    private static long sampler(SamplerParams p, long[] pc, long[] w) {
        long[] counted = new long[1];
        Sampler s = p.spec()
                .build(
                        new SamplerConfig(p.keyBits(), p.hashSeed(), p.lfsrSeed(), p.counterBits(), p.assocCountBits()),
                        (mpc, mw, count) -> counted[0] += count);
        for (int i = 0; i < pc.length; i++) s.push(pc[i], w[i]);
        s.finish();
        return counted[0] + s.pending();
    }

    /** A (pc, w) tuple as one sketch key: exact when both fit 32 bits, else a 64-bit mix (collisions unlikely, not excluded). */
    static long pair(long pc, long w, int keyBits) {
        return keyBits <= 32 ? pc << 32 | w : pc * 0x9E3779B97F4A7C15L ^ w;
    }

    /** N node slots, rounded up to a power of two (LongsSketch's map size). */
    public static int sketchMapSize(RapConfig c) {
        return powerOfTwo(c.nodes());
    }

    /** The composition's first-level counters (its strata, or the A_k's entries alone), rounded up to a power of two. */
    public static int sketchMapSize(SamplerParams p) {
        return powerOfTwo(Math.max(p.spec().strata, p.spec().assoc));
    }

    private static int powerOfTwo(int n) {
        return Math.max(8, Integer.highestOneBit(Math.max(1, n - 1)) << 1);
    }
}
