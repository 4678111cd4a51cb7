package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The SPEC §5 status values as live registers, and their snapshot copy that the CSRs read. Built in the
 * controller's module; the controller updates the live values, {@link #snapshot} copies all of them in one cycle.
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
    private final List<UInt> live;
    private final List<UInt> snap;

    StatusRegs(RapConfig c) {
        nodes = RegInit(U(1, c.nodeCountBits())).named("st_nodes");
        highWater = RegInit(U(1, c.nodeCountBits())).named("st_high_water");
        live = List.of(n, nodes, highWater, updates, splits, merges, mergeBatches, deferredSplits, saturations, overflow, saturated);
        String[] names = {"n", "nodes", "high_water", "updates", "splits", "merges", "merge_batches", "deferred_splits",
                "saturations", "overflow", "saturated"};
        snap = new java.util.ArrayList<>();
        for (int i = 0; i < live.size(); i++) {
            UInt l = live.get(i);
            snap.add(RegInit(U(i == 1 || i == 2 ? 1 : 0, l.getWidth())).named("snap_" + names[i]));
        }
    }

    void countSaturation() {
        saturations.connect(saturations.add(1));
        saturated.connect(B(true));
    }

    void snapshot(UInt zeroWeight) {
        for (int i = 0; i < live.size(); i++) snap.get(i).connect(live.get(i));
        snapZeroWeight.connect(zeroWeight);
    }

    /** Back to the state after reset: an empty tree holding only the root. */
    void clear() {
        for (UInt r : live) r.connect(U(0, r.getWidth()));
        nodes.connect(U(1, nodes.getWidth()));
        highWater.connect(U(1, highWater.getWidth()));
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
