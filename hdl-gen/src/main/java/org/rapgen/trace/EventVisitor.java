package org.rapgen.trace;

/** Receives events as primitive longs; no boxing per event. */
@FunctionalInterface
public interface EventVisitor {
    void event(long key, long weight);
}
