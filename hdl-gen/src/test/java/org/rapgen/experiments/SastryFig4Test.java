package org.rapgen.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rapgen.golden.sampler.SamplerSpec;

class SastryFig4Test {

    private static List<SamplerSpec> specs(String... s) {
        List<SamplerSpec> out = new ArrayList<>();
        for (String x : s) {
            out.add(SamplerSpec.parse(x));
        }
        return out;
    }

    @Test
    void resultsDoNotDependOnTheNumberOfThreads() throws Exception {
        List<SamplerSpec> samplers = specs("R10", "P10", "H[CR10]4");
        List<Integer> grid = List.of(1000, 2000);
        double[][][] one = SastryFig4.run(grid, 120, 42, samplers, 1);
        double[][][] two = SastryFig4.run(grid, 120, 42, samplers, 2);
        for (int p = 0; p < grid.size(); p++) {
            for (int t = 0; t < 120; t++) {
                assertArrayEquals(one[p][t], two[p][t], 0.0);
            }
        }
    }

    /**
     * The golden samplers, driven as in Fig. 4, must agree with the hand-derived normal approximation of
     * {@link Fig4Theory}, an independent model of the same experiment (within 10% of the predicted mean error;
     * the Monte Carlo's own standard error here is about 3%).
     */
    @Test
    void monteCarloAgreesWithTheNormalApproximation() throws Exception {
        List<SamplerSpec> samplers = specs("R10", "P10", "CR10", "H[P10]4", "H[CR10]4");
        List<String> curves = Fig4Trial.curves(samplers);
        assertEquals(List.of("R10", "P10", "CR10", "H[P10]4", "H[CR10]4", "CR10 ratio", "H[CR10]4 ratio"), curves);
        int events = 10_000;
        int trials = 600;
        double[][][] err = SastryFig4.run(List.of(events), trials, 7, samplers, 2);
        for (int c = 0; c < curves.size(); c++) {
            double sum = 0;
            for (double[] trial : err[0]) {
                sum += trial[c];
            }
            double mean = sum / trials;
            int strata = curves.get(c).contains("]4") ? 4 : 1;
            double predicted = Fig4Theory.meanError(curves.get(c), strata, 10, events);
            assertEquals(
                    predicted,
                    mean,
                    0.10 * predicted,
                    curves.get(c) + ": Monte Carlo " + mean + "% vs predicted " + predicted + "%");
        }
    }
}
