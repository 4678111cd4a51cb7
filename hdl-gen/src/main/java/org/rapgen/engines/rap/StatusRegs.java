package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.List;
import java.util.stream.Stream;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The SPEC §5 status values as live registers, built in the controller's module. The snapshot the CSRs read is not
 * here: {@link CsrFile} copies these values into block RAM while the controller holds them still. The controller only
 * raises event wires ({@link #commit}, {@link #split}, ...) from whichever state sees the event; each register has
 * exactly one update, here, so a 64-bit counter costs one adder and no multiplexer per state that counts into it.
 */
final class StatusRegs {
    private static final int LOW_BITS = 32;
    private final SplitCounter nCount = new SplitCounter("st_n", 64, LOW_BITS);
    private final SplitCounter updatesCount;
    private final SplitCounter splitCount = new SplitCounter("st_splits", 64, LOW_BITS);
    private final SplitCounter mergeCount = new SplitCounter("st_merges", 64, LOW_BITS);
    private final SplitCounter batchCount = new SplitCounter("st_merge_batches", 64, LOW_BITS);
    private final SplitCounter deferredCount = new SplitCounter("st_deferred_splits", 64, LOW_BITS);
    private final SplitCounter saturationCount = new SplitCounter("st_saturations", 64, LOW_BITS);
    final UInt n = nCount.value();
    final UInt nodes;
    final UInt highWater;
    /** With unit weights every update adds 1 to n as well, so UPDATES is n itself (one counter, not two). */
    final UInt updates;
    final UInt splits = splitCount.value();
    final UInt merges = mergeCount.value();
    final UInt mergeBatches = batchCount.value();
    final UInt deferredSplits = deferredCount.value();
    final UInt saturations = saturationCount.value();
    final Bool overflow = RegInit(B(false)).named("st_overflow");
    final Bool saturated = RegInit(B(false)).named("st_saturated");

    /** An event committed with weight {@link #weight}. */
    final Bool commit = WireDefault(Bool(), B(false)).named("ev_commit");
    final UInt weight;
    /** A counter write clipped. */
    final Bool saturation = WireDefault(Bool(), B(false)).named("ev_saturation");
    /** A split completed: its last child is allocated on this clock. */
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
    /** n does not change on this clock edge. */
    final Bool nSteady;
    /** A counted event of the previous clock, or a carry between the halves of a counter, is not in the values yet. */
    final Bool pending;

    StatusRegs(RapConfig c) {
        updatesCount = c.unitWeights() ? nCount : new SplitCounter("st_updates", 64, LOW_BITS);
        updates = updatesCount.value();
        List<SplitCounter> counters = Stream.of(nCount, updatesCount, splitCount, mergeCount, batchCount, deferredCount,
                saturationCount).distinct().toList();
        nodes = RegInit(U(1, c.nodeCountBits())).named("st_nodes");
        highWater = RegInit(U(1, c.nodeCountBits())).named("st_high_water");
        weight = WireDefault(UInt(c.weightBits()), U(0, c.weightBits())).named("ev_weight");
        removed = WireDefault(UInt(c.childCountBits()), U(0, c.childCountBits())).named("ev_removed");
        live = List.of(n, nodes, highWater, updates, splits, merges, mergeBatches, deferredSplits, saturations, overflow, saturated);

        // The 64-bit counters count the events of the previous clock: their carry chains then start at flip-flops,
        // not at the end of the controller's decisions; and each is two 32-bit halves (SplitCounter). The narrow node
        // counts stay immediate (a split reads them).
        UInt delayedWeight = RegNext(weight, U(0, c.weightBits())).named("ev_weight_q");
        Bool delayedCommit = RegNext(commit, B(false)).named("ev_commit_q");
        Bool delayedSaturation = RegNext(saturation, B(false)).named("ev_saturation_q");
        Bool delayedSplit = RegNext(split, B(false)).named("ev_split_q");
        Bool delayedBatch = RegNext(batch, B(false)).named("ev_batch_q");
        Bool delayedDeferred = RegNext(deferred, B(false)).named("ev_deferred_q");
        UInt delayedRemoved = RegNext(removed, U(0, c.childCountBits())).named("ev_removed_q");
        nSteady = delayedCommit.not().and(nCount.settled()).named("st_n_steady");
        pending = delayedCommit.or(delayedSaturation).or(delayedSplit).or(delayedBatch).or(delayedDeferred)
                .or(delayedRemoved.orR()).or(counters.stream().map(SplitCounter::settled).reduce(Bool::and).orElseThrow().not())
                .named("ev_pending");

        int nb = c.nodeCountBits();
        when(clear, () -> {
            for (SplitCounter k : counters) k.clear();
            overflow.connect(B(false));
            saturated.connect(B(false));
            nodes.connect(U(1, nb));
            highWater.connect(U(1, nb));
        }).otherwise(() -> {
            when(delayedCommit, () -> {
                nCount.add(delayedWeight);
                if (updatesCount != nCount) updatesCount.add(U(1, 1));
            });
            when(delayedSaturation, () -> {
                saturationCount.add(U(1, 1));
                saturated.connect(B(true));
            });
            when(delayedSplit, () -> splitCount.add(U(1, 1)));
            // A clock after the split, when the node count has its last child.
            when(delayedSplit, () -> when(nodes.gt(highWater), () -> highWater.connect(nodes)));
            when(delayedBatch, () -> batchCount.add(U(1, 1)));
            when(delayedDeferred, () -> {
                deferredCount.add(U(1, 1));
                overflow.connect(B(true));
            });
            mergeCount.add(delayedRemoved);
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
