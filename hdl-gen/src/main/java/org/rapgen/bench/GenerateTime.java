package org.rapgen.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapEngine;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.lib.Arbiter;
import org.rapgen.hdl.lib.Fifo;

/**
 * Time to elaborate and emit a 4096-input arbiter and a 4096-deep FIFO, and the RAP engines rap_n4096_k32 and
 * rap_n128_k32, after the JVM has started: the first run
 * (cold: class loading, JIT warm-up) and the median of the next runs. A 64-input arbiter is the in-run baseline.
 */
public final class GenerateTime {
    private GenerateTime() {}

    public static void main(String[] args) {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        VerilogEmitter emitter = new VerilogEmitter(Version.get());
        report(
                "arbiter n=4096 w=32 + fifo w=32 d=4096",
                emitter,
                reps,
                () -> new Arbiter(4096, 32),
                () -> new Fifo(32, 4096));
        report("baseline: arbiter n=64 w=32", emitter, reps, () -> new Arbiter(64, 32));
        RapConfig trie = RapConfig.of(32, 4096).withQueue(4096, false).withLookup(RapConfig.Lookup.TRIE);
        report("rap_n4096_k32 (trie lookup)", emitter, reps, () -> new RapEngine(trie));
        report("rap_n128_k32 (TCAM lookup)", emitter, reps, () -> new RapEngine(RapConfig.of(32, 128)));
    }

    @SafeVarargs
    private static void report(String what, VerilogEmitter emitter, int reps, Supplier<Module>... tops) {
        List<Double> ms = new ArrayList<>();
        long lines = 0;
        for (int r = 0; r <= reps; r++) {
            long t0 = System.nanoTime();
            lines = 0;
            for (Supplier<Module> top : tops) {
                for (String text : emitter.emit(Elaborator.elaborate(top)).values())
                    lines += text.lines().count();
            }
            ms.add((System.nanoTime() - t0) / 1e6);
        }
        double cold = ms.get(0);
        List<Double> warm = new ArrayList<>(ms.subList(1, ms.size()));
        Collections.sort(warm);
        System.out.printf(
                "%-42s cold %7.0f ms   warm median %7.0f ms   (%d lines of Verilog)%n",
                what, cold, warm.get(warm.size() / 2), lines);
    }
}
