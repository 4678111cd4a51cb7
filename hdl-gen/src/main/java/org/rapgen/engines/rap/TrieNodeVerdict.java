package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.TrieNodeVerdict.Step.*;
import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * The verdict on one node of a trie merge batch and its write-back, apart from the walk ({@link TrieMergeWalk}) that
 * probes the node's children: the walk hands a node over on the clock its last child is judged and goes back to the
 * node's parent at once, so the parent probes its next children while this unit decides. A node is handed over with its
 * slot, word, leaf digits, the least bound of its interior children and the sum S of its own count and its leaf
 * children's, but one: the last leaf's count, which lands on the clock after the hand-over ({@code ADD}) when the
 * counter SRAM's result latency is a clock longer than a probe's. {@code DECIDE} registers the verdict from registers
 * alone (S < T, the clip, the new bound, whether the node is left without children); {@code ACT} writes the bound and,
 * if the node merges, SETs its count, writes its word without the leaves in every copy and frees the first leaf (one
 * slot a clock, {@code FREE}). On {@code ACT} the parent takes what the node leaves it ({@link #apply}): a node left
 * without children counts as one of the parent's leaves, with its new count; any other gives its bound.
 *
 * <p>Every write names the handed-over node or its leaves, which the walk never reads again in this batch, so the
 * walk's probes (other slots) go on beside them; only the SET takes the counter port, and the walk sends no probe on
 * that clock ({@link #setting}). One node at a time: the walk hands over the next only once this unit is idle. Built in
 * the caller's module.
 */
final class TrieNodeVerdict {
    enum Step {
        IDLE,
        ADD,
        DECIDE,
        ACT,
        FREE
    }

    private final OneHotState<Step> step = new OneHotState<>("verdict_step", Step.class, IDLE);
    private final Bool take = WireDefault(Bool(), B(false)).named("verdict_take");
    private final UInt takeSlot;
    private final UInt takeWord;
    private final UInt takeSum;
    private final UInt takeLeaves;
    private final UInt takeLeast;
    private final UInt takeDigit;
    private final Bool takeHasParent = WireDefault(Bool(), B(false)).named("verdict_take_has_parent");
    private final UInt takeDepth;

    /** No node is held: the walk may hand one over. */
    final Bool idle;
    /** This clock the count of the node's last leaf lands (the hand-over's next clock). */
    final Bool adding;
    /** This clock the node's count is SET: the counter port is taken. */
    final Bool setting;
    /** This clock the parent takes what the node leaves it. */
    final Bool apply;
    /** The node is left without children: the parent counts it as a leaf of digit {@link #digit}, count {@link #count}. */
    final Bool nowLeaf;

    final UInt count;
    /** The node's new bound, which the parent takes when the node keeps children. */
    final UInt least;

    final UInt digit;
    /** The handed-over node's depth (for the walk's check that the parent is the node it is at). */
    final UInt depth;

    /**
     * @param lastCount the count of the node's last leaf lands on the clock after the hand-over (READ result in
     *     {@code cmd.readValue})
     */
    TrieNodeVerdict(
            RapConfig c,
            TrieTables t,
            FreeSlots free,
            StatusRegs st,
            CounterPort cmd,
            UInt notThreshold,
            Bool lastCount) {
        ChildWord cw = t.words;
        int slotBits = c.slotBits();
        int ww = cw.width();
        int k = c.bitsPerLevel();
        int b = c.branching();
        int sumBits = c.mergeSumBits();
        int cb = c.counterBits();
        takeSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("verdict_take_slot");
        takeWord = WireDefault(UInt(ww), U(0, ww)).named("verdict_take_word");
        takeSum = WireDefault(UInt(sumBits), U(0, sumBits)).named("verdict_take_sum");
        takeLeaves = WireDefault(UInt(b), U(0, b)).named("verdict_take_leaves");
        takeLeast = WireDefault(UInt(sumBits), U(0, sumBits)).named("verdict_take_least");
        takeDigit = WireDefault(UInt(k), U(0, k)).named("verdict_take_digit");
        takeDepth = WireDefault(UInt(c.depthBits()), U(0, c.depthBits())).named("verdict_take_depth");

        UInt slot = Reg(UInt(slotBits)).named("verdict_slot");
        UInt word = Reg(UInt(ww)).named("verdict_word");
        UInt sum = Reg(UInt(sumBits)).named("verdict_sum");
        UInt leaves = Reg(UInt(b)).named("verdict_leaves");
        UInt kidsLeast = Reg(UInt(sumBits)).named("verdict_kids_least");
        digit = Reg(UInt(k)).named("verdict_digit");
        depth = Reg(UInt(c.depthBits())).named("verdict_depth");
        Bool hasParent = Reg(Bool()).named("verdict_has_parent");
        Bool merges = Reg(Bool()).named("verdict_merges");
        Bool clips = Reg(Bool()).named("verdict_clips");
        nowLeaf = Reg(Bool()).named("verdict_now_leaf");
        count = Reg(UInt(cb)).named("verdict_count");
        least = Reg(UInt(sumBits)).named("verdict_least");
        UInt freeing = Reg(UInt(b)).named("verdict_freeing");

        idle = step.is(IDLE);
        adding = step.is(ADD);
        setting = step.is(ACT).and(merges).named("verdict_setting");
        apply = step.is(ACT).and(hasParent).named("verdict_apply");

        Bool below = SplitCompare.atLeastComplement(sum, notThreshold).not();
        Bool mergesNow = leaves.orR().and(below);
        UInt clipped = sumBits > cb
                ? Mux(sum.bits(sumBits - 1, cb).orR(), Fill(cb, B(true)), sum.bits(cb - 1, 0))
                : sum.pad(cb);
        FirstSet nextFree = new FirstSet(freeing, k);
        UInt freeSlot = cw.entry(word, nextFree.index).named("verdict_free_slot");
        UInt restFree = freeing.and(bit(nextFree.index, b).not());
        // The leaves' slots go back on the free stack, one a clock; the node's other writes went out on ACT.
        Runnable freeOne = () -> {
            free.push(freeSlot);
            t.free(freeSlot);
            freeing.connect(restFree);
            step.go(restFree.orR(), FREE, IDLE);
        };

        step.on(
                        IDLE,
                        () -> when(take, () -> {
                            slot.connect(takeSlot);
                            word.connect(takeWord);
                            sum.connect(takeSum);
                            leaves.connect(takeLeaves);
                            kidsLeast.connect(takeLeast);
                            digit.connect(takeDigit);
                            depth.connect(takeDepth);
                            hasParent.connect(takeHasParent);
                            step.go(ADD);
                        }))
                .on(ADD, () -> {
                    when(lastCount, () -> sum.connect(sum.add(cmd.readValue.pad(sumBits))));
                    step.go(DECIDE);
                })
                .on(DECIDE, () -> {
                    merges.connect(mergesNow);
                    clips.connect(sumBits > cb ? sum.bits(sumBits - 1, cb).orR() : B(false));
                    count.connect(clipped);
                    // Left without children: every child it has is a leaf, and they all go.
                    nowLeaf.connect(mergesNow.and(cw.present(word).eq(leaves)));
                    // Its bound: the interior children's, and its own S if it keeps its leaves.
                    least.connect(Mux(leaves.orR().and(below.not()).and(sum.lt(kidsLeast)), sum, kidsLeast));
                    freeing.connect(leaves);
                    step.go(ACT);
                })
                .on(ACT, () -> {
                    t.writeMin(slot, least);
                    when(merges, () -> {
                                cmd.set(slot, count);
                                st.removed.connect(cw.ones(leaves));
                                when(clips, () -> st.saturation.connect(B(true)));
                                t.writeWord(slot, cw.without(word, leaves));
                                freeOne.run();
                            })
                            .otherwise(() -> step.go(IDLE));
                })
                .on(FREE, freeOne);

        when(take, () -> Assert(idle, "a node handed over while the last one is decided"));
        when(step.is(ACT), () -> Assert(nowLeaf.not().or(merges), "a node left without children that did not merge"));
        when(setting, () -> Assert(cmd.valid.not().or(cmd.op.eq(ControllerIO.OP_SET)), "a command beside a SET"));
    }

    /** On this clock edge the walk hands over a node (its slot, word, S so far, leaves, bound, digit in its parent). */
    void take(UInt slot, UInt word, UInt sum, UInt leaves, UInt least, UInt digit, Bool hasParent, UInt depth) {
        take.connect(B(true));
        takeSlot.connect(slot);
        takeWord.connect(word);
        takeSum.connect(sum);
        takeLeaves.connect(leaves);
        takeLeast.connect(least);
        takeDigit.connect(digit);
        takeHasParent.connect(hasParent);
        takeDepth.connect(depth);
    }

    static UInt bit(UInt index, int width) {
        return U(1, width).shl(index).bits(width - 1, 0);
    }
}
