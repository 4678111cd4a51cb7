package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rapgen.engines.rap.RapConfig;

/**
 * Every synthetic stream shape on every test configuration (both lookups; K = 32 and 64; b = 2, 4, 16; N = 16 to
 * 4096), with random
 * gaps in the stream, the engine's own backpressure, random status snapshots while the stream flows, and a full tree
 * readout in the middle and at the end: RTL and golden model must agree exactly every time.
 */
class RapStreamsCosimTest {
    private static final int BEATS = 3000;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        String[] configs = {"SMALL", "WIDE", "DEEP", "CLIP", "TRIE_SMALL", "TRIE_WIDE", "TRIE_DEEP", "TRIE_CLIP"};
        String[] shapes = {"uniform", "zipf", "onehot", "sweep", "distinct"};
        for (String c : configs) for (String s : shapes) out.add(Arguments.of(c, s));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void rtlMatchesGolden(String config, String shape) {
        RapConfig c = RapConfigs.byName(config);
        long seed = (config + shape).hashCode();
        RapStimulus s = RapStreams.of(keys(shape, c.keyBits(), seed), BEATS, c.weightField() ? 6 : 1, seed);
        s.at(BEATS / 2, RapStimulus.Action.CHECK_TREE);
        RapCosimReport r = RapCosim.run(c, s, RapCosim.Options.stress(seed));
        assertTrue(r.ok(), () -> config + " " + shape + ":\n" + String.join("\n", r.mismatches()));
        assertTrue(r.checks() >= 4, "expected mid-stream and final checks, made " + r.checks());
    }

    static LongSupplier keys(String shape, int keyBits, long seed) {
        return switch (shape) {
            case "uniform" -> RapStreams.uniform(keyBits, seed);
            case "zipf" -> RapStreams.zipf(keyBits, 300, seed);
            case "onehot" -> RapStreams.oneHot(keyBits, seed);
            case "sweep" -> RapStreams.sweep(keyBits, seed);
            case "distinct" -> RapStreams.distinct(keyBits, seed);
            default -> throw new IllegalArgumentException(shape);
        };
    }
}
