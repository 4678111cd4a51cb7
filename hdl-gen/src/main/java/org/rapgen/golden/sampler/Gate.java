package org.rapgen.golden.sampler;

/**
 * A gate in front of a sampler: it decides, tuple by tuple, whether the rest of the composition sees the tuple at all
 * (docs/gates.md). A tuple a gate holds back changes no state behind it: no counter, no LFSR step, no A_k entry.
 */
public interface Gate {
    /** Whether the composition behind the gate sees this tuple; called once per tuple, in stream order. */
    boolean pass(long pc, long w);
}
