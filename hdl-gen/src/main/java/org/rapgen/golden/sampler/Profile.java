package org.rapgen.golden.sampler;

import java.util.HashMap;
import java.util.Map;

/**
 * A value profile: counts per tuple (pc, w) and per pc. Built exactly from the tuple stream
 * (the paper's ideal profile, {@link #add(long, long, long)} with count 1 per tuple) or from a
 * sampler's messages (each message adds its count).
 */
public final class Profile implements MessageSink {
    /** A (pc, w) key. */
    public record Tuple(long pc, long w) {}

    private final Map<Tuple, long[]> byTuple = new HashMap<>();
    private final Map<Long, long[]> byPc = new HashMap<>();
    private long total;

    public void add(long pc, long w, long count) {
        byTuple.computeIfAbsent(new Tuple(pc, w), k -> new long[1])[0] += count;
        byPc.computeIfAbsent(pc, k -> new long[1])[0] += count;
        total += count;
    }

    @Override
    public void message(long pc, long w, long count) {
        add(pc, w, count);
    }

    public long count(long pc, long w) {
        long[] c = byTuple.get(new Tuple(pc, w));
        return c == null ? 0 : c[0];
    }

    public long pcCount(long pc) {
        long[] c = byPc.get(pc);
        return c == null ? 0 : c[0];
    }

    public long total() {
        return total;
    }

    /** Tuples and their counts (read-only view semantics: do not modify the arrays). */
    public Map<Tuple, long[]> tuples() {
        return byTuple;
    }
}
