package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.TrieMergeWalk.Step.*;
import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;

/**
 * One merge batch of the trie engine (SPEC §4 "Merge"): a post-order walk of the tree in block RAM, so every node is
 * decided after its whole subtree, which is the order {@code RapModel} defines.
 *
 * <p>The walk keeps the node it is at in registers (its slot, child word, next digit, the sum of its leaf children's
 * counts so far and which digits they are) and the nodes above it on a stack of at most L frames, in distributed RAM.
 * At a node it takes the children in digit order: a child whose word is empty is a leaf, whose count is read and added;
 * any other child is walked first. Then it reads the node's own count: if the node has leaf children and
 * count + their counts is below T, those leaves are freed (their slots pushed on {@link FreeSlots}' stack), the node's
 * word loses them in every copy and its count becomes the sum, clipped at 2^C-1. Back in the parent, a child left
 * without children counts as one of its leaves, with the count the merge gave it. Every decision reads only the node
 * and its children, final by then, so the result is the golden model's.
 *
 * <p>The walk visits every node once: a few clocks per node, O(N) per batch. {@link MergeSkip} spares the batches that
 * would remove nothing. Built in the caller's module.
 */
final class TrieMergeWalk {
    enum Step { IDLE, BEGIN, VISIT, SCAN, CHILD, LEAF_WAIT, OWN, OWN_WAIT, DECIDE, ACT, FREE, RETURN }

    private final OneHotState<Step> step = new OneHotState<>("walk_step", Step.class, IDLE);
    private final Bool starts = WireDefault(Bool(), B(false)).named("walk_start");
    /** The batch ends on this clock. */
    final Bool done = WireDefault(Bool(), B(false)).named("walk_done");
    final Bool idle = step.is(IDLE);
    final MergeSkip skip;

