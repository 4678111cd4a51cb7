package org.rapgen.cosim.blocks;

/**
 * Reference for {@code PrefixSelector(entries, lenBits, payloadBits, levelsPerStage)}, written from SPEC §5 stage 2
 * and interfaces.md #2: among the matching slots the greatest len wins, ties to the lowest slot; nothing matching
 * gives found = 0, slot = 0, len = 0 (the documented choice); the answer appears ceil(log2(entries) / levelsPerStage)
 * cycles after acceptance through a global-stall pipeline.
 */
final class PrefixSelectorRef {
    record Result(boolean found, int slot, int len, long payload) {}

    private final StallPipeRef<Result> pipe;

    PrefixSelectorRef(int entries, int levelsPerStage) {
        int levels = 32 - Integer.numberOfLeadingZeros(entries - 1); // ceil(log2(entries)) for entries >= 2
        pipe = new StallPipeRef<>((levels + levelsPerStage - 1) / levelsPerStage);
    }

    /** A linear scan: the first slot reaching the maximum len among matching slots. */
    static Result select(boolean[] match, int[] lens, long payload) {
        int best = -1;
        for (int i = 0; i < match.length; i++) if (match[i] && (best < 0 || lens[i] > lens[best])) best = i;
        return best < 0 ? new Result(false, 0, 0, payload) : new Result(true, best, lens[best], payload);
    }

    Result out() {
        return pipe.out();
    }

    boolean inReady(boolean outReady) {
        return pipe.inReady(outReady);
    }

    boolean empty() {
        return pipe.empty();
    }

    void clock(boolean reset, Result inIfValid, boolean outReady) {
        pipe.clock(reset, inIfValid, outReady);
    }
}
