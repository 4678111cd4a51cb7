package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.TrieMergeWalk.Step.*;
import static org.rapgen.engines.rap.TrieNodeVerdict.bit;
import static org.rapgen.hdl.Hdl.*;

import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * One merge batch of the trie engine (SPEC §4 "Merge"): a post-order walk of the tree in block RAM, so every node is
 * decided after its whole subtree, the order {@code RapModel} defines, that passes over every subtree whose merge-sum
 * bound ({@link TrieTables}' {@code sub_min}) is at least T: no node there can merge, and none changes.
 *
 * <p>The walk keeps the node it is at in registers (slot, child word, the digits still to look at, the sum S of its
 * own count and its leaf children's, the leaf digits, the least bound of its passed-over children) and the nodes above
 * it on a stack of at most L frames, in distributed RAM. Each clock it probes one child: its word and bound, read
 * together, which land {@link TrieTables#READ_LATENCY} clocks later and are judged into flags on that clock, which the
 * walk acts on a clock after (three probes in flight), and its count, READ on the same clock whatever the child turns
 * out to be, since its slot is known then: a leaf's count is added when it lands, a subtree with a bound of at least T
 * is passed over (its count is not looked at), and any other child is walked first, on the clock it is judged: the
 * node goes on the stack, the child becomes the node, its first child's probe goes out on that clock, and its own
 * count, READ with its probe, is its S when it lands. The probes behind a walked child are dropped and made again after
 * the subtree, so the children are still taken in digit order.
 *
 * <p>When a node's last child is judged, the node is handed to {@link TrieNodeVerdict}, which decides it (S < T with
 * leaf children: the leaves merge into it), writes it back and keeps what it leaves its parent until the parent's own
 * hand-over, while the walk goes back to the parent, from the stack. Once a node has probed its last child, the walk
 * probes the parent's next children from the parent's frame (if the verdict's queue has room, so the hand-over is sure
 * to come on the clock the node's last child is judged): they are judged after the walk is back in the parent, and dropped
 * with the rest if one of the node's own children is walked instead.
 *
 * <p>Every decision reads only the node and its children, final by then, and the merges and frees come in the
 * post-order, so the result is the golden model's. Built in the caller's module.
 */
final class TrieMergeWalk {
    enum Step {
        IDLE,
        BEGIN,
        SCAN,
        LAST
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
        int frameIndexBits = log2Up(c.levels());
        UInt none = Fill(sumBits, B(true));
        // A child's count lands this many clocks after it is judged: 0 or 1 (the counter read register).
        int countLag = CounterPort.resultLatency(c) - (TrieTables.READ_LATENCY + 1);
        if (countLag < 0 || countLag > 1)
            throw new HdlException(
                    SourceLoc.callerOf(TrieMergeWalk.class),
                    "the merge walk needs a counter result latency of 3 or 4 clocks, not "
                            + CounterPort.resultLatency(c));

        // --- the node the walk is at
        UInt depth = RegInit(U(0, c.depthBits())).named("walk_depth");
        // The depth is not 0, in a flip-flop of its own: it decides a parent's probe, so it starts the probe's address.
        Bool belowRoot = RegInit(B(false)).named("walk_below_root");
        UInt slot = Reg(UInt(slotBits)).named("walk_slot");
        UInt word = Reg(UInt(ww)).named("walk_word");
        UInt todo = Reg(UInt(b)).named("walk_todo");
        UInt sum = Reg(UInt(sumBits)).named("walk_sum");
        UInt leaves = Reg(UInt(b)).named("walk_leaves");
        UInt least = Reg(UInt(sumBits)).named("walk_least");
        // Three probes in flight, a stage each: the child probed on the last clock; the one probed before it, whose
        // word and bound land now and are judged into flags; and the one before that, sorted on this clock from its
        // flags, so no clock runs from a table's read data through the bound's compare into a read address or the
        // walk's state.
        Bool sent = RegInit(B(false)).named("walk_probe_sent");
        UInt sentDigit = Reg(UInt(k)).named("walk_sent_digit");
        UInt sentSlot = Reg(UInt(slotBits)).named("walk_sent_slot");
        Bool probing = RegInit(B(false)).named("walk_probing");
        UInt probedDigit = Reg(UInt(k)).named("walk_probed_digit");
        UInt probedSlot = Reg(UInt(slotBits)).named("walk_probed_slot");
        // The probe in the first or second stage is one of the parent's, sent after the node's last (below).
        Bool sentUp = RegInit(B(false)).named("walk_sent_up");
        Bool probingUp = RegInit(B(false)).named("walk_probing_up");
        // The parent's digits probed so far, still to do in its frame.
        UInt upTaken = RegInit(U(0, b)).named("walk_up_taken");
        Bool judged = RegInit(B(false)).named("walk_judged");
        UInt childDigit = Reg(UInt(k)).named("walk_child_digit");
        UInt childSlot = Reg(UInt(slotBits)).named("walk_child_slot");
        UInt childWord = Reg(UInt(ww)).named("walk_child_word");
        UInt childMin = Reg(UInt(sumBits)).named("walk_child_min");
        // What the judged child is, one of three, and its children, registered from its word and bound as they land.
        Bool childLeaf = Reg(Bool()).named("walk_child_leaf");
        Bool childPassed = Reg(Bool()).named("walk_child_passed");
        Bool childWalked = Reg(Bool()).named("walk_child_walked");
        UInt childKids = Reg(UInt(b)).named("walk_child_kids");
        Bool leafNow = judged.and(childLeaf).named("walk_leaf_now");
        Bool passNow = judged.and(childPassed).named("walk_pass_now");
        Bool walkNow = judged.and(childWalked).named("walk_walk_now");

        // --- where each landing count goes. With a lag of a clock, the judged child's kind rides a register to its
        // count: a leaf's is the node's, a walked child's is the child's own S (the walk is in it by then), and the
        // count landing on the clock after a hand-over is the handed-over node's last leaf. With no lag a walked
        // child's count lands on the clock the walk enters it.
        Bool countQ = countLag == 1
                ? RegNext(judged.and(childLeaf.or(childWalked)), B(false)).named("walk_count_q")
                : B(false);
        TrieNodeVerdict verdict = new TrieNodeVerdict(c, t, free, st, cmd, notThreshold, countQ, walkStart);
        Bool countHere = (countLag == 1 ? countQ.and(verdict.adding.not()) : leafNow).named("walk_count_here");
        Bool countEntered = countLag == 1 ? B(false) : walkNow;

        // --- the frames of the nodes above, at their depths
        int fw = slotBits + ww + b + sumBits + b + sumBits + k;
        Mem<UInt> frames = Mem(c.levels(), UInt(fw)).named("walk_frames");
        UInt parentIndex = depth.sub(U(1, depth.getWidth())).bits(frameIndexBits - 1, 0);
        // The parent's frame in a flip-flop, so the parent's probes and the restore start at registers, not at the
        // distributed RAM's read. It is loaded for the depth the walk goes to (below), so it holds on every clock.
        UInt frame = Reg(UInt(fw)).named("walk_parent_frame");
        UInt frameWord = frame.bits(fw - slotBits - 1, fw - slotBits - ww);
        UInt frameTodo = frame.bits(b + sumBits + b + sumBits + k - 1, sumBits + b + sumBits + k);

        // --- each clock: a count is added, a judged child is sorted, a landed one judged, the next one probed
        // The root's count, READ on BEGIN, lands before any of its children's (their first probe is a clock later).
        List<Bool> rootReads = ShiftRegisters(step.is(BEGIN), CounterPort.resultLatency(c), B(false), "walk_root_read");
        Bool rootCount = rootReads.get(rootReads.size() - 1);
        Bool rootWaits = B(false);
        for (int i = 0; i < rootReads.size() - 1; i++) rootWaits = rootWaits.or(rootReads.get(i));
        UInt sumIn = Mux(countHere.or(rootCount), sum.add(cmd.readValue.pad(sumBits)), sum);
        UInt leavesIn = Mux(leafNow, leaves.or(bit(childDigit, b)), leaves);
        UInt leastIn = Mux(passNow.and(childMin.lt(least)), childMin, least);
        Bool landedLeaf = t.words.present(t.wordData).eq(0);
        Bool landedPassed = SplitCompare.atLeastComplement(t.minData, notThreshold);
        FirstSet nextChild = new FirstSet(todo, k);
        FirstSet firstKid = new FirstSet(childKids, k);
        FirstSet upNext = new FirstSet(frameTodo.and(upTaken.not()), k);
        // The probe: the walked child's first child on the clock the walk enters it, else the node's next child, else,
        // once the node has none left, the parent's next child. Its address and enable come from registers and the
        // walked flag (two flip-flops), whatever the probes in flight turn out to be; none goes out while the verdict
        // SETs a count (the counter port's one command). The parent's wait for room in the verdict's queue: then the
        // node's hand-over cannot be held back, and each is judged after the walk is back in the parent.
        Bool probeUp = walkNow.not()
                .and(nextChild.found.not())
                .and(belowRoot)
                .and(verdict.room)
                .and(verdict.setting.not())
                .and(upNext.found)
                .named("walk_probe_up");
        UInt probeDigit = Mux(walkNow, firstKid.index, Mux(nextChild.found, nextChild.index, upNext.index));
        UInt probeSlot = Mux(
                        walkNow,
                        cw.entry(childWord, firstKid.index),
                        Mux(nextChild.found, cw.entry(word, nextChild.index), cw.entry(frameWord, upNext.index)))
                .named("walk_probe_slot");
        Bool probe = walkNow.or(nextChild.found)
                .or(probeUp)
                .and(verdict.setting.not())
                .named("walk_probe");
        UInt upTakenIn = Mux(probeUp, upTaken.or(bit(upNext.index, b)), upTaken);
        // Nothing of the node is left to probe or judge: it goes to the verdict once its queue has room.
        Bool ownSent = sent.and(sentUp.not());
        Bool ownProbing = probing.and(probingUp.not());
        Bool last = walkNow.not()
                .and(nextChild.found.not())
                .and(ownSent.not())
                .and(ownProbing.not())
                .and(rootWaits.not());
        Bool handOver = last.and(verdict.room).named("walk_hand_over");

        // Into a walked child the node itself becomes the parent's frame; back in the parent, its parent's is read.
        UInt dropped = Mux(ownProbing, bit(probedDigit, b), U(0, b)).or(Mux(ownSent, bit(sentDigit, b), U(0, b)));
        UInt pushed = Cat(slot, word, todo.or(dropped), sumIn, leavesIn, leastIn, childDigit);
        Bool scanning = step.is(SCAN);
        UInt aboveParent = depth.sub(U(2, depth.getWidth())).bits(frameIndexBits - 1, 0);
        frame.connect(
                Mux(scanning.and(walkNow), pushed, frames.read(Mux(scanning.and(handOver), aboveParent, parentIndex))));

        step.on(
                        IDLE,
                        () -> when(walkStart, () -> {
                            depth.connect(U(0, c.depthBits()));
                            belowRoot.connect(B(false));
                            slot.connect(U(0, slotBits));
                            step.go(BEGIN);
                        }))
                // A clock after the start (the split that may start a batch writes a word on that clock), from the
                // root's word in its register; its count lands while its children are probed.
                .on(BEGIN, () -> {
                    word.connect(t.rootWord);
                    todo.connect(cw.present(t.rootWord));
                    sum.connect(U(0, sumBits));
                    leaves.connect(U(0, b));
                    least.connect(none);
                    cmd.read(slot);
                    step.go(SCAN);
                })
                .on(SCAN, () -> {
                    sum.connect(sumIn);
                    leaves.connect(leavesIn);
                    least.connect(leastIn);
                    sent.connect(probe);
                    sentUp.connect(probeUp);
                    sentDigit.connect(probeDigit);
                    sentSlot.connect(probeSlot);
                    probing.connect(sent.and(walkNow.not()));
                    probingUp.connect(sentUp.and(walkNow.not()));
                    judged.connect(probing.and(walkNow.not()));
                    upTaken.connect(upTakenIn);
                    probedDigit.connect(sentDigit);
                    probedSlot.connect(sentSlot);
                    childDigit.connect(probedDigit);
                    childSlot.connect(probedSlot);
                    childWord.connect(t.wordData);
                    childMin.connect(t.minData);
                    childKids.connect(cw.present(t.wordData));
                    childLeaf.connect(landedLeaf);
                    childPassed.connect(landedLeaf.not().and(landedPassed));
                    childWalked.connect(landedLeaf.not().and(landedPassed.not()));
                    t.pointWordAndMin(probeSlot);
                    when(probe, () -> {
                        t.readWord(probeSlot);
                        t.readMin(probeSlot);
                        cmd.read(probeSlot);
                    });
                    // Into the walked child: the node waits on the stack with the digits of its dropped probes behind
                    // it still to do; the parent's dropped probes were never taken from its frame.
                    when(walkNow, () -> {
                                frames.write(depth.bits(frameIndexBits - 1, 0), pushed);
                                depth.connect(depth.add(U(1, depth.getWidth())));
                                belowRoot.connect(B(true));
                                slot.connect(childSlot);
                                word.connect(childWord);
                                todo.connect(Mux(
                                        probe,
                                        childKids.and(bit(firstKid.index, b).not()),
                                        childKids));
                                sum.connect(countLag == 0 ? cmd.readValue.pad(sumBits) : U(0, sumBits));
                                leaves.connect(U(0, b));
                                least.connect(none);
                                upTaken.connect(U(0, b));
                            })
                            .elsewhen(
                                    nextChild.found.and(probe),
                                    () -> todo.connect(
                                            todo.and(bit(nextChild.index, b).not())))
                            // Back to the parent: its probes sent so far are its own from here on.
                            .elsewhen(handOver, () -> {
                                verdict.take(slot, word, sumIn, leavesIn, leastIn, frame.bits(k - 1, 0), depth);
                                when(belowRoot, () -> {
                                            depth.connect(parentIndex.pad(depth.getWidth()));
                                            belowRoot.connect(parentIndex.orR());
                                            slot.connect(frame.bits(fw - 1, fw - slotBits));
                                            word.connect(frameWord);
                                            todo.connect(frameTodo.and(upTakenIn.not()));
                                            sum.connect(frame.bits(sumBits + b + sumBits + k - 1, b + sumBits + k));
                                            leaves.connect(frame.bits(b + sumBits + k - 1, sumBits + k));
                                            least.connect(frame.bits(sumBits + k - 1, k));
                                            sentUp.connect(B(false));
                                            probingUp.connect(B(false));
                                            upTaken.connect(U(0, b));
                                        })
                                        .otherwise(() -> step.go(LAST));
                            });
                })
                // The root was handed over: the batch ends when its verdict is written.
                .on(
                        LAST,
                        () -> when(verdict.drained, () -> {
                            done.connect(B(true));
                            step.go(IDLE);
                        }));
        when(walkStart, () -> Assert(step.is(IDLE), "a merge batch started while the last one walks"));
        Assert(belowRoot.eq(depth.orR()), "walk_below_root is not depth > 0");
        Assert(step.is(SCAN).or(sent.or(probing).or(judged).not()), "a probe in flight outside SCAN");
        when(
                step.is(SCAN).and(depth.orR()),
                () -> Assert(frame.eq(frames.read(parentIndex)), "walk_parent_frame is not the parent's frame"));
        // A parent's probe is judged only after the walk is back in the parent.
        when(probingUp.and(walkNow.not()), () -> Assert(handOver, "a parent's probe lands before the hand-over"));
        when(upTaken.orR(), () -> Assert(step.is(SCAN).and(depth.orR()), "parent's probes outside a child"));
        // Every count the walk adds is a READ result on the clock it expects it.
        when(countHere.or(countEntered), () -> Assert(cmd.readResult, "a child's count did not land when due"));
        when(rootCount, () -> Assert(cmd.readResult.and(countHere.not()), "the root's count did not land alone"));
        when(verdict.adding.and(countQ), () -> Assert(cmd.readResult, "the last leaf's count did not land when due"));
        // The judged child's kind, registered as its data landed, is what its word and bound say.
        when(judged, () -> {
            Bool leaf = childWord.eq(0);
            Bool passed = SplitCompare.atLeastComplement(childMin, notThreshold);
            Assert(childLeaf.eq(leaf), "walk_child_leaf is not the judged child's word = 0");
            Assert(childPassed.eq(leaf.not().and(passed)), "walk_child_passed is not its bound >= T");
            Assert(childWalked.eq(leaf.not().and(passed.not())), "walk_child_walked is not its bound < T");
            Assert(childKids.eq(cw.present(childWord)), "walk_child_kids is not the judged child's children");
        });
    }

    /** A batch starts on this clock edge (threshold: the constructor's ~T, unchanged until {@link #done}). */
    void start() {
        walkStart.connect(B(true));
    }
}
