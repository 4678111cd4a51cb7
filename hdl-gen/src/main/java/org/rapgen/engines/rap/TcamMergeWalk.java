package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.RapController.State.*;
import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SlotPicker;

/**
 * One merge batch of the TCAM engine ({@link RapController}'s MERGE_LEVEL and MERGE_KIDS): level by level from the
 * deepest level that can hold a parent of leaves down to 0; in each level every node with leaf children (any order
 * within a level gives the golden result): read its own count and its leaf children's, and if the exact sum is below T
 * remove those leaves and write the sum back, clipped at 2^C-1. The walk finds those nodes through their leaves one
 * level down, so a node whose children all have children costs nothing. The verdict on a parent ({@link MergeVerdict})
 * waits for its last READ while the walk issues the next parent's, so only a level's last parent pays the SRAM's
 * latency. Built in the caller's module; the caller puts {@link #level} and {@link #kids} in its FSM and calls
 * {@link #afterFsm} after it.
 */
final class TcamMergeWalk {
    /** The verdicts on merge parents, and the skip state they keep. */
    final MergeVerdict verdict;

    final MergeSkip skip;
    /** The batch in progress runs before a split (early), not on the schedule. */
    final Bool earlyBatch = RegInit(B(false)).named("early_batch");
    /** The child walker loads the merge parent's leaves on this clock. */
    final Bool kidsLoad;
    /** The child walker walks the merge parent's leaves (after its loading clock). */
    final Bool kidsWalking = RegInit(B(false)).named("kids_walking");
    /** The loading clock of a merge parent's leaves (MERGE_KIDS's first). */
    final Bool kidsFresh = RegInit(B(false)).named("kids_fresh");

    private final RapConfig c;
    private final OneHotState<RapController.State> state;
    private final NodeTable table;
    private final StatusRegs st;
    private final CounterPort cmd;
    private final SlotPicker slots;
    private final UInt kidsOwner;
    private final UInt kidsVector;
    private final UInt opChildren;
    private final UInt opSlot;
    private final UInt deepest;
    private final SlotPicker leavesBelow;
    private final Bool levelFresh = RegInit(B(false)).named("level_fresh");
    private final UInt leafDepth;
    private final UInt leafDepthNext;
    private final Bool lastLevel;
    private final Bool levelHadLeaves = Reg(Bool()).named("level_had_leaves");
    private final Bool leafAtDeepest = RegInit(B(false)).named("leaf_at_deepest");
    private final Bool deepestLowers = RegInit(B(false)).named("deepest_lowers");
    private final UInt mp;
    private final UInt leaves;
    private final UInt visited;
    private final Bool batchEnds;

