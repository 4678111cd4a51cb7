package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SplitCounter;

/**
 * The SPEC §5 status values that the controller keeps, built in its module: n, the node counts and the sticky flags.
 * The rare 64-bit counters (updates, splits, merges, batches, deferred splits, saturations) are not here: the
 * controller hands their events out a clock after they happen ({@link #drive}), and {@link StatusCounterBank} adds
 * them up in block RAM. The snapshot the CSRs read is not here either: {@link CsrFile} copies the values into block
 * RAM while the controller holds them still. The controller only raises event wires ({@link #commit},
 * {@link #split}, ...) from whichever state sees the event; each register has exactly one update, here, so a 64-bit
 * counter costs one adder and no multiplexer per state that counts into it.
 */
final class StatusRegs {
    /** n's low part: a 16-bit carry chain at the commit, like until_merge's (SplitCounter). */
    private static final int LOW_BITS = SplitCounter.PIECE_BITS;

    private final SplitCounter nCount = new SplitCounter("st_n", 64, LOW_BITS);
    final UInt n = nCount.value();
    final UInt nodes;
    final UInt highWater;
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
    // The events of the previous clock: n and the flags count them here, the counter bank gets them (drive).
    /** A commit on the last clock ({@link #commit} registered). */
    final Bool committedLast;

    private final Bool delayedSaturation;
    private final Bool delayedSplit;
    private final Bool delayedBatch;
    private final Bool delayedDeferred;
    private final UInt delayedRemoved;
    /** n does not change on this clock edge. */
    final Bool nSteady;
    /** A counted event of the previous clock, or a carry between the halves of a counter, is not in the values yet. */
    final Bool pending;

    StatusRegs(RapConfig c) {
        nodes = RegInit(U(1, c.nodeCountBits())).named("st_nodes");
        Assert(nodes.le(U(c.nodes(), c.nodeCountBits())), "more nodes (%d) than slots", nodes);
        highWater = RegInit(U(1, c.nodeCountBits())).named("st_high_water");
        weight = WireDefault(UInt(c.weightBits()), U(0, c.weightBits())).named("ev_weight");
        removed =
                WireDefault(UInt(c.childCountBits()), U(0, c.childCountBits())).named("ev_removed");
        live = List.of(n, nodes, highWater, overflow, saturated);

        // n counts the commits of the previous clock, and the bank gets the events of the previous clock: the carry
        // chains then start at flip-flops, not at the end of the controller's decisions; and n is in 16-bit pieces
        // (SplitCounter). The narrow node counts stay immediate (a split reads them).
        UInt evWeightQ = RegNext(weight, U(0, c.weightBits())).named("ev_weight_q");
        committedLast = RegNext(commit, B(false)).named("ev_commit_q");
        delayedSaturation = RegNext(saturation, B(false)).named("ev_saturation_q");
        delayedSplit = RegNext(split, B(false)).named("ev_split_q");
        delayedBatch = RegNext(batch, B(false)).named("ev_batch_q");
        delayedDeferred = RegNext(deferred, B(false)).named("ev_deferred_q");
        delayedRemoved = RegNext(removed, U(0, c.childCountBits())).named("ev_removed_q");
        nSteady = committedLast.not().and(nCount.settled()).named("st_n_steady");
        pending = committedLast
                .or(delayedSaturation)
                .or(delayedSplit)
                .or(delayedBatch)
                .or(delayedDeferred)
                .or(delayedRemoved.orR())
                .or(nCount.settled().not())
                .named("ev_pending");

        int nb = c.nodeCountBits();
        when(clear, () -> {
                    nCount.clear();
                    overflow.connect(B(false));
                    saturated.connect(B(false));
                    nodes.connect(U(1, nb));
                    highWater.connect(U(1, nb));
                })
                .otherwise(() -> {
                    when(committedLast, () -> nCount.add(evWeightQ));
                    when(delayedSaturation, () -> saturated.connect(B(true)));
                    // A clock after the split, when the node count has its last child.
                    when(delayedSplit, () -> when(nodes.gt(highWater), () -> highWater.connect(nodes)));
                    when(delayedDeferred, () -> overflow.connect(B(true)));
                    nodes.connect(nodes.add(allocated.pad(nb)).sub(removed.pad(nb)));
                });
    }

    /** Some status value changes on this clock edge. */
    Bool changing() {
        return commit.or(saturation)
                .or(split)
                .or(allocated)
                .or(batch)
                .or(deferred)
                .or(clear)
                .or(removed.orR())
                .or(pending);
    }

    void drive(ControllerIO.Status s) {
        List<UInt> ports = List.of(s.n, s.nodes, s.highWater, s.overflow, s.saturated);
        for (int i = 0; i < ports.size(); i++) ports.get(i).connect(live.get(i));
        s.updated.connect(committedLast);
        s.split.connect(delayedSplit);
        s.merged.connect(delayedRemoved);
        s.batch.connect(delayedBatch);
        s.deferred.connect(delayedDeferred);
        s.saturation.connect(delayedSaturation);
    }
}
