package org.rapgen.golden.sampler;

/** Receives the messages {@code <pc, w, count>} a sampler emits, in emission order. */
@FunctionalInterface
public interface MessageSink {
    void message(long pc, long w, long count);
}
