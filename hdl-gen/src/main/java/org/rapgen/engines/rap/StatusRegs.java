package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The SPEC §5 status values as live registers, built in the controller's module. The snapshot the CSRs read is not
 * here: {@link CsrFile} copies these values into block RAM while the controller holds them still. The controller only
 * raises event wires ({@link #commit}, {@link #split}, ...) from whichever state sees the event; each register has
 * exactly one update, here, so a 64-bit counter costs one adder and no multiplexer per state that counts into it.
 */
final class StatusRegs {
    final UInt n = RegInit(U(0, 64)).named("st_n");
    final UInt nodes;
    final UInt highWater;
    /** With unit weights every update adds 1 to n as well, so UPDATES is n itself (one counter, not two). */
    final UInt updates;
    final UInt splits = RegInit(U(0, 64)).named("st_splits");
    final UInt merges = RegInit(U(0, 64)).named("st_merges");
    final UInt mergeBatches = RegInit(U(0, 64)).named("st_merge_batches");
    final UInt deferredSplits = RegInit(U(0, 64)).named("st_deferred_splits");
    final UInt saturations = RegInit(U(0, 64)).named("st_saturations");
    final Bool overflow = RegInit(B(false)).named("st_overflow");
    final Bool saturated = RegInit(B(false)).named("st_saturated");

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

    private final List<UInt> live;
    /** A counted event of the previous clock is not in the 64-bit counters yet. */
    final Bool pending;

    StatusRegs(RapConfig c) {
        updates = c.unitWeights() ? n : RegInit(U(0, 64)).named("st_updates");
        nodes = RegInit(U(1, c.nodeCountBits())).named("st_nodes");
        highWater = RegInit(U(1, c.nodeCountBits())).named("st_high_water");
        weight = WireDefault(UInt(c.weightBits()), U(0, c.weightBits())).named("ev_weight");
        removed = WireDefault(UInt(c.childCountBits()), U(0, c.childCountBits())).named("ev_removed");
        live = List.of(n, nodes, highWater, updates, splits, merges, mergeBatches, deferredSplits, saturations, overflow, saturated);

        // The 64-bit counters count the events of the previous clock: their carry chains then start at flip-flops,
        // not at the end of the controller's decisions. The narrow node counts stay immediate (a split reads them).
        UInt delayedWeight = RegNext(weight, U(0, c.weightBits())).named("ev_weight_q");
        Bool delayedCommit = RegNext(commit, B(false)).named("ev_commit_q");
        Bool delayedSaturation = RegNext(saturation, B(false)).named("ev_saturation_q");
        Bool delayedSplit = RegNext(split, B(false)).named("ev_split_q");
        Bool delayedBatch = RegNext(batch, B(false)).named("ev_batch_q");
        Bool delayedDeferred = RegNext(deferred, B(false)).named("ev_deferred_q");
        UInt delayedRemoved = RegNext(removed, U(0, c.childCountBits())).named("ev_removed_q");
        pending = delayedCommit.or(delayedSaturation).or(delayedSplit).or(delayedBatch).or(delayedDeferred)
                .or(delayedRemoved.orR()).named("ev_pending");

        int nb = c.nodeCountBits();
        when(clear, () -> {
            for (UInt r : live) r.connect(U(0, r.getWidth()));
            nodes.connect(U(1, nb));
            highWater.connect(U(1, nb));
        }).otherwise(() -> {
            when(delayedCommit, () -> {
                n.connect(n.add(delayedWeight.pad(64)));
                updates.connect(updates.add(1));
            });
            when(delayedSaturation, () -> saturations.connect(saturations.add(1)));
            when(saturation, () -> saturated.connect(B(true)));
            when(delayedSplit, () -> splits.connect(splits.add(1)));
            when(split, () -> when(nodes.gt(highWater), () -> highWater.connect(nodes)));
            when(delayedBatch, () -> mergeBatches.connect(mergeBatches.add(1)));
            when(delayedDeferred, () -> deferredSplits.connect(deferredSplits.add(1)));
            when(deferred, () -> overflow.connect(B(true)));
            merges.connect(merges.add(delayedRemoved.pad(64)));
            nodes.connect(nodes.add(allocated.pad(nb)).sub(removed.pad(nb)));
        });
    }

    /** Some status value changes on this clock edge. */
    Bool changing() {
        return commit.or(saturation).or(split).or(allocated).or(batch).or(deferred).or(clear).or(removed.orR()).or(pending);
    }

    void drive(ControllerIO.Status s) {
        List<UInt> ports = List.of(s.n, s.nodes, s.highWater, s.updates, s.splits, s.merges, s.mergeBatches, s.deferredSplits,
                s.saturations, s.overflow, s.saturated);
        for (int i = 0; i < ports.size(); i++) ports.get(i).connect(live.get(i));
    }
}
