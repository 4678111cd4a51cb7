package org.rapgen.experiments;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.SamplerConfig;
import org.rapgen.golden.sampler.SamplerSpec;
import org.rapgen.golden.sampler.StratifiedSampler;

/**
 * One Monte Carlo experiment of Sastry et al. §3.3 (their Fig. 4), run through the golden sampler models.
 *
 * <p>The paper: "We generated the input stream by randomly permuting a sequence of N tuples containing t copies of the
 * tuple p (t = 0.3N). [...] For each sampler without a counter, if the output stream contains i copies of tuple p,
 * then t is estimated to be EST = ir. For each sampler with a counter, t is estimated to be the sum of count's from
 * all messages that contain the tuple p. We plot the error in the estimate ERR = |100(t - EST)/EST|."
 *
 * <p>The paper does not say what the other N - t tuples are. Here each is a fresh uniformly random 32-bit
 * {@code <pc, w>} pair (so, in effect, all distinct), and p itself is random, so its stratum changes from experiment
 * to experiment. Every sampler sees the same stream; each gets its own LFSR seed. Since P, R and CR messages carry
 * their count (r, r, or the stratum's events since its last message), the paper's EST is the sum of the counts of
 * p's messages for all six samplers.
 *
 * <p>For the samplers with a counter a second estimate is reported, which uses the counter the way §3.1 argues
 * ("CR_r has access to the same information as P"): the exact number of events of p's stratum (the counts of all its
 * messages plus what its counter still holds) times the fraction of the stratum's messages that carry p.
 */
final class Fig4Trial {
    private Fig4Trial() {}

    /** The curve names {@link #run} reports, in order: each spec, then "spec ratio" for each sampler with a counter. */
    static List<String> curves(List<SamplerSpec> samplers) {
        List<String> out = new ArrayList<>();
        for (SamplerSpec s : samplers) {
            out.add(s.canonical());
        }
        for (SamplerSpec s : samplers) {
            if (s.kind == StratifiedSampler.Kind.CR) {
                out.add(s.canonical() + " ratio");
            }
        }
        return out;
    }

    /** What one sampler emitted about p and p's stratum. */
    private static final class Tally {
        long hotCount;
        long hotMessages;
        long stratumCount;
        long stratumMessages;
    }

    /**
     * Runs one experiment.
     *
     * @param events   N, the stream length
     * @param copies   t, how many of the N tuples are p
     * @param seed     this experiment's seed
     * @param samplers R, P, CR or H[...] compositions (no A_k, no tagged compressor), 32-bit tuples
     * @return ERR in percent per curve of {@link #curves}; NaN where EST = 0 (ERR undefined)
     */
    static double[] run(int events, int copies, long seed, List<SamplerSpec> samplers) {
        SplitMix64 rng = new SplitMix64(seed);
        long hotPc = rng.nextU32();
        long hotW = rng.nextU32();
        long[] pc = new long[events];
        long[] w = new long[events];
        for (int i = 0; i < events; i++) {
            if (i < copies) {
                pc[i] = hotPc;
                w[i] = hotW;
            } else {
                do {
                    pc[i] = rng.nextU32();
                    w[i] = rng.nextU32();
                } while (pc[i] == hotPc && w[i] == hotW);
            }
        }
        shuffle(pc, w, rng);

        double[] err = new double[samplers.size()];
        List<Double> ratio = new ArrayList<>();
        for (int s = 0; s < samplers.size(); s++) {
            SamplerSpec spec = samplers.get(s);
            Tally tally = new Tally();
            SamplerConfig cfg = SamplerConfig.of(32).withLfsrSeed(rng.nextNonZeroInt());
            StratifiedSampler[] self = new StratifiedSampler[1];
            self[0] = new StratifiedSampler(spec.kind, spec.rate, spec.strata, cfg, (mpc, mw, count) -> {
                if (self[0].stratum(mpc, mw) == self[0].stratum(hotPc, hotW)) {
                    tally.stratumCount += count;
                    tally.stratumMessages++;
                    if (mpc == hotPc && mw == hotW) {
                        tally.hotCount += count;
                        tally.hotMessages++;
                    }
                }
            });
            StratifiedSampler sampler = self[0];
            for (int i = 0; i < events; i++) {
                sampler.push(pc[i], w[i]);
            }
            sampler.finish();
            err[s] = error(copies, tally.hotCount);
            if (spec.kind == StratifiedSampler.Kind.CR) {
                long stratumEvents = tally.stratumCount + sampler.counter(sampler.stratum(hotPc, hotW));
                ratio.add(
                        tally.stratumMessages == 0
                                ? Double.NaN
                                : error(copies, (double) stratumEvents * tally.hotMessages / tally.stratumMessages));
            }
        }
        double[] out = new double[err.length + ratio.size()];
        System.arraycopy(err, 0, out, 0, err.length);
        for (int i = 0; i < ratio.size(); i++) {
            out[err.length + i] = ratio.get(i);
        }
        return out;
    }

    /** The paper's ERR = |100 (t - EST) / EST|, NaN for EST = 0. */
    private static double error(int t, double est) {
        return est == 0 ? Double.NaN : Math.abs(100.0 * (t - est) / est);
    }

    /** Fisher-Yates over the two parallel arrays. */
    private static void shuffle(long[] a, long[] b, SplitMix64 rng) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            long ta = a[i];
            a[i] = a[j];
            a[j] = ta;
            long tb = b[i];
            b[i] = b[j];
            b[j] = tb;
        }
    }
}
