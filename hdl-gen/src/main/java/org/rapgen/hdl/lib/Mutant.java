package org.rapgen.hdl.lib;

/**
 * A deliberate bug a block can be elaborated with, so its formal proof is shown to fail on it (a proof that cannot
 * fail proves nothing). Package-private: only {@link FormalTargets} builds mutants; users never see these.
 */
enum Mutant {
    NONE,
    /** Fifo: "full" is raised one word late, so a word is written over one not yet read. */
    FIFO_FULL_LATE,
    /** Arbiter: the right half of each node is granted without looking at the left, so two inputs can be granted. */
    ARBITER_GRANT_UNMASKED,
    /** PrefixSelector: the lowest matching slot wins instead of the longest. */
    SELECTOR_FIRST_MATCH,
    /** Lfsr: one feedback tap dropped, so the sequence is no longer maximal. */
    LFSR_TAP_DROPPED,
    /** RmwMemory: no forwarding; a command right behind one on the same word reads the stale word. */
    RMW_NO_FORWARD,
    /** SkidBuffer: ready ignores the skid register, so a word waiting there is overwritten. */
    SKID_READY_ALWAYS
}
