package org.rapgen.trace;

/** Receives sampler tuples as primitive longs; no boxing per tuple. */
@FunctionalInterface
public interface TupleVisitor {
    void tuple(long pc, long w);
}