    /**
     * @param slots      the child walker, shared with the split: here it walks the merge parent's leaves
     * @param kidsOwner  the node whose children {@code kidsVector} lists (the merge parent here)
     * @param opChildren kids_owner's child count, registered
     * @param deepest    no node is deeper (deepest_depth); a level the walk leaves empty lowers it
     */
    TcamMergeWalk(
            RapConfig c,
            OneHotState<RapController.State> state,
            NodeTable table,
            StatusRegs st,
            CounterPort cmd,
            SlotPicker slots,
            UInt kidsOwner,
            UInt kidsVector,
            UInt opChildren,
            UInt opSlot,
            UInt opNotT,
            UInt deepest,
            ControllerIO.CounterResult res,
            Bool resValid,
            int resultLatency) {
        this.c = c;
        this.state = state;
        this.table = table;
        this.st = st;
        this.cmd = cmd;
        this.slots = slots;
        this.kidsOwner = kidsOwner;
        this.kidsVector = kidsVector;
        this.opChildren = opChildren;
        this.opSlot = opSlot;
        this.deepest = deepest;
        int slotBits = c.slotBits();
        // The merge parent's leaf children as its walk began (simulation check only: the hand-over takes the compare
        // network's kids_vector, which nothing changes during the walk).
        visited = Reg(UInt(c.nodes())).named("visited_kids");
        // The leaves one level below the merge level whose parents are still to visit.
        leavesBelow = new SlotPicker("leaf_pick", c.nodes(), slotBits, false);
        // The depth of the leaves walked: one below the merge level. Every write goes through its next value, so "the
        // leaves are the root's children: this is the batch's last level" is a flip-flop, and MERGE_LEVEL's step does
        // not wait for a compare.
        leafDepth = Reg(UInt(c.depthBits())).named("merge_leaf_depth");
        leafDepthNext = WireDefault(UInt(c.depthBits()), leafDepth).named("merge_leaf_depth_next");
        leafDepth.connect(leafDepthNext);
        lastLevel = RegNext(leafDepthNext.eq(1), B(false)).named("merge_last_level");
        // merge_leaf_depth == deepest_depth is the flip-flop leaf_at_deepest: a batch starts there, and the walk stays
        // there only while every level it leaves had no leaves (each such level lowers deepest_depth with it). So the
        // update of deepest_depth starts at flip-flops, not at a depth compare. It happens a clock after the decision
        // (deepest_lowers), so deepest_depth's enable waits for none of the decision's LUT levels; in that clock the
        // walk is loading the next level, which reads merge_leaf_depth and not deepest_depth.
        deepestLowers.connect(B(false));
        when(deepestLowers, () -> deepest.connect(deepest.sub(1)));
        mp = Reg(UInt(slotBits)).named("merge_parent");
        leaves = Reg(UInt(c.childCountBits())).named("merge_leaves");
        // Every READ result in a merge state is a merge parent's or its leaf's count.
        Bool inMerge = state.is(MERGE_LEVEL).or(state.is(MERGE_KIDS));
        verdict = new MergeVerdict(
                c, opNotT, inMerge.and(resValid).and(res.op.eq(ControllerIO.OP_READ)), res.old, resultLatency);
        skip = new MergeSkip(verdict.sumAhead());
        kidsLoad = kidsFresh.and(verdict.usesPort.not());
        leavesBelow.loadWhen(state.is(MERGE_LEVEL).and(levelFresh).or(kidsLoad));
        // MERGE_LEVEL loads a level's leaves, and MERGE_KIDS takes the merge parent's leaves out of them. A level's
        // leaves are a depth compare in each slot, as deep as kids_vector: a choice made first would put a LUT level
        // after it.
        leavesBelow.loadFrom(Mux(state.is(MERGE_LEVEL), table.leavesAt(leafDepth), leavesBelow.without(kidsVector)));
        // A batch ends in MERGE_LEVEL once the last level's walk is over and its last verdict is in. As a flat AND of
        // flip-flops it loads what a batch's end loads (the skip state's minimum, kids_owner) without waiting for
        // MERGE_LEVEL's other decisions.
        batchEnds = state.is(MERGE_LEVEL)
                .and(levelFresh.not())
                .and(leavesBelow.ready())
                .and(leavesBelow.found.not())
                .and(verdict.idle)
                .and(lastLevel)
                .named("batch_ends");
    }

    /**
     * A batch may start on this clock: it starts at deepest_depth. The states that may start one load it on every
     * clock, since nothing reads merge_leaf_depth there and deepest_depth never changes on a batch's first clock: the
     * load and merge_last_level behind it then wait for no decision of those states.
     */
    void prepare(Bool mayStart, Bool early) {
        when(mayStart, () -> {
            leafDepthNext.connect(deepest);
            leafAtDeepest.connect(B(true));
            levelFresh.connect(B(true));
            earlyBatch.connect(early);
        });
    }

    /** MERGE_LEVEL: the next parent with leaves on this level, or the next level, or the batch's end. */
    void level() {
        when(levelFresh, () -> {
                    leavesBelow.load();
                    levelFresh.connect(B(false));
                    levelHadLeaves.connect(B(false));
                })
                .elsewhen(leavesBelow.ready(), () -> {
                    // The picked leaf names the next parent; MERGE_KIDS drops all its leaves from this walk.
                    when(leavesBelow.found, () -> {
                                UInt parentOfPick = Mux1H(leavesBelow.oneHot, table.parent);
                                mp.connect(parentOfPick);
                                kidsOwner.connect(parentOfPick);
                                leaves.connect(U(0, c.childCountBits()));
                                kidsFresh.connect(B(true));
                                levelHadLeaves.connect(B(true));
                                state.go(MERGE_KIDS);
                            })
                            .elsewhen(verdict.idle.not(), () -> {
                                // The level's last verdict first: the next level's leaves, or the split after an early
                                // batch, must see its merge.
                            })
                            .elsewhen(lastLevel.not(), () -> {
                                leafDepthNext.connect(leafDepth.sub(1));
                                levelFresh.connect(B(true));
                                Bool lowers = leafAtDeepest.and(levelHadLeaves.not());
                                leafAtDeepest.connect(lowers);
                                deepestLowers.connect(lowers);
                            })
                            .otherwise(() -> {
                                // The batch's end loads its registers in afterFsm, from batch_ends.
                                Assert(batchEnds, "a batch ended without batch_ends");
                                state.go(earlyBatch, SPLIT, ADVANCE);
                            });
                });
    }

