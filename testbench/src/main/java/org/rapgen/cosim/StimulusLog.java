package org.rapgen.cosim;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything that changed a Sim's state, in order: pokes, steps and batches. Peeks are
 * not recorded because they do not change state. Replaying the log into a fresh instance of
 * the same model reproduces the run exactly (Verilator is deterministic with the default
 * zero initialisation), which is how a failing test gets its waveform without paying for
 * tracing on every passing test.
 */
final class StimulusLog {
    private sealed interface Op permits Poke, Step, Batch {}

    private record Poke(int id, long[] words) implements Op {}

    private record Step(long n) implements Op {}

    private record Batch(int cycles, int[] inIds, long[] in, int[] outIds, int outLen) implements Op {}

    private final List<Op> ops = new ArrayList<>();

    void poke(int id, long[] words) {
        ops.add(new Poke(id, words.clone()));
    }

    void step(long n) {
        int last = ops.size() - 1;
        if (last >= 0 && ops.get(last) instanceof Step s) ops.set(last, new Step(s.n() + n)); // keep long runs compact
        else ops.add(new Step(n));
    }

    void batch(int cycles, int[] inIds, long[] in, int[] outIds, int outLen) {
        ops.add(new Batch(cycles, inIds.clone(), in.clone(), outIds.clone(), outLen));
    }

    /** Re-applies every operation to {@code target}, which must be a fresh instance of the same model. */
    void replay(Sim target) {
        for (Op op : ops) {
            if (op instanceof Poke p) target.pokeWords(p.id(), p.words());
            else if (op instanceof Step s) target.step(s.n());
            else if (op instanceof Batch b)
                target.runBatch(b.cycles(), b.inIds(), b.in(), b.outIds(), new long[b.outLen()]);
        }
    }
}
