package org.rapgen.cosim.rap;

import java.util.ArrayDeque;
import java.util.List;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.EventSink;
import org.rapgen.golden.rap.GatedStream;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapNode;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapStatus;
import org.rapgen.golden.rap.RapTree;
import org.rapgen.golden.sampler.GateChain;

/**
 * The hardware-exact golden model fed the same beats as the RTL, in the order the RTL accepted them. Events leaving
 * the golden combining queue wait in a list until the RTL is known to have committed them ({@link #advanceTo}), so
 * the model can be compared with an RTL snapshot taken after any number of events. A beat of weight 0 is dropped and
 * counted, as the RTL does; its tlast still flushes. With gates ({@code RapConfig.gates()}) the beats go through
 * their golden model ({@link GatedStream}) first; the gates keep their state across a soft reset, as the RTL's do.
 */
final class GoldenRap {
    private final RapConfig c;
    private RapParams params;
    private final ArrayDeque<long[]> released = new ArrayDeque<>();
    private HardwareRap model;
    private CombiningQueue queue;
    private GatedStream stream;
    private long releasedTotal;
    /** The gates (null without): one chain for the whole run, since a soft reset does not reset them. */
    private final GateChain gates;

    GoldenRap(RapConfig c) {
        this.c = c;
        this.params = new RapParams(c.keyBits(), c.bitsPerLevel(), c.epsFx(), c.m0(), c.q());
        this.gates = c.gates().any() ? c.gates().golden(c.keyBits()) : null;
        fresh();
    }

    private void fresh() {
        model = new HardwareRap(params, c.nodes(), c.counterBits());
        EventSink sink = (key, weight) -> {
            released.add(new long[] {key, weight});
            releasedTotal++;
        };
        queue = new CombiningQueue(sink, c.combine(), c.weightBits());
        stream = new GatedStream(gates, queue);
    }

    void beat(long key, long weight, boolean last) {
        stream.beat(key, weight, last);
    }

    void flush() {
        queue.flush();
    }

    /** The old profile takes every accepted beat, as if the last had tlast; then everything starts again. */
    void softReset() {
        softReset(params);
    }

    /** A soft reset that also loads new EPS, M0 and Q. */
    void softReset(RapParams next) {
        queue.flush();
        while (!released.isEmpty()) apply();
        params = next;
        fresh();
    }

    /** Applies released events until the model has processed {@code updates} of them. */
    void advanceTo(long updates) {
        while (model.status().updates() < updates) {
            if (released.isEmpty()) {
                throw new IllegalStateException("RTL reports " + updates + " updates, golden has only "
                        + model.status().updates() + " events out of its queue");
            }
            apply();
        }
    }

    void finish() {
        while (!released.isEmpty()) apply();
    }

    private void apply() {
        long[] e = released.poll();
        model.accept(e[0], e[1]);
    }

    /** Events out of the golden queue since the start, across soft resets (what the RTL must commit). */
    long releasedTotal() {
        return releasedTotal;
    }

    long zeroWeight() {
        return stream.zeroWeight();
    }

    RapStatus status() {
        return model.status();
    }

    List<RapNode> nodes() {
        return model.snapshot();
    }

    RapTree tree() {
        return model.tree();
    }

    RapParams params() {
        return params;
    }
}
