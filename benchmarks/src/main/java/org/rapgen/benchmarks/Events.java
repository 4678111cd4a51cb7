package org.rapgen.benchmarks;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Counts the events processed, so that JMH reports events per second (the {@code events} secondary result). */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class Events {
    public long events;
}
