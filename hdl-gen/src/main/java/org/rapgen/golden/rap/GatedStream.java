package org.rapgen.golden.rap;

import org.rapgen.golden.sampler.GateChain;

/**
 * The RAP engine's stream input with gates in front of the event queue (docs/gates.md, "Gates in front of RAP"): beats
 * (key, weight, tlast) in, in stream order; the events the gates pass out to {@code sink} (a {@link CombiningQueue} in
 * front of a {@link HardwareRap}, or a {@link RapProfiler}'s input).
 *
 * <ul>
 *   <li>Every beat is judged, with its key as the pc: a gate counts beats, whatever their weight, and a passed event
 *       keeps its weight. A beat of weight 0 is judged too (it steps a burst gate and counts in a phase signature),
 *       then dropped and counted, as without gates.
 *   <li>An event a gate holds back reaches nothing behind the gates: no combining, no update, no n.
 *   <li>tlast flushes the queue whether or not its beat passed, so the end of a frame still releases a pending
 *       combined event.
 * </ul>
 *
 * With {@code gates == null} every beat with a weight passes: the engine without gates.
 */
public final class GatedStream {
    private final GateChain gates;
    private final EventSink sink;
    private long zeroWeight;
    private long held;

    public GatedStream(GateChain gates, EventSink sink) {
        this.gates = gates;
        this.sink = sink;
    }

    /** One beat of the stream. */
    public void beat(long key, long weight, boolean last) {
        boolean pass = gates == null || gates.pass(key, weight);
        if (weight == 0) {
            zeroWeight++;
        } else if (pass) {
            sink.accept(key, weight);
        } else {
            held++;
        }
        if (last) sink.flush();
    }

    /** Beats of weight 0 (dropped whether or not they passed). */
    public long zeroWeight() {
        return zeroWeight;
    }

    /** Events (beats with a weight) a gate held back. */
    public long held() {
        return held;
    }
}
