package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The SPEC §5 status values as live registers, and their snapshot copy that the CSRs read. Built in the
 * controller's module. The controller only raises event wires ({@link #commit}, {@link #split}, ...) from whichever
 * state sees the event; each register has exactly one update, here, so a 64-bit counter costs one adder and no
 * multiplexer per state that counts into it.
 */
final class StatusRegs {
    final UInt n = RegInit(U(0, 64)).named("st_n");
    final UInt nodes;
    final UInt highWater;
    final UInt updates = RegInit(U(0, 64)).named("st_updates");
    final UInt splits = RegInit(U(0, 64)).named("st_splits");
    final UInt merges = RegInit(U(0, 64)).named("st_merges");
    final UInt mergeBatches = RegInit(U(0, 64)).named("st_merge_batches");
    final UInt deferredSplits = RegInit(U(0, 64)).named("st_deferred_splits");
    final UInt saturations = RegInit(U(0, 64)).named("st_saturations");
    final Bool overflow = RegInit(B(false)).named("st_overflow");
    final Bool saturated = RegInit(B(false)).named("st_saturated");
    final UInt snapZeroWeight = RegInit(U(0, 64)).named("snap_zero_weight");

    /** An event committed with weight {@link #weight}. */
    final Bool commit = WireDefault(Bool(), B(false)).named("ev_commit");
    final UInt weight;
    /** A counter write clipped. */
    final Bool saturation = WireDefault(Bool(), B(false)).named("ev_saturation");
    /** A split completed (its children are allocated). */
    final Bool split = WireDefault(Bool(), B(false)).named("ev_split");
    /** One child allocated. */
    final Bool allocated = WireDefault(Bool(), B(false)).named("ev_allocated");
    /** A merge batch ended (walked or known empty). */
    final Bool batch = WireDefault(Bool(), B(false)).named("ev_batch");
    /** A split attempt was deferred. */
    final Bool deferred = WireDefault(Bool(), B(false)).named("ev_deferred");
    /** Nodes removed by a merge this cycle. */
    final UInt removed;
    final Bool clear = WireDefault(Bool(), B(false)).named("ev_clear");
    final Bool snapshot = WireDefault(Bool(), B(false)).named("ev_snapshot");

    private final List<UInt> live;
    private final List<UInt> snap = new ArrayList<>();

    StatusRegs(RapConfig c, UInt zeroWeight) {
        nodes = RegInit(U(1, c.nodeCountBits())).named("st_nodes");
        highWater = RegInit(U(1, c.nodeCountBits())).named("st_high_water");
        weight = WireDefault(UInt(c.weightBits()), U(0, c.weightBits())).named("ev_weight");
        removed = WireDefault(UInt(c.childCountBits()), U(0, c.childCountBits())).named("ev_removed");
        live = List.of(n, nodes, highWater, updates, splits, merges, mergeBatches, deferredSplits, saturations, overflow, saturated);
        String[] names = {"n", "nodes", "high_water", "updates", "splits", "merges", "merge_batches", "deferred_splits",
                "saturations", "overflow", "saturated"};
        for (int i = 0; i < live.size(); i++) {
            UInt l = live.get(i);
            UInt s = RegInit(U(i == 1 || i == 2 ? 1 : 0, l.getWidth())).named("snap_" + names[i]);
            when(snapshot, () -> s.connect(l));
            snap.add(s);
        }
        when(snapshot, () -> snapZeroWeight.connect(zeroWeight));

        int nb = c.nodeCountBits();
        when(clear, () -> {
            for (UInt r : live) r.connect(U(0, r.getWidth()));
            nodes.connect(U(1, nb));
            highWater.connect(U(1, nb));
        }).otherwise(() -> {
            when(commit, () -> {
                n.connect(n.add(weight.pad(64)));
                updates.connect(updates.add(1));
            });
            when(saturation, () -> {
                saturations.connect(saturations.add(1));
                saturated.connect(B(true));
            });
            when(split, () -> {
                splits.connect(splits.add(1));
                when(nodes.gt(highWater), () -> highWater.connect(nodes));
            });
            when(batch, () -> mergeBatches.connect(mergeBatches.add(1)));
            when(deferred, () -> {
                deferredSplits.connect(deferredSplits.add(1));
                overflow.connect(B(true));
            });
            merges.connect(merges.add(removed.pad(64)));
            nodes.connect(nodes.add(allocated.pad(nb)).sub(removed.pad(nb)));
        });
    }

    void drive(ControllerIO.Status liveOut, ControllerIO.Status snapOut) {
        connect(liveOut, live);
        connect(snapOut, snap);
    }

    private static void connect(ControllerIO.Status s, List<UInt> v) {
        List<UInt> ports = List.of(s.n, s.nodes, s.highWater, s.updates, s.splits, s.merges, s.mergeBatches, s.deferredSplits,
                s.saturations, s.overflow, s.saturated);
        for (int i = 0; i < ports.size(); i++) ports.get(i).connect(v.get(i));
    }
}
