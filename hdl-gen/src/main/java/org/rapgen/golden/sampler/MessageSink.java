package org.rapgen.golden.sampler;

/** Receives the messages {@code <pc, w, count>} a sampler emits, in emission order. */
@FunctionalInterface
public interface MessageSink {
    void message(long pc, long w, long count);

    /**
     * A value hotlist's message: {@code count} kept with probability {@code 2^-level}. A sink that does not keep
     * levels receives the tuples it stands for ({@link Message#estimate(long, int)}).
     */
    default void message(long pc, long w, long count, int level) {
        message(pc, w, Message.estimate(count, level));
    }
}
