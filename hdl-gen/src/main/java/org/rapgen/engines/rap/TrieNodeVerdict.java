package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.TrieNodeVerdict.Step.*;
import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * The verdicts of a trie merge batch and their write-back, apart from the walk ({@link TrieMergeWalk}) that probes the
 * nodes' children: the walk hands a node over on the clock its last child is judged and goes back to the node's parent
 * at once, so the parent probes its next children while this unit decides. A node is handed over with its slot, word,
 * depth, digit in its parent, the leaf digits and the sum S of its own count and its leaf children's as the walk found
 * them, and the least bound of its passed-over children. It waits a clock in the hand stage, where the count of its
 * last leaf lands when the counter SRAM's result latency is a clock longer than a probe's, then in a queue of {@link
 * #QUEUE_DEPTH}, so the walk hands over a node whenever the queue has room. Nodes leave the queue in post-order, one at
 * a time. What a node's walked children left it waits in a slot of its depth ({@code verdict_kids}); {@code FOLD} adds
 * it, if any. {@code DECIDE} registers the verdict from registers alone (S < T with leaf children, the clip, the new
 * bound, whether the node is left without children); {@code ACT} writes the bound, gives the parent its share in the
 * slot of the parent's depth (a node left without children counts as one of the parent's leaves, with its new count;
 * any other gives its bound) and, if the node merges, SETs its count, writes its word without the leaves in every copy
 * and frees the first leaf (one slot a clock, {@code FREE}). A node that keeps its leaves makes way for the next on
 * {@code ACT}; when that is its parent, the share being written goes straight to it.
 *
 * <p>Every write names the handed-over node or its leaves, which the walk never reads again in this batch, so the
 * walk's probes (other slots) go on beside them; only the SET takes the counter port, and the walk sends no probe on
 * that clock ({@link #setting}). Built in the caller's module.
 */
final class TrieNodeVerdict {
    enum Step {
        IDLE,
        FOLD,
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
    private final UInt takeDepth;

    /** Nodes the queue holds at most. */
    static final int QUEUE_DEPTH = 4;

    /** The queue has room for one more node: the walk may hand one over. */
    final Bool room;
    /** No node is held or queued: the batch's last verdict is written. */
    final Bool drained;
    /** This clock the count of the last handed-over node's last leaf lands (the hand-over's next clock). */
    final Bool adding;
    /** This clock the node's count is SET: the counter port is taken. */
    final Bool setting;

    /**
     * @param lastCount the count of the node's last leaf lands on the clock after the hand-over (READ result in
     *     {@code cmd.readValue})
     * @param clear a batch starts: no depth holds a share
     */
    TrieNodeVerdict(
            RapConfig c,
            TrieTables t,
            FreeSlots free,
            StatusRegs st,
            CounterPort cmd,
            UInt notThreshold,
            Bool lastCount,
            Bool clear) {
        ChildWord cw = t.words;
        int slotBits = c.slotBits();
        int ww = cw.width();
        int k = c.bitsPerLevel();
        int b = c.branching();
        int sumBits = c.mergeSumBits();
        int cb = c.counterBits();
        int levels = c.levels();
        int depthBits = c.depthBits();
        int indexBits = log2Up(levels);
        takeSlot = WireDefault(UInt(slotBits), U(0, slotBits)).named("verdict_take_slot");
        takeWord = WireDefault(UInt(ww), U(0, ww)).named("verdict_take_word");
        takeSum = WireDefault(UInt(sumBits), U(0, sumBits)).named("verdict_take_sum");
        takeLeaves = WireDefault(UInt(b), U(0, b)).named("verdict_take_leaves");
        takeLeast = WireDefault(UInt(sumBits), U(0, sumBits)).named("verdict_take_least");
        takeDigit = WireDefault(UInt(k), U(0, k)).named("verdict_take_digit");
        takeDepth = WireDefault(UInt(depthBits), U(0, depthBits)).named("verdict_take_depth");

        UInt slot = Reg(UInt(slotBits)).named("verdict_slot");
        UInt word = Reg(UInt(ww)).named("verdict_word");
        UInt sum = Reg(UInt(sumBits)).named("verdict_sum");
        UInt leaves = Reg(UInt(b)).named("verdict_leaves");
        UInt least = Reg(UInt(sumBits)).named("verdict_least");
        UInt digit = Reg(UInt(k)).named("verdict_digit");
        UInt depth = Reg(UInt(depthBits)).named("verdict_depth");
        Bool merges = Reg(Bool()).named("verdict_merges");
        Bool clips = Reg(Bool()).named("verdict_clips");
        Bool nowLeaf = Reg(Bool()).named("verdict_now_leaf");
        UInt count = Reg(UInt(cb)).named("verdict_count");
        UInt bound = Reg(UInt(sumBits)).named("verdict_bound");
        UInt freeing = Reg(UInt(b)).named("verdict_freeing");

        // --- what decided children left their parents, a slot a depth: the counts of children left without children,
        // their digits, the least bound of the others. A slot is valid from its first share to its node's hand-over.
        int kw = sumBits + b + sumBits;
        Mem<UInt> kids = Mem(levels, UInt(kw)).named("verdict_kids");
        UInt kidsValid = RegInit(U(0, levels)).named("verdict_kids_valid");
        UInt kidsHere = Reg(UInt(kw)).named("verdict_kids_here");
        UInt parentIndex = depth.sub(U(1, depthBits)).bits(indexBits - 1, 0);
        UInt kidsParent = Reg(UInt(kw)).named("verdict_kids_parent");
        Bool parentValid = Reg(Bool()).named("verdict_parent_valid");
        UInt emptyKids = Cat(U(0, sumBits), U(0, b), Fill(sumBits, B(true)));

        // --- the hand stage (the node handed over on the last clock, its last leaf's count landing now) and the
        // queue behind it, so the walk hands over a node whenever there is room, not when the last one is written.
        int qBits = log2Up(QUEUE_DEPTH);
        int ew = slotBits + ww + sumBits + b + sumBits + k + depthBits;
        Bool handValid = RegNext(take, B(false)).named("verdict_hand_valid");
        UInt hand = RegNext(Cat(takeSlot, takeWord, takeSum, takeLeaves, takeLeast, takeDigit, takeDepth))
                .named("verdict_hand");
        UInt handSum = hand.bits(ew - slotBits - ww - 1, ew - slotBits - ww - sumBits);
        Mem<UInt> queue = Mem(QUEUE_DEPTH, UInt(ew)).named("verdict_queue");
        UInt head = RegInit(U(0, qBits)).named("verdict_head");
        UInt tail = RegInit(U(0, qBits)).named("verdict_tail");
        UInt queued = RegInit(U(0, qBits + 1)).named("verdict_queued");
        Bool pop = step.is(IDLE)
                .or(step.is(ACT).and(merges.not()))
                .and(queued.orR())
                .named("verdict_pop");
        when(handValid, () -> {
            UInt last = Mux(lastCount, handSum.add(cmd.readValue.pad(sumBits)), handSum);
            queue.write(
                    tail,
                    Cat(hand.bits(ew - 1, ew - slotBits - ww), last, hand.bits(ew - slotBits - ww - sumBits - 1, 0)));
            tail.connect(tail.add(U(1, qBits)));
        });
        when(pop, () -> head.connect(head.add(U(1, qBits))));
        queued.connect(
                queued.add(handValid.asUInt().pad(qBits + 1)).sub(pop.asUInt().pad(qBits + 1)));
        UInt entry = queue.read(head);
        UInt entryDepth = entry.bits(depthBits - 1, 0);
        room = queued.add(handValid.asUInt().pad(qBits + 1))
                .lt(U(QUEUE_DEPTH, qBits + 1))
                .named("verdict_room");
        drained = step.is(IDLE).and(queued.orR().not()).and(handValid.not());
        adding = handValid;
        setting = step.is(ACT).and(merges).named("verdict_setting");

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
        UInt kSum = kidsHere.bits(kw - 1, b + sumBits);
        UInt kLeaves = kidsHere.bits(b + sumBits - 1, sumBits);
        UInt kLeast = kidsHere.bits(sumBits - 1, 0);

        // The parent's share as ACT writes it: what this node leaves it, added to what its other children left.
        UInt base = Mux(parentValid, kidsParent, emptyKids);
        UInt bSum = base.bits(kw - 1, b + sumBits);
        UInt bLeaves = base.bits(b + sumBits - 1, sumBits);
        UInt bLeast = base.bits(sumBits - 1, 0);
        UInt share = Mux(
                        nowLeaf,
                        Cat(bSum.add(count.pad(sumBits)), bLeaves.or(bit(digit, b)), bLeast),
                        Cat(bSum, bLeaves, Mux(bound.lt(bLeast), bound, bLeast)))
                .named("verdict_share");
        Bool sharing = step.is(ACT).and(depth.orR()).named("verdict_sharing");
        UInt entryIndex = entryDepth.bits(indexBits - 1, 0);
        // A node taken on its child's ACT (the parent follows its last child) takes the share being written.
        Bool forward = sharing.and(entryDepth.eq(depth.sub(U(1, depthBits)))).named("verdict_forward");
        Bool entryValid = forward.or(kidsValid.bit(entryIndex));
        UInt setValid = Mux(sharing, bit(parentIndex, levels), U(0, levels));
        UInt clearValid = Mux(pop, bit(entryIndex, levels), U(0, levels));
        kidsValid.connect(kidsValid.or(setValid).and(clearValid.not()));
        when(sharing, () -> kids.write(parentIndex, share));
        // The next node: its slot, word, S so far, leaves and bound, and its share if it has one, to FOLD.
        Runnable takeNext = () -> {
            int at = ew;
            slot.connect(entry.bits(at - 1, at - slotBits));
            at -= slotBits;
            word.connect(entry.bits(at - 1, at - ww));
            at -= ww;
            sum.connect(entry.bits(at - 1, at - sumBits));
            at -= sumBits;
            leaves.connect(entry.bits(at - 1, at - b));
            at -= b;
            least.connect(entry.bits(at - 1, at - sumBits));
            at -= sumBits;
            digit.connect(entry.bits(at - 1, at - k));
            depth.connect(entryDepth);
            kidsHere.connect(Mux(forward, share, Mux(entryValid, kids.read(entryIndex), emptyKids)));
            step.go(entryValid, FOLD, DECIDE);
        };

        step.on(IDLE, () -> when(pop, takeNext))
                .on(FOLD, () -> {
                    sum.connect(sum.add(kSum));
                    leaves.connect(leaves.or(kLeaves));
                    least.connect(Mux(kLeast.lt(least), kLeast, least));
                    step.go(DECIDE);
                })
                .on(DECIDE, () -> {
                    merges.connect(mergesNow);
                    clips.connect(sumBits > cb ? sum.bits(sumBits - 1, cb).orR() : B(false));
                    count.connect(clipped);
                    // Left without children: every child it has is a leaf, and they all go.
                    nowLeaf.connect(mergesNow.and(cw.present(word).eq(leaves)));
                    // Its bound: the interior children's, and its own S if it keeps its leaves.
                    bound.connect(Mux(leaves.orR().and(below.not()).and(sum.lt(least)), sum, least));
                    freeing.connect(leaves);
                    kidsParent.connect(kids.read(parentIndex));
                    parentValid.connect(depth.orR().and(kidsValid.bit(parentIndex)));
                    step.go(ACT);
                })
                // A node that merges frees its leaves first; any other makes way for the next at once.
                .on(ACT, () -> {
                    t.writeMin(slot, bound);
                    when(merges, () -> {
                                cmd.set(slot, count);
                                st.removed.connect(cw.ones(leaves));
                                when(clips, () -> st.saturation.connect(B(true)));
                                t.writeWord(slot, cw.without(word, leaves));
                                freeOne.run();
                            })
                            .elsewhen(pop, takeNext)
                            .otherwise(() -> step.go(IDLE));
                })
                .on(FREE, freeOne);
        when(clear, () -> kidsValid.connect(U(0, levels)));

        when(take, () -> Assert(room, "a node handed over with the queue full"));
        when(clear, () -> Assert(drained.and(kidsValid.eq(0)), "a batch started with shares left from the last"));
        when(step.is(FOLD), () -> Assert(leaves.and(kLeaves).eq(0), "a leaf found twice, by the walk and a verdict"));
        when(step.is(ACT), () -> Assert(nowLeaf.not().or(merges), "a node left without children that did not merge"));
        when(setting, () -> Assert(cmd.valid.not().or(cmd.op.eq(ControllerIO.OP_SET)), "a command beside a SET"));
    }

    /** On this clock edge the walk hands over a node (its slot, word, S so far, leaves, bound, digit in its parent). */
    void take(UInt slot, UInt word, UInt sum, UInt leaves, UInt least, UInt digit, UInt depth) {
        take.connect(B(true));
        takeSlot.connect(slot);
        takeWord.connect(word);
        takeSum.connect(sum);
        takeLeaves.connect(leaves);
        takeLeast.connect(least);
        takeDigit.connect(digit);
        takeDepth.connect(depth);
    }

    static UInt bit(UInt index, int width) {
        return U(1, width).shl(index).bits(width - 1, 0);
    }
}