    TrieMergeWalk(RapConfig c, TrieTables t, FreeSlots free, StatusRegs st, CounterPort cmd, UInt notThreshold) {
        ChildWord cw = t.words;
        int slotBits = c.slotBits();
        int ww = cw.width();
        int k = c.bitsPerLevel();
        int b = c.branching();
        int sumBits = c.mergeSumBits();
        int cb = c.counterBits();
        int frameIndexBits = log2Up(c.levels());

        UInt depth = RegInit(U(0, c.depthBits())).named("walk_depth");
        UInt slot = Reg(UInt(slotBits)).named("walk_slot");
        UInt word = Reg(UInt(ww)).named("walk_word");
        // The next digit to take, 0..b (b: all taken).
        UInt digit = Reg(UInt(k + 1)).named("walk_digit");
        UInt sum = Reg(UInt(sumBits)).named("walk_leaf_sum");
        UInt leaves = Reg(UInt(b)).named("walk_leaves");
        UInt child = Reg(UInt(slotBits)).named("walk_child");
        UInt mergeSum = Reg(UInt(sumBits)).named("walk_merge_sum");
        Bool merges = Reg(Bool()).named("walk_merges");
        Bool clips = Reg(Bool()).named("walk_clips");
        UInt freeing = Reg(UInt(b)).named("walk_freeing");
        // What the node just decided leaves its parent: whether it is now a leaf, and its count.
        Bool nowLeaf = Reg(Bool()).named("walk_now_leaf");
        UInt newCount = Reg(UInt(cb)).named("walk_new_count");
        skip = new MergeSkip(mergeSum);

        // The frames of the nodes above: slot, word, digit being walked, leaf sum and leaves, at the node's depth.
        int fw = slotBits + ww + k + sumBits + b;
        Mem<UInt> frames = Mem(c.levels(), UInt(fw)).named("walk_frames");
        UInt parentIndex = depth.sub(U(1, depth.getWidth())).bits(frameIndexBits - 1, 0);
        UInt frame = frames.read(parentIndex);
        UInt digitLow = digit.bits(k - 1, 0);
        UInt entry = cw.entry(word, digitLow).named("walk_entry");
        UInt digitBit = U(1, b).shl(digitLow).bits(b - 1, 0);
        UInt clipped = sumBits > cb
                ? Mux(mergeSum.bits(sumBits - 1, cb).orR(), Fill(cb, B(true)), mergeSum.bits(cb - 1, 0)) : mergeSum.pad(cb);
        FirstSet nextFree = new FirstSet(freeing, k);
        UInt freeSlot = cw.entry(word, nextFree.index).named("walk_free_slot");

        step
                .on(IDLE, () -> when(starts, () -> {
                    depth.connect(U(0, c.depthBits()));
                    slot.connect(U(0, slotBits));
                    digit.connect(U(0, k + 1));
                    sum.connect(U(0, sumBits));
                    leaves.connect(U(0, b));
                    step.go(BEGIN);
                }))
                // A clock after the start: the split that may start a batch writes a word on that clock.
                .on(BEGIN, () -> {
                    t.readWord(U(0, slotBits));
                    step.go(VISIT);
                })
                .on(VISIT, () -> {
                    word.connect(t.wordRead);
                    step.go(SCAN);
                })
                .on(SCAN, () -> when(digit.bit(k), () -> step.go(OWN))
                        .elsewhen(entry.eq(0), () -> digit.connect(digit.add(U(1, k + 1))))
                        .otherwise(() -> {
                            child.connect(entry);
                            t.readWord(entry);
                            step.go(CHILD);
                        }))
                .on(CHILD, () -> when(t.wordRead.eq(0), () -> {
                    cmd.read(child);
                    step.go(LEAF_WAIT);
                }).otherwise(() -> {
                    // An interior child: walk it first; this node waits on the stack.
                    frames.write(depth.bits(frameIndexBits - 1, 0), Cat(slot, word, digitLow, sum, leaves));
                    depth.connect(depth.add(U(1, depth.getWidth())));
                    slot.connect(child);
                    word.connect(t.wordRead);
                    digit.connect(U(0, k + 1));
                    sum.connect(U(0, sumBits));
                    leaves.connect(U(0, b));
                    step.go(SCAN);
                }))
                .on(LEAF_WAIT, () -> when(cmd.readResult, () -> {
                    sum.connect(sum.add(cmd.readValue.pad(sumBits)));
                    leaves.connect(leaves.or(digitBit));
                    digit.connect(digit.add(U(1, k + 1)));
                    step.go(SCAN);
                }))
                .on(OWN, () -> {
                    cmd.read(slot);
                    step.go(OWN_WAIT);
                })
                .on(OWN_WAIT, () -> when(cmd.readResult, () -> {
                    mergeSum.connect(sum.add(cmd.readValue.pad(sumBits)));
                    step.go(DECIDE);
                }))
                .on(DECIDE, () -> {
                    merges.connect(leaves.orR().and(SplitCompare.atLeastComplement(mergeSum, notThreshold).not()));
                    clips.connect(sumBits > cb ? mergeSum.bits(sumBits - 1, cb).orR() : B(false));
                    step.go(ACT);
                })
                .on(ACT, () -> {
                    nowLeaf.connect(B(false));
                    when(merges, () -> {
                        cmd.set(slot, clipped);
                        st.removed.connect(cw.ones(leaves));
                        when(clips, () -> st.saturation.connect(B(true)));
                        freeing.connect(leaves);
                        newCount.connect(clipped);
                        step.go(FREE);
                    }).otherwise(() -> {
                        when(leaves.orR(), () -> skip.kept(mergeSum));
                        step.go(RETURN);
                    });
                })
                .on(FREE, () -> when(nextFree.found, () -> {
                    free.push(freeSlot);
                    t.free(freeSlot);
                    freeing.connect(freeing.and(U(1, b).shl(nextFree.index).bits(b - 1, 0).not()));
                }).otherwise(() -> {
                    UInt kept = cw.without(word, leaves);
                    t.writeWord(slot, kept);
                    word.connect(kept);
                    nowLeaf.connect(kept.eq(0));
                    step.go(RETURN);
                }))
                .on(RETURN, () -> when(depth.eq(0), () -> {
                    done.connect(B(true));
                    step.go(IDLE);
                }).otherwise(() -> {
                    UInt pDigit = frame.bits(k + sumBits + b - 1, sumBits + b);
                    UInt pSum = frame.bits(sumBits + b - 1, b);
                    UInt pLeaves = frame.bits(b - 1, 0);
                    UInt pBit = U(1, b).shl(pDigit).bits(b - 1, 0);
                    depth.connect(parentIndex.pad(depth.getWidth()));
                    slot.connect(frame.bits(fw - 1, fw - slotBits));
                    word.connect(frame.bits(fw - slotBits - 1, fw - slotBits - ww));
                    digit.connect(pDigit.pad(k + 1).add(U(1, k + 1)));
                    sum.connect(Mux(nowLeaf, pSum.add(newCount.pad(sumBits)), pSum));
                    leaves.connect(Mux(nowLeaf, pLeaves.or(pBit), pLeaves));
                    step.go(SCAN);
                }));
        when(starts, () -> Assert(idle, "a merge batch started while the last one walks"));
    }

    /** A batch starts on this clock edge (threshold: the constructor's ~T, unchanged until {@link #done}). */
    void start() {
        starts.connect(B(true));
    }
}