    /**
     * MERGE_KIDS: the parent's own count is read while its leaves load into the walker (it has at least one: the leaf
     * that named it). Once all are issued the parent goes to the verdict and the walk moves on.
     */
    void kids() {
        // A READ of the parent's count, then of each leaf's as the walker picks it.
        cmd.op.connect(U(ControllerIO.OP_READ, 2));
        cmd.addr.connect(Mux(kidsFresh, mp, slots.index));
        when(verdict.usesPort, () -> {})
                .elsewhen(kidsFresh, () -> {
                    slots.load();
                    leavesBelow.load();
                    visited.connect(kidsVector);
                    cmd.valid.connect(B(true));
                    kidsFresh.connect(B(false));
                    kidsWalking.connect(B(true));
                })
                .elsewhen(slots.ready().and(slots.last().not().or(verdict.canHandOff)), () -> {
                    UInt leavesSoFar = leaves.add(1);
                    cmd.valid.connect(B(true));
                    slots.take();
                    leaves.connect(leavesSoFar);
                    when(slots.last(), () -> {
                        kidsWalking.connect(B(false));
                        verdict.handOff(mp, kidsVector, leavesSoFar, opChildren);
                        state.go(MERGE_LEVEL);
                    });
                });
    }

    /**
     * After the FSM: a batch's end, and a merge parent's verdict while the walk goes on (remove its leaves and write
     * their sum to it, or keep them). The merged count's SET takes the command port on the clock the verdict says so
     * (verdict_set, a flip-flop), over MERGE_KIDS's READ.
     */
    void afterFsm() {
        when(batchEnds, () -> {
            st.batch.connect(B(true));
            skip.endBatch();
            kidsOwner.connect(opSlot);
        });
        int cb = c.counterBits();
        when(verdict.usesPort, () -> {
            cmd.valid.connect(B(true));
            cmd.op.connect(U(ControllerIO.OP_SET, 2));
            cmd.addr.connect(verdict.parent);
            cmd.value.connect(Mux(
                    verdict.clips,
                    Fill(cb, B(true)),
                    verdict.sum.bits(Math.min(c.mergeSumBits(), cb) - 1, 0).pad(cb)));
        });
        when(
                verdict.act,
                () -> when(verdict.merges, () -> {
                            table.valid.connect(table.valid.and(verdict.leaves.not()));
                            table.setChildCount(verdict.parent, verdict.remaining);
                            st.removed.connect(verdict.leafCount);
                            when(verdict.clips, () -> st.saturation.connect(B(true)));
                        })
                        .otherwise(() -> skip.kept(verdict.sum)));
    }

    /** The walker hands the merge parent's last leaf over to the verdict on this clock. */
    Bool handOver() {
        return state.is(MERGE_KIDS).and(kidsFresh.not()).and(slots.ready()).and(slots.last());
    }

    /** The simulation checks of the walk's registered state. */
    void check() {
        Bool walkingKids = state.is(MERGE_KIDS);
        when(
                state.is(MERGE_LEVEL),
                () -> Assert(lastLevel.eq(leafDepth.eq(1)), "merge_last_level disagrees with depth %0d", leafDepth));
        UInt deepestNow = Mux(deepestLowers, deepest.sub(1), deepest);
        when(
                state.is(MERGE_LEVEL),
                () -> Assert(
                        leafAtDeepest.eq(leafDepth.eq(deepestNow)),
                        "leaf_at_deepest disagrees with depths %0d and %0d",
                        leafDepth,
                        deepestNow));
        when(
                deepestLowers,
                () -> Assert(state.is(MERGE_LEVEL).and(levelFresh), "deepest_depth lowered outside a level's load"));
        // A child count lands a clock after it is set (NodeTable): no decision reads it in that clock.
        when(table.writeQ, () -> {
            when(
                    state.is(MERGE_LEVEL).and(levelFresh),
                    () -> Assert(
                            table.depthOf(table.pendingSlot()).ne(leafDepth),
                            "a merge level loads its leaves while a leaf candidate's child count is still being written"));
            when(
                    walkingKids.and(kidsFresh),
                    () -> Assert(
                            table.pendingSlot()
                                    .ne(mp)
                                    .and(table.parent.read(table.pendingSlot()).ne(mp)),
                            "a merge parent's children are read while its child count is still being written"));
        });
        Assert(
                kidsFresh
                        .or(kidsWalking)
                        .eq(walkingKids)
                        .and(kidsFresh.and(kidsWalking).not()),
                "the walk flags (kids %b/%b) do not split MERGE_KIDS",
                kidsFresh,
                kidsWalking);
        Bool kidPicked = walkingKids.and(kidsFresh.not()).and(slots.ready());
        when(
                kidPicked.and(slots.last()),
                () -> Assert(kidsVector.eq(visited), "the merge parent's leaves changed during its walk"));
        when(kidPicked, () -> Assert(slots.found, "a merge parent's leaf walk ran past its last leaf"));
        when(walkingKids, () -> Assert(kidsOwner.eq(mp), "kids_owner %d is not the merge parent", kidsOwner));
        when(
                verdict.act.and(state.is(MERGE_LEVEL).or(walkingKids).not()),
                () -> Assert(B(false), "a merge verdict outside the merge walk"));
    }
}
