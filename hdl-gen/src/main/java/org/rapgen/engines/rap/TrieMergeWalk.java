package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.TrieMergeWalk.Step.*;
import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * One merge batch of the trie engine (SPEC §4 "Merge"): a post-order walk of the tree in block RAM, so every node is
 * decided after its whole subtree, the order {@code RapModel} defines, that passes over every subtree whose merge-sum
 * bound ({@link TrieTables}' {@code sub_min}) is at least T: no node there can merge, and none changes.
 *
 * <p>The walk keeps the node it is at in registers (slot, child word, the digits still to look at, the sum S of its
 * own count and its leaf children's, the leaf digits, the least bound of its interior children) and the nodes above it
 * on a stack of at most L frames, in distributed RAM. Entering a node it READs the node's own count; then each clock
 * it probes one child (its word and bound, read together, which return {@link TrieTables#READ_LATENCY} clocks later
 * and are judged on the clock they land, into flags the walk acts on a clock after: three probes are in flight): a
 * leaf's count is READ and added as it returns, a subtree with a bound of at least T is passed over, any other is
 * walked first (once the node's READs are in); the probes behind one that is walked are dropped and made again after
 * the subtree, so the children are still taken in digit order. When every
 * child is done: if the node has leaf children and S < T, the leaves are freed (their slots pushed on
 * {@link FreeSlots}' stack), the node's word loses them in every copy and its count becomes S, clipped at 2^C-1.
 * Then its bound is written: the least of its interior children's and, if it kept leaf children, its own S. Back in
 * the parent, a child left without children counts as one of its leaves, with the count the merge gave it. Every
 * decision reads only the node and its children, final by then, so the result is the golden model's.
 *
 * <p>Built in the caller's module.
 */
final class TrieMergeWalk {
    enum Step {
        IDLE,
        BEGIN,
        SCAN,
        DESCEND,
        DECIDE,
        ACT,
        FREE,
        FINISH,
        RETURN
    }

    private final OneHotState<Step> step = new OneHotState<>("walk_step", Step.class, IDLE);
    private final Bool walkStart = WireDefault(Bool(), B(false)).named("walk_start");
    /** The batch ends on this clock. */
    final Bool done = WireDefault(Bool(), B(false)).named("walk_done");

    TrieMergeWalk(RapConfig c, TrieTables t, FreeSlots free, StatusRegs st, CounterPort cmd, UInt notThreshold) {
        ChildWord cw = t.words;
        int slotBits = c.slotBits();
        int ww = cw.width();
        int k = c.bitsPerLevel();
        int b = c.branching();
        int sumBits = c.mergeSumBits();
        int cb = c.counterBits();
        int frameIndexBits = log2Up(c.levels());
        int pendingBits = log2Up(b + 2);
        UInt none = Fill(sumBits, B(true));

        // --- the node the walk is at
        UInt depth = RegInit(U(0, c.depthBits())).named("walk_depth");
        UInt slot = Reg(UInt(slotBits)).named("walk_slot");
        UInt word = Reg(UInt(ww)).named("walk_word");
        UInt todo = Reg(UInt(b)).named("walk_todo");
        UInt sum = Reg(UInt(sumBits)).named("walk_sum");
        UInt leaves = Reg(UInt(b)).named("walk_leaves");
        UInt least = Reg(UInt(sumBits)).named("walk_least");
        UInt pending = RegInit(U(0, pendingBits)).named("walk_pending");
        // Three probes in flight, a stage each: the child probed on the last clock; the one probed before it, whose
        // word and bound land now and are judged into flags; and the one before that, sorted on this clock from its
        // flags, so no clock runs from a table's read data through the bound's compare into a read address or the
        // walk's state. A walked child's registers hold while the walk enters it (DESCEND).
        Bool sent = RegInit(B(false)).named("walk_probe_sent");
        UInt sentDigit = Reg(UInt(k)).named("walk_sent_digit");
        UInt sentSlot = Reg(UInt(slotBits)).named("walk_sent_slot");
        Bool probing = RegInit(B(false)).named("walk_probing");
        UInt probedDigit = Reg(UInt(k)).named("walk_probed_digit");
        UInt probedSlot = Reg(UInt(slotBits)).named("walk_probed_slot");
        Bool judged = RegInit(B(false)).named("walk_judged");
        UInt childDigit = Reg(UInt(k)).named("walk_child_digit");
        UInt childSlot = Reg(UInt(slotBits)).named("walk_child_slot");
        UInt childWord = Reg(UInt(ww)).named("walk_child_word");
        UInt childMin = Reg(UInt(sumBits)).named("walk_child_min");
        // What the judged child is, one of three, registered from its word and bound as they land.
        Bool childLeaf = Reg(Bool()).named("walk_child_leaf");
        Bool childPassed = Reg(Bool()).named("walk_child_passed");
        Bool childWalked = Reg(Bool()).named("walk_child_walked");
        // The node's verdict, and what it leaves its parent.
        Bool merges = Reg(Bool()).named("walk_merges");
        Bool clips = Reg(Bool()).named("walk_clips");
        UInt freeing = Reg(UInt(b)).named("walk_freeing");
        Bool nowLeaf = Reg(Bool()).named("walk_now_leaf");
        UInt newCount = Reg(UInt(cb)).named("walk_new_count");
        UInt newLeast = Reg(UInt(sumBits)).named("walk_new_least");

        // --- the frames of the nodes above, at their depths
        int fw = slotBits + ww + b + sumBits + b + sumBits + k;
        Mem<UInt> frames = Mem(c.levels(), UInt(fw)).named("walk_frames");
        UInt parentIndex = depth.sub(U(1, depth.getWidth())).bits(frameIndexBits - 1, 0);
        // The parent's frame reaches RETURN from a flip-flop, read on FINISH, the one clock before RETURN (neither
        // writes
        // a frame, nor moves the depth): RETURN's compares and sums then start at registers, not at the distributed
        // RAM's read.
        UInt frame = RegNext(frames.read(parentIndex)).named("walk_parent_frame");
        when(
                step.is(RETURN).and(depth.orR()),
                () -> Assert(frame.eq(frames.read(parentIndex)), "walk_parent_frame is stale"));

        // --- each clock: a READ result is added, a judged child is sorted, a landed one judged, the next one probed
        Bool result = cmd.readResult.and(step.is(SCAN).or(step.is(DESCEND)));
        UInt sumIn = Mux(result, sum.add(cmd.readValue.pad(sumBits)), sum);
        Bool leafNow = judged.and(childLeaf).named("walk_leaf_now");
        Bool passNow = judged.and(childPassed).named("walk_pass_now");
        Bool walkNow = judged.and(childWalked).named("walk_walk_now");
        Bool landedLeaf = t.wordData.eq(0);
        Bool landedPassed = SplitCompare.atLeastComplement(t.minData, notThreshold);
        UInt leastIn = Mux(passNow.and(childMin.lt(least)), childMin, least);
        FirstSet nextChild = new FirstSet(todo, k);
        UInt nextSlot = cw.entry(word, nextChild.index);
        UInt pendingIn = pending.add(leafNow.asUInt().pad(pendingBits))
                .sub(result.asUInt().pad(pendingBits));
        UInt clipped = sumBits > cb
                ? Mux(sum.bits(sumBits - 1, cb).orR(), Fill(cb, B(true)), sum.bits(cb - 1, 0))
                : sum.pad(cb);
        FirstSet nextFree = new FirstSet(freeing, k);
        UInt freeSlot = cw.entry(word, nextFree.index).named("walk_free_slot");

        step.on(
                        IDLE,
                        () -> when(walkStart, () -> {
                            depth.connect(U(0, c.depthBits()));
                            slot.connect(U(0, slotBits));
                            step.go(BEGIN);
                        }))
                // A clock after the start (the split that may start a batch writes a word on that clock), from the
                // root's word in its register.
                .on(BEGIN, () -> {
                    word.connect(t.rootWord);
                    enter(cw, cmd, slot, t.rootWord, todo, sum, leaves, least, pending, none, pendingBits);
                    step.go(SCAN);
                })
                .on(SCAN, () -> {
                    sum.connect(sumIn);
                    least.connect(leastIn);
                    pending.connect(pendingIn);
                    sent.connect(B(false));
                    probing.connect(sent.and(walkNow.not()));
                    judged.connect(probing.and(walkNow.not()));
                    probedDigit.connect(sentDigit);
                    probedSlot.connect(sentSlot);
                    when(walkNow.not(), () -> {
                        childDigit.connect(probedDigit);
                        childSlot.connect(probedSlot);
                        childWord.connect(t.wordData);
                        childMin.connect(t.minData);
                        childLeaf.connect(landedLeaf);
                        childPassed.connect(landedLeaf.not().and(landedPassed));
                        childWalked.connect(landedLeaf.not().and(landedPassed.not()));
                    });
                    when(leafNow, () -> {
                        cmd.read(childSlot);
                        leaves.connect(leaves.or(bit(childDigit, b)));
                    });
                    // The next probe's read goes out whatever the probes in flight turn out to be, so the read's
                    // address and enable come from registers alone. Behind a child that is walked the probes are
                    // dropped (their digits stay to do) and their data is never looked at.
                    when(nextChild.found, () -> {
                        t.readWord(nextSlot);
                        t.readMin(nextSlot);
                    });
                    when(walkNow, () -> {
                                UInt dropped = Mux(probing, bit(probedDigit, b), U(0, b))
                                        .or(Mux(sent, bit(sentDigit, b), U(0, b)));
                                todo.connect(todo.or(dropped));
                                step.go(DESCEND);
                            })
                            .elsewhen(nextChild.found, () -> {
                                sent.connect(B(true));
                                sentDigit.connect(nextChild.index);
                                sentSlot.connect(nextSlot);
                                todo.connect(todo.and(bit(nextChild.index, b).not()));
                            })
                            .elsewhen(probing.not().and(sent.not()).and(pendingIn.eq(0)), () -> step.go(DECIDE));
                })
                // Into an interior child once this node's READs are in: the node waits on the stack.
                .on(DESCEND, () -> {
                    sum.connect(sumIn);
                    pending.connect(pendingIn);
                    when(pending.eq(0), () -> {
                        frames.write(
                                depth.bits(frameIndexBits - 1, 0),
                                Cat(slot, word, todo, sum, leaves, least, childDigit));
                        depth.connect(depth.add(U(1, depth.getWidth())));
                        slot.connect(childSlot);
                        word.connect(childWord);
                        enter(cw, cmd, childSlot, childWord, todo, sum, leaves, least, pending, none, pendingBits);
                        step.go(SCAN);
                    });
                })
                .on(DECIDE, () -> {
                    merges.connect(leaves.orR()
                            .and(SplitCompare.atLeastComplement(sum, notThreshold)
                                    .not()));
                    clips.connect(sumBits > cb ? sum.bits(sumBits - 1, cb).orR() : B(false));
                    step.go(ACT);
                })
                .on(ACT, () -> {
                    newCount.connect(clipped);
                    when(merges, () -> {
                                cmd.set(slot, clipped);
                                st.removed.connect(cw.ones(leaves));
                                when(clips, () -> st.saturation.connect(B(true)));
                                freeing.connect(leaves);
                                newLeast.connect(least);
                                step.go(FREE);
                            })
                            .otherwise(() -> {
                                newLeast.connect(Mux(leaves.orR().and(sum.lt(least)), sum, least));
                                step.go(FINISH);
                            });
                })
                .on(
                        FREE,
                        () -> when(nextFree.found, () -> {
                                    free.push(freeSlot);
                                    t.free(freeSlot);
                                    freeing.connect(
                                            freeing.and(bit(nextFree.index, b).not()));
                                })
                                .otherwise(() -> {
                                    UInt kept = cw.without(word, leaves);
                                    t.writeWord(slot, kept);
                                    word.connect(kept);
                                    step.go(FINISH);
                                }))
                .on(FINISH, () -> {
                    t.writeMin(slot, newLeast);
                    nowLeaf.connect(merges.and(word.eq(0)));
                    step.go(RETURN);
                })
                .on(
                        RETURN,
                        () -> when(depth.eq(0), () -> {
                                    done.connect(B(true));
                                    step.go(IDLE);
                                })
                                .otherwise(() -> {
                                    UInt pDigit = frame.bits(k - 1, 0);
                                    UInt pLeast = frame.bits(sumBits + k - 1, k);
                                    UInt pLeaves = frame.bits(b + sumBits + k - 1, sumBits + k);
                                    UInt pSum = frame.bits(sumBits + b + sumBits + k - 1, b + sumBits + k);
                                    UInt pTodo =
                                            frame.bits(b + sumBits + b + sumBits + k - 1, sumBits + b + sumBits + k);
                                    depth.connect(parentIndex.pad(depth.getWidth()));
                                    slot.connect(frame.bits(fw - 1, fw - slotBits));
                                    word.connect(frame.bits(fw - slotBits - 1, fw - slotBits - ww));
                                    todo.connect(pTodo);
                                    sum.connect(Mux(nowLeaf, pSum.add(newCount.pad(sumBits)), pSum));
                                    leaves.connect(Mux(nowLeaf, pLeaves.or(bit(pDigit, b)), pLeaves));
                                    least.connect(Mux(nowLeaf.not().and(newLeast.lt(pLeast)), newLeast, pLeast));
                                    pending.connect(U(0, pendingBits));
                                    step.go(SCAN);
                                }));
        when(walkStart, () -> Assert(step.is(IDLE), "a merge batch started while the last one walks"));
        Assert(step.is(SCAN).or(sent.or(probing).or(judged).not()), "a probe in flight outside SCAN");
        // The judged child's kind, registered as its data landed, is what its word and bound say.
        when(judged, () -> {
            Bool leaf = childWord.eq(0);
            Bool passed = SplitCompare.atLeastComplement(childMin, notThreshold);
            Assert(childLeaf.eq(leaf), "walk_child_leaf is not the judged child's word = 0");
            Assert(childPassed.eq(leaf.not().and(passed)), "walk_child_passed is not its bound >= T");
            Assert(childWalked.eq(leaf.not().and(passed.not())), "walk_child_walked is not its bound < T");
        });
        when(
                step.is(DECIDE),
                () -> Assert(pending.eq(0).and(todo.eq(0)), "a merge verdict with READs or children to come"));
    }

    /** Entering a node: READ its own count; its children are all still to look at. */
    private static void enter(
            ChildWord cw,
            CounterPort cmd,
            UInt slot,
            UInt word,
            UInt todo,
            UInt sum,
            UInt leaves,
            UInt least,
            UInt pending,
            UInt none,
            int pendingBits) {
        cmd.read(slot);
        todo.connect(cw.present(word));
        sum.connect(U(0, sum.getWidth()));
        leaves.connect(U(0, leaves.getWidth()));
        least.connect(none);
        pending.connect(U(1, pendingBits));
    }

    private static UInt bit(UInt index, int width) {
        return U(1, width).shl(index).bits(width - 1, 0);
    }

    /** A batch starts on this clock edge (threshold: the constructor's ~T, unchanged until {@link #done}). */
    void start() {
        walkStart.connect(B(true));
    }
}
