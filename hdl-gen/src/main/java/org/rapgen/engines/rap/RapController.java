package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.RapController.State.*;
import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.lib.CounterSram;

/**
 * The commit stage and the split/merge controller of the RAP engine (SPEC §5 stage 4 and the FSM; docs/rap-engine.md
 * has the diagrams).
 *
 * <h2>Speculation and replay</h2>
 * Events are issued one per clock without waiting for the ones ahead. Each event's counter update is applied by the
 * counter SRAM as it passes; at the commit stage (the SRAM's output) the controller checks the updated count against
 * T(n) and n against the merge schedule. If the event needs a split or a merge, everything issued after it is wrong
 * (it matched against the old tree), so the controller
 * <ol>
 *   <li>DRAIN: stops issuing, throws away younger events still in the TCAM or selector, and records (slot, old
 *       count) of every younger event that already reached the counter SRAM;</li>
 *   <li>UNDO: writes those old counts back, newest first, which restores the counters exactly (an add that
 *       saturated cannot be subtracted, a restore can);</li>
 *   <li>performs the split and/or merge batch with exclusive use of the TCAM, the node table and the SRAM;</li>
 *   <li>RESUME: rewinds the replay window to the oldest uncommitted event and runs again.</li>
 * </ol>
 * So every committed event saw the tree and the counters exactly as the sequential algorithm would: the state after
 * any prefix equals {@code HardwareRap} after the same events.
 *
 * <h2>Split</h2>
 * The missing children of v are found from the node table (v's existing children, if an interior merge left some);
 * if there are fewer free slots than missing children, one early merge batch runs with the same T, then the split
 * goes ahead whole or is skipped (deferred split, sticky overflow). New children get count 0 through the SRAM.
 *
 * <h2>Merge batch</h2>
 * Level by level from the deepest level that can hold a parent of leaves ({@code deepest_depth} - 1, at most L-1,
 * length K-k) down to 0; in each level every node with leaf children (any order within a level gives the golden
 * result): read its own count and its leaf children's, and if the exact sum is below T remove those leaves and write
 * the sum back, clipped at 2^C-1. The walk finds those nodes through their leaves one level down, so a node whose
 * children all have children costs nothing. The verdict on a parent ({@link MergeVerdict}) waits for its last READ
 * while the walk issues the next parent's, so only a level's last parent pays the SRAM's latency. Then, for a
 * scheduled batch, next_merge moves on by q until it passes n; the product is made in the background
 * ({@link MergeSchedule}), with overflow detection.
 */
public final class RapController extends Module {
    /** The FSM's states (docs/rap-engine.md); kept one-hot. */
    enum State { INIT, RUN, DRAIN, UNDO, SPLIT_SCAN, SPLIT, SPLIT_ALLOC, MERGE_LEVEL, MERGE_KIDS, ADVANCE, ADVANCE_WAIT,
        RESUME, READ_ISSUE, READ_WAIT, SOFT_CLEAR }
    /** Clocks a counter command spends in the controller's output register before the SRAM takes it. */
    static final int COMMAND_LATENCY = 1;
    /** The longest carry chain of the commit's split test ({@code count > T}). */
    static final int COMMIT_CHAIN_BITS = 16;

    public final ControllerIO io;

    private final RapConfig c;
    private final OneHotState<State> state = new OneHotState<>("state", State.class, INIT);
    /**
     * No node is deeper: an upper bound that a split raises and a merge walk lowers past the empty levels it starts
     * with, so a batch starts at the deepest level that can hold a leaf instead of walking every empty level below.
     * It changes only in SPLIT, in MERGE_LEVEL (a clock after the walk left a level empty) and in SOFT_CLEAR, never
     * in a clock that starts a batch, so a batch reads the register itself (a combinational next value there cost
     * about 5 MHz on the iCE40).
     */
    private final UInt deepest;

    public RapController(RapConfig c, int windowDepth) {
        super("k", c.keyBits(), "b", c.branching(), "n", c.nodes(), "c", c.counterBits(), "w", c.weightBits(),
                "t", c.thresholdBits(), "d", windowDepth);
        this.c = c;
        deepest = RegInit(U(1, c.depthBits())).named("deepest_depth");
        io = IO(new ControllerIO(c));
        NodeTable table = new NodeTable(c);
        StatusRegs st = new StatusRegs(c);
        int slotBits = c.slotBits();
        int cb = c.counterBits();
        int tb = c.thresholdBits();
        int sumBits = c.mergeSumBits();
        int depthBits = log2Up(windowDepth + 1);
        UInt counterMax = Fill(cb, B(true));

        ControllerIO.CounterResult res = io.counterResult.bits;
        Bool resValid = io.counterResult.valid;
        // The counter command, registered on its way to the SRAM (CounterPort): the FSM's slot scans and lookups end at
        // flip-flops there, not inside the SRAM's address compare.
        CounterPort cmd = new CounterPort(c, res, resValid, io.selected.bits.slot, clipWeight(io.selected.bits.weight, cb));
        Bool cmdQValid = cmd.drive(io.counterCmd);
        ScheduleAndSnapshot sched = new ScheduleAndSnapshot(c, st, io.epsCsr, io.qCsr, io.m0Csr, io.m0CsrZero, io.countersIdle,
                state.is(INIT), state.is(ADVANCE));
        CsrRequests req = new CsrRequests();
        StallAccount stall = new StallAccount();

        // --- the structural operation in progress, latched from the event that asked for it
        UInt opSlot = Reg(UInt(slotBits)).named("op_slot");
        UInt opDepth = Reg(UInt(c.depthBits())).named("op_depth");
        // ~T of the event that asked for the structural change: the compares add it (SplitCompare).
        UInt opNotT = Reg(UInt(tb)).named("op_not_threshold");
        Bool earlyDone = RegInit(B(false)).named("early_done");
        Bool earlyBatch = RegInit(B(false)).named("early_batch");

        // --- occupancy: events between issue and the selector output, commands inside the counter SRAM
        UInt front = RegInit(U(0, depthBits + 1)).named("front_count");
        // sram_count counts the commands past the command register, so it adds that register's flip-flop and not
        // cmd_valid, which merges every state's command condition; a command still in the register is in flight too.
        UInt sramBusy = RegInit(U(0, 8)).named("sram_count");
        Bool pipeEmpty = front.eq(0).and(sramBusy.eq(0)).and(cmdQValid.not()).named("pipe_empty");

        // --- split and merge walk state
        UInt present = Reg(UInt(c.branching())).named("present_children");
        // Every write of present goes through its next value, so the split's next digit and "this child is the last"
        // are registered from it and describe present exactly on every clock: SPLIT_ALLOC's decisions start at
        // flip-flops.
        UInt presentNext = WireDefault(UInt(c.branching()), present).named("present_children_next");
        present.connect(presentNext);
        UInt nextDigit = RegNext(new FirstSet(presentNext.not(), c.bitsPerLevel()).index).named("split_next_digit");
        Bool lastChild = RegNext(FirstSet.twoOrMore(presentNext.not()).not()).named("split_last_child");
        // The merge parent's leaf children as its walk began (simulation check only: the hand-over takes the compare
        // network's kids_vector, which nothing changes during the walk).
        UInt visited = Reg(UInt(c.nodes())).named("visited_kids");
        // The leaves one level below the merge level whose parents are still to visit; and one walker for the merge
        // parent's leaf children or, in a split, the free slots.
        SlotPicker leavesBelow = new SlotPicker("leaf_pick", c.nodes(), slotBits, false);
        SlotPicker slots = new SlotPicker("slot_pick", c.nodes(), slotBits, true);
        // SPLIT_SCAN's pick's digit lands in present_children a clock later, from this register: the 32:1 digit select
        // then ends at a flip-flop, not in the decode, present's OR and the FirstSet behind it. Every digit lands while
        // the walk is still in SPLIT_SCAN (it ends a clock after its last find; asserted), before SPLIT_ALLOC reads
        // split_next_digit.
        Bool scanDigitValid = WireDefault(Bool(), B(false)).named("scan_digit_take");
        Bool scanDigitHeld = RegNext(scanDigitValid, B(false)).named("scan_digit_valid");
        UInt scanDigit = RegNext(Mux1H(slots.oneHot, table.digit)).named("scan_digit");
        // The walker is loaded on the first clock of a level / of a parent's children.
        Bool levelFresh = RegInit(B(false)).named("level_fresh");
        // One flag per walk of a node's children for its loading clock (SPLIT_SCAN's and MERGE_KIDS's first) and one
        // for the clocks after it, each set only in its state: the walkers' loads and takes are then one or two LUT
        // levels from flip-flops (their enables drive some 70 each), not the state logic's four or five.
        Bool scanFresh = RegInit(B(false)).named("scan_fresh");
        Bool kidsFresh = RegInit(B(false)).named("kids_fresh");
        Bool scanWalking = RegInit(B(false)).named("scan_walking");
        Bool kidsWalking = RegInit(B(false)).named("kids_walking");
        // The depth of the leaves walked: one below the merge level.
        UInt leafDepth = Reg(UInt(c.depthBits())).named("merge_leaf_depth");
        // Every write of merge_leaf_depth goes through its next value, so "the leaves are the root's children: this is
        // the batch's last level" is a flip-flop, and MERGE_LEVEL's step does not wait for a compare.
        UInt leafDepthNext = WireDefault(UInt(c.depthBits()), leafDepth).named("merge_leaf_depth_next");
        leafDepth.connect(leafDepthNext);
        Bool lastLevel = RegNext(leafDepthNext.eq(1), B(false)).named("merge_last_level");
        Bool levelHadLeaves = Reg(Bool()).named("level_had_leaves");
        // merge_leaf_depth == deepest_depth, as a flip-flop: a batch starts there, and the walk stays there only while
        // every level it leaves had no leaves (each such level lowers deepest_depth with it). So the update of
        // deepest_depth starts at flip-flops, not at a depth compare (it led several iCE40 placements in session 16).
        Bool leafAtDeepest = RegInit(B(false)).named("leaf_at_deepest");
        // A level the walk leaves empty lowers deepest_depth a clock later, from this flip-flop: the decision (a walk's
        // end, the verdict idle, no leaves on the level) is several LUT levels, and deepest_depth's enable then waits for
        // none of it. In that clock the walk is loading the next level, which reads merge_leaf_depth and not deepest_depth.
        Bool lowerDeepest = RegInit(B(false)).named("deepest_lowers");
        lowerDeepest.connect(B(false));
        when(lowerDeepest, () -> deepest.connect(deepest.sub(1)));
        UInt mp = Reg(UInt(slotBits)).named("merge_parent");
        // The slot whose children the compare network lists: op_slot in SPLIT_SCAN, merge_parent in MERGE_KIDS. One
        // register loaded with each of them, so the 32 parent compares start at a flip-flop and not at a select
        // between the two (checked below).
        UInt kidsOwner = Reg(UInt(slotBits)).named("kids_owner");
        UInt leaves = Reg(UInt(c.childCountBits())).named("merge_leaves");

        // --- node readout: the slot field of the SLOT register (its high bits only say "beyond N", for the in-use flag)
        UInt readIndex = req.slot.bits(slotBits - 1, 0).named("readout_index");
        Bool nodeValid = RegInit(B(false)).named("node_valid");
        UInt nodePrefix = Reg(UInt(c.keyBits())).named("node_prefix");
        UInt nodeLen = RegInit(U(0, c.lenBits())).named("node_len");
        UInt nodeCount = RegInit(U(0, cb)).named("node_count");

        // Read (SPLIT, READ_ISSUE) and written (INIT, SPLIT_ALLOC) in different states, which synthesis cannot see
        // through the one-hot state: without no_rw_check it builds read-during-write forwarding (checked below).
        SyncReadMem<UInt> prefixes = SyncReadMem(c.nodes(), UInt(c.keyBits())).named("slot_prefix").attribute("no_rw_check");
        // One read port (one block RAM copy) serves the node readout and the split, which reads the parent's prefix
        // in SPLIT for SPLIT_ALLOC; the readout latches its word, so a later split cannot change it.
        Bool readParent = state.is(SPLIT);
        Bool prefixReadEnable = readParent.or(state.is(READ_ISSUE));
        UInt prefixRead = prefixes.read(Mux(readParent, opSlot, readIndex), prefixReadEnable);
        // One write port too (a block RAM has one): INIT writes the root's, a split each child's. Written once here from
        // wires, since synthesis cannot prove two ports' enables exclusive when they are two one-hot state flip-flops.
        Bool prefixWrite = WireDefault(Bool(), B(false)).named("prefix_write");
        UInt prefixWriteSlot = Wire(UInt(slotBits)).named("prefix_write_slot");
        UInt prefixWriteValue = Wire(UInt(c.keyBits())).named("prefix_write_value");
        when(prefixWrite, () -> {
            prefixes.write(prefixWriteSlot, prefixWriteValue);
            Assert(prefixReadEnable.not(), "slot_prefix read and written in one clock");
        });
        Bool inRun = state.is(RUN);
        // RUN again, for the issue side alone: the issue enable then shares no LUT with the commit strobe (Yosys's abc had
        // both take inRun & !commit_stop from one LUT, a level more on the issue's path into the TCAM and the window),
        // and the placer can put this flip-flop by the issue logic.
        Bool inRunForIssue = state.duplicate(RUN, "state_run_issue_n");
        // And for the replay window's commit strobe, a net of its own beside the controller's commit_fire: each has half
        // the loads (about 70 enables between them), and each can be placed by its own.
        Bool inRunForWindow = state.duplicate(RUN, "state_run_window_n");
        Bool inAdvanceState = state.is(ADVANCE);
        // Read only in ADVANCE itself, so "ADVANCE on the three clocks before" is the whole test: a flip-flop.
        Bool advanceSettled = heldBefore(inAdvanceState, 4, "advance_settled");

        // The child count of the node a split (op_slot) or a merge (merge_parent) works on: a registered lookup, exact
        // because the table and the slot stand still for a clock before each use (checked below). kids_owner is that
        // node in both (it goes back to op_slot as a merge batch ends), so the N:1 select has no 2:1 in front of it.
        Bool walkingKids = state.is(MERGE_KIDS);
        UInt childrenNow = table.childCount.read(kidsOwner);
        UInt opChildren = RegNext(childrenNow).named("op_children");
        // --- defaults
        io.selected.ready.connect(B(true));
        io.counterResult.ready.connect(B(true));
        TcamWriteRegister tw = new TcamWriteRegister(c, io.tcamWrite);
        io.rewind.connect(B(false));
        io.softClear.connect(B(false));

        // --- occupancy bookkeeping
        // The issue handshake arrives late (the TCAM's ready) and the selector's output is a flip-flop: both outcomes of
        // the issue are ready before it, so it meets front_count only in the last LUT.
        UInt frontIfIssued = Mux(io.selected.valid, front, front.add(U(1, depthBits + 1))).named("front_if_issued");
        UInt frontIfNot = Mux(io.selected.valid, front.sub(U(1, depthBits + 1)), front).named("front_if_not");
        front.connect(Mux(io.issued, frontIfIssued, frontIfNot));
        sramBusy.connect(sramBusy.add(cmdQValid.pad(8)).sub(resValid.pad(8)));

        // A commit that asks for a structural change stops the next clock's commit (commit_stop) and the FSM enters
        // DRAIN a clock later: that clock already drains.
        Bool commitStop = RegInit(B(false)).named("commit_stop");
        Bool draining = state.is(DRAIN).or(commitStop).named("draining");
        UndoStack undo = new UndoStack(c, windowDepth, draining.and(resValid), res.addr, res.old, state.is(UNDO));

        // --- commit stage (RUN)
        // The commit decision starts from flip-flops: the hit slot's depth and whether a split there would find too
        // few free slots are looked up as its command is issued, and ride beside it (the SRAM never
        // stalls: its output is always ready). Nothing structural changes while events flow, so they are still true.
        int fw = Math.max(c.nodeCountBits(), c.childCountBits() + 1);
        UInt freeSlots = U(c.nodes(), fw).sub(st.nodes.pad(fw)).named("free_slots");
        // Whether the free slots cover op_slot's missing children, registered from op_children: SPLIT acts once UNDO,
        // SPLIT_SCAN and SPLIT have lasted three clocks together (none changes op_slot or the table), or on its third
        // clock after an early batch, which may just have freed slots.
        UInt missingChildren = U(c.branching(), fw).sub(opChildren.pad(fw)).named("missing_children");
        Bool fitsNow = freeSlots.ge(missingChildren);
        Bool splitFits = RegNext(fitsNow).named("split_fits");
        // A new child's TCAM word: its digit field and its mask depend only on op_depth, which stands still from the
        // commit that asked for the split to the end of SPLIT_ALLOC (DRAIN, UNDO and SPLIT's three clocks come
        // between), so they are registered and the word is one LUT from flip-flops: the parent's prefix (the prefix
        // RAM's word), the digit and the field. Checked against the shifts where they are used.
        UInt childDepth = opDepth.add(U(1, c.depthBits())).named("child_depth");
        UInt childMaskNow = maskBelow(childDepth);
        UInt childDigits = RegNext(maskBelow(opDepth).and(childMaskNow.not())).named("child_digit_field");
        UInt childMask = RegNext(childMaskNow).named("child_mask");
        UInt childPrefixWord = prefixRead.or(childDigits.and(Fill(c.keyBits() / c.bitsPerLevel(), nextDigit)))
                .named("child_prefix");
        // The TCAM and prefix RAM write wires carry the split's new child unless INIT writes the root: they matter only
        // with their valid or write strobe, so their values are a choice between two, not a chain over the states.
        tw.index.connect(slots.index);
        tw.value.connect(childPrefixWord);
        tw.mask.connect(childMask);
        prefixWriteSlot.connect(slots.index);
        prefixWriteValue.connect(childPrefixWord);
        // Whether the split node is at the deepest level, registered: neither changes while the split settles.
        Bool opAtDeepest = RegNext(opDepth.ge(deepest)).named("op_at_deepest");
        // SPLIT's decisions read only the flip-flop (SPLIT is one of the states); the checks below take the whole test.
        Bool splitStates = state.is(UNDO).or(state.is(SPLIT_SCAN)).or(state.is(SPLIT));
        Bool splitHeld = heldBefore(splitStates, 3, "split_settled");
        Bool splitSettled = splitStates.and(splitHeld).named("split_settled");
        // Only events (RUN) use them, so they come from the selector's output: its depth, and the hit slot's child
        // count looked up in a table of "a split would be short" per possible count, registered (free slots and
        // child counts do not change while events flow, and a structural change is many clocks before the next event).
        List<Bool> shortByCount = new ArrayList<>();
        for (int cc = 0; cc < 1 << c.childCountBits(); cc++) {
            shortByCount.add(cc >= c.branching() ? B(false) : freeSlots.lt(U(c.branching() - cc, fw)));
        }
        UInt shortTable = RegNext(CatLsbFirst(shortByCount)).named("short_by_children");
        UInt depthBeside = io.selected.bits.depth;
        // RUN's own command condition, not the shared cmd_valid, which merges every state's (checked below).
        Bool eventBeside = inRun.and(io.selected.valid).and(commitStop.not());
        int resultLatency = COMMAND_LATENCY + CounterSram.latency(c.counterReadRegister());
        // The short bit is looked up over two of the clocks the command waits anyway: the hit slot's child count a
        // clock behind the selector, then its bit of the table.
        UInt hitChildren = RegNext(table.childCount.read(io.selected.bits.slot)).named("hit_children");
        Bool hitShort = ShiftRegister(shortTable.bit(hitChildren), resultLatency - 1, null, "hit_short");
        Bool besideResult = ShiftRegister(cmd.valid, resultLatency, B(false), "hit_beside");
        // --- merge verdicts: every READ result in a merge state is a merge parent's or its leaf's count
        Bool inMerge = state.is(MERGE_LEVEL).or(state.is(MERGE_KIDS));
        MergeVerdict verdict = new MergeVerdict(c, opNotT, inMerge.and(resValid).and(res.op.eq(ControllerIO.OP_READ)), res.old,
                resultLatency);
        MergeSkip skip = new MergeSkip(verdict.sumAhead());
        when(resValid, () -> Assert(besideResult, "a counter SRAM result without its command's slot facts beside it"));
        // "A batch with the head's T removes nothing" is a flip-flop kept in step with the head register (the skip
        // state does not change in RUN), so the commit's verdict does not wait for that compare.
        Bool skipNow = skip.batchIsEmptyForHead(io.headLoad, io.head).named("skip_now");
        CommitVerdict commit = new CommitVerdict(c, st, sched, inRun, commitStop, eventBeside, depthBeside, hitShort, skipNow,
                res, io.head);
        Bool commitFire = commit.fire;
        Bool splitReq = commit.splitReq;
        Bool dueReq = commit.dueReq;
        when(commitFire, () -> Assert(skipNow.eq(skip.batchIsEmpty(io.head.notThreshold)),
                "head_batch_empty disagrees with the head's threshold"));
        // Every event's result is the head event's update.
        io.commit.connect(inRunForWindow.and(commit.eventResult).and(commitStop.not()).named("commit_fire_window"));
        when(commitFire, () -> {
            stall.committed();
            // Loaded by every commit, so their enables do not wait for the verdict: the last commit before DRAIN is
            // the one that asked for the structural change.
            opSlot.connect(res.addr);
            kidsOwner.connect(res.addr);
            opDepth.connect(commit.hitDepth);
            opNotT.connect(io.head.notThreshold);
        });

        // Whether the readout's slot holds a node, registered: nothing structural happens between READ_ISSUE and READ_WAIT.
        Bool readInUse = RegNext(req.slot.lt(U(c.nodes(), 16)).and(table.valid.bit(readIndex))).named("readout_in_use");
        // Its depth too, two clocks behind readout_slot with a register halfway: the N:1 select was among the iCE40's
        // slowest paths, first into node_len and then into its own register. readout_slot is written a clock before
        // READ_ISSUE, and READ_WAIT waits at least two clocks for the SRAM (checked where it is used).
        Vec<UInt> depths = table.depths();
        UInt readDepth = PipelinedRead(depths, readIndex, "readout_depth");

        // The walkers' loads and takes from the walk flags: the same clocks as the state arms' (checked by the walkers).
        Bool kidsLoad = kidsFresh.and(verdict.usesPort.not());
        slots.loadWhen(scanFresh.or(state.is(SPLIT)).or(kidsLoad));
        leavesBelow.loadWhen(state.is(MERGE_LEVEL).and(levelFresh).or(kidsLoad));
        slots.takeWhen(slots.ready().and(scanWalking.or(state.is(SPLIT_ALLOC).and(tw.ready))
                .or(kidsWalking.and(verdict.usesPort.not()).and(slots.last().not().or(verdict.canHandOff)))));

        // One compare network for both walks of a node's children: op_slot's in a split (all of them), the merge
        // parent's (its leaves).
        Bool scanSplit = state.is(SPLIT_SCAN);
        UInt kidsVector = table.childrenOf(kidsOwner, scanSplit.not()).named("kids_vector");
        // What each walker loads depends only on the state that loads it, so it is chosen here by state flip-flops, and
        // the states only decide when: SPLIT loads the free slots, SPLIT_SCAN and MERGE_KIDS a node's children;
        // MERGE_LEVEL loads a level's leaves, and MERGE_KIDS takes the merge parent's leaves out of them.
        // kids_vector (a 5-bit compare and a leaf test in each slot) is the late one: it enters the child walker's
        // candidates in their last LUT (it led six of twelve iCE40 placements in session 17, through three LUTs after
        // it). The leaf walker's other vector, a level's leaves, is a depth compare in each slot, as deep: a choice made
        // first would put a LUT level after it (checked in session 18: 19 endpoints over 10 ns on seed 1).
        slots.loadFrom(table.valid.not());
        slots.loadLate(scanFresh.or(kidsLoad), kidsVector);
        leavesBelow.loadFrom(Mux(state.is(MERGE_LEVEL), table.leavesAt(leafDepth), leavesBelow.without(kidsVector)));
        // A batch starts at deepest_depth. The states that start one (UNDO, SPLIT, SPLIT_ALLOC) load it on every clock,
        // since nothing reads merge_leaf_depth there and deepest_depth never changes on a batch's first clock: the load
        // and merge_last_level behind it then wait for no decision of those states. So with level_fresh (read only in
        // MERGE_LEVEL) and early_batch (read only as a batch ends): a batch SPLIT starts is early exactly when its early
        // batch is not yet done, and UNDO's and SPLIT_ALLOC's never are (checked where a batch starts).
        Bool batchIsEarly = state.is(SPLIT).and(earlyDone.not()).named("batch_is_early");
        // A batch ends in MERGE_LEVEL once the last level's walk is over and its last verdict is in. As a flat AND of
        // flip-flops it loads what a batch's end loads (the skip state's 27-bit minimum, kids_owner) without waiting for
        // MERGE_LEVEL's other decisions: through them it was five LUT levels on one iCE40 placement.
        Bool batchEnds = state.is(MERGE_LEVEL).and(levelFresh.not()).and(leavesBelow.ready()).and(leavesBelow.found.not())
                .and(verdict.idle).and(lastLevel).named("batch_ends");
        when(state.is(UNDO).or(state.is(SPLIT)).or(state.is(SPLIT_ALLOC)), () -> {
            leafDepthNext.connect(deepest);
            leafAtDeepest.connect(B(true));
            levelFresh.connect(B(true));
            earlyBatch.connect(batchIsEarly);
        });

        // op_not_threshold is loaded only at a commit, so a commit-free clock before a batch starts makes this exact.
        Bool opBatchEmpty = skip.batchIsEmptySettled(opNotT, commitFire);
        // The event's scheduled batch, if due, after its split. A split that went ahead has just reshaped the tree and
        // op_batch_empty is registered from before it, so it must not skip that batch: the split node's leaf siblings
        // no longer count it in their parent's sum, and may merge now.
        Consumer<Boolean> afterSplit = reshaped -> when(dueReq,
                        () -> startBatch(batchIsEarly, skip, st, reshaped ? B(false) : opBatchEmpty, B(false)))
                .otherwise(() -> state.go(RESUME));

        // An empty pipeline has no result to commit this clock.
        Bool quiet = commitStop.not().and(pipeEmpty).named("pipe_quiet");
        // The CSR requests that RUN serves (snapshot, readout, soft reset) wait for quiet_held instead: quiet on the
        // last clock in RUN, which issued nothing, so quiet on this one too (nothing entered the pipeline, and a quiet
        // pipeline has no result to stop a commit). A flip-flop, so those decisions do not wait for the occupancy
        // compares; a request that finds the pipeline just drained is served a clock later (checked below).
        Bool quietHeld = RegNext(inRun.and(quiet).and(io.issued.not()), B(false)).named("quiet_held");
        // The status stood still on the last clock with nothing in flight in RUN: then nothing can move it on this
        // clock either (no commit, no carry between counter halves, no product, no count left for the counter bank to
        // fold in), so a snapshot may freeze. Registered: the counters' carry flags and the multiplier then end at a
        // flip-flop, not at the freeze and stall logic.
        Bool statusStill = sched.statusStill();
        Bool snapSettled = RegNext(inRun.and(quiet).and(statusStill), B(false)).named("snapshot_settled");
        state
                // A soft reset may come while the schedule's product runs: the schedule restarts only after it.
                .on(INIT, () -> {
                    // The root: slot 0, every key bit don't-care, held until the TCAM takes it.
                    tw.index.connect(U(0, slotBits));
                    tw.value.connect(U(0, c.keyBits()));
                    tw.mask.connect(Fill(c.keyBits(), B(true)));
                    prefixWriteSlot.connect(U(0, slotBits));
                    prefixWriteValue.connect(U(0, c.keyBits()));
                    when(io.counterClearing.not().and(sched.multiplierFree()), () -> {
                        tw.valid.connect(B(true));
                        when(tw.ready, () -> {
                            prefixWrite.connect(B(true));
                            sched.restart();
                            state.go(RUN);
                        });
                    });
                })
                .on(RUN, () -> {
                    cmd.valid.connect(io.selected.valid.and(commitStop.not()));
                    // A snapshot stops issue (issueEnable); once the pipeline is empty the status is sched.frozen for the copy.
                    when(req.snapPending.and(sched.frozen.not()).and(quietHeld).and(snapSettled), () -> {
                        Assert(statusStill, "a snapshot freeze while a status value moves");
                        sched.freeze();
                        req.snapPending.connect(B(false));
                        stall.pausedForCsr();
                    });
                    when(quietHeld.and(sched.frozen.not()), () -> {
                        when(req.readPending, () -> state.go(READ_ISSUE))
                                .elsewhen(req.softPending.and(io.inputsDrained).and(io.headValid.not()),
                                        () -> state.go(SOFT_CLEAR));
                    });
                    when(commitStop, () -> state.go(DRAIN));
                })
                .on(DRAIN, () -> when(pipeEmpty, () -> state.go(UNDO)))
                .on(UNDO, () -> {
                    // A command's fields matter only with cmd_valid, so each state sets them once, outside its
                    // conditions: the command register's inputs choose by state, not through the state's decisions.
                    cmd.op.connect(U(ControllerIO.OP_SET, 2));
                    cmd.addr.connect(undo.slot);
                    cmd.value.connect(undo.count);
                    when(undo.empty.not(), () -> cmd.valid.connect(B(true))).elsewhen(splitReq, () -> {
                        earlyDone.connect(B(false));
                        presentNext.connect(U(0, c.branching()));
                        // A leaf (the usual split) has no children to scan.
                        when(opChildren.eq(0), () -> state.go(SPLIT)).otherwise(() -> {
                            scanFresh.connect(B(true));
                            state.go(SPLIT_SCAN);
                        });
                    }).otherwise(() -> startBatch(batchIsEarly, skip, st, opBatchEmpty, B(false)));
                })
                // An interior merge may have left op_slot some children: note which digits exist.
                .on(SPLIT_SCAN, () -> when(scanFresh, () -> {
                    slots.load();
                    scanFresh.connect(B(false));
                    scanWalking.connect(B(true));
                }).elsewhen(slots.ready(), () -> {
                    // A take with nothing found leaves the walker as it is, so the take need not wait for found.
                    slots.take();
                    when(slots.found, () -> scanDigitValid.connect(B(true))).otherwise(() -> {
                        scanWalking.connect(B(false));
                        state.go(SPLIT);
                    });
                }))
                .on(SPLIT, () -> {
                    // The free slots load on every SPLIT clock, the last load being the one into SPLIT_ALLOC: nothing
                    // reads the walker in SPLIT, so the load waits for no decision.
                    slots.load();
                    when(splitHeld.not(), () -> { }).elsewhen(splitFits, () -> {
                        when(opAtDeepest, () -> deepest.connect(opDepth.add(U(1, c.depthBits()))));
                        state.go(SPLIT_ALLOC);
                    }).elsewhen(earlyDone.not(), () -> {
                        earlyDone.connect(B(true));
                        startBatch(batchIsEarly, skip, st, opBatchEmpty, B(true));
                    }).otherwise(() -> {
                        st.deferred.connect(B(true));
                        afterSplit.accept(false);
                    });
                })
                // The split ends with its last child: a free slot's child count is already 0 (only leaves are freed), so
                // the child-count write port is free for op_slot's.
                .on(SPLIT_ALLOC, () -> {
                    cmd.op.connect(U(ControllerIO.OP_SET, 2));
                    cmd.addr.connect(slots.index);
                    cmd.value.connect(U(0, cb));
                    when(slots.ready(), () -> {
                        Assert(childPrefixWord.eq(childPrefix(prefixRead, opDepth, nextDigit))
                                        .and(childMask.eq(maskBelow(childDepth))),
                                "split: the registered child digit field or mask does not describe op_depth %0d", opDepth);
                        tw.valid.connect(B(true));
                        // The child's count SET goes with its TCAM write, so the child appears all at once.
                        cmd.valid.connect(tw.ready);
                        when(tw.ready, () -> {
                            slots.take();
                            allocate(table, st, present, presentNext, nextDigit, slots.oneHot, opSlot, childDepth);
                            prefixWrite.connect(B(true));
                            when(lastChild, () -> {
                                skip.invalidate();
                                table.setChildCount(opSlot, U(c.branching(), c.childCountBits()));
                                st.split.connect(B(true));
                                afterSplit.accept(true);
                            });
                        });
                    });
                })
                .on(MERGE_LEVEL, () -> when(levelFresh, () -> {
                    leavesBelow.load();
                    levelFresh.connect(B(false));
                    levelHadLeaves.connect(B(false));
                }).elsewhen(leavesBelow.ready(), () -> {
                    // The picked leaf names the next parent; MERGE_KIDS drops all its leaves from this walk.
                    when(leavesBelow.found, () -> {
                        UInt parentOfPick = Mux1H(leavesBelow.oneHot, table.parent);
                        mp.connect(parentOfPick);
                        kidsOwner.connect(parentOfPick);
                        leaves.connect(U(0, c.childCountBits()));
                        kidsFresh.connect(B(true));
                        levelHadLeaves.connect(B(true));
                        state.go(MERGE_KIDS);
                    }).elsewhen(verdict.idle.not(), () -> {
                        // The level's last verdict first: the next level's leaves, or the split after an early batch,
                        // must see its merge.
                    }).elsewhen(lastLevel.not(), () -> {
                        leafDepthNext.connect(leafDepth.sub(1));
                        levelFresh.connect(B(true));
                        Bool lowers = leafAtDeepest.and(levelHadLeaves.not());
                        leafAtDeepest.connect(lowers);
                        lowerDeepest.connect(lowers);
                    }).otherwise(() -> {
                        // The batch's end loads its registers below, from batch_ends.
                        Assert(batchEnds, "a batch ended without batch_ends");
                        state.go(earlyBatch, SPLIT, ADVANCE);
                    });
                }))
                // The parent's own count is read while its leaves load into the walker (it has at least one: the
                // leaf that named it). Once all are issued the parent goes to the verdict and the walk moves on.
                .on(MERGE_KIDS, () -> {
                    // A READ of the parent's count, then of each leaf's as the walker picks it.
                    cmd.op.connect(U(ControllerIO.OP_READ, 2));
                    cmd.addr.connect(Mux(kidsFresh, mp, slots.index));
                    when(verdict.usesPort, () -> { }).elsewhen(kidsFresh, () -> {
                        slots.load();
                        leavesBelow.load();
                        visited.connect(kidsVector);
                        cmd.valid.connect(B(true));
                        kidsFresh.connect(B(false));
                        kidsWalking.connect(B(true));
                    }).elsewhen(slots.ready().and(slots.last().not().or(verdict.canHandOff)), () -> {
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
                })
                .on(ADVANCE, () -> when(advanceSettled.not(), () -> { }).elsewhen(sched.pastN(), () -> {
                    state.go(RESUME);
                }).otherwise(() -> state.go(ADVANCE_WAIT)))
                // next * q is usually waiting already (MergeSchedule); ADVANCE then settles on the new point.
                .on(ADVANCE_WAIT, () -> when(sched.step(), () -> state.go(ADVANCE)))
                // The last SETs may still be in the SRAM: their results come back before any replayed event's, and the
                // commit stage passes over them (commit_fire takes only events' results, hit_event_N).
                .on(RESUME, () -> {
                    io.rewind.connect(B(true));
                    stall.resumed(splitReq);
                    commit.clear();
                    state.go(RUN);
                })
                .on(READ_ISSUE, () -> {
                    cmd.valid.connect(B(true));
                    cmd.op.connect(U(ControllerIO.OP_READ, 2));
                    cmd.addr.connect(readIndex);
                    state.go(READ_WAIT);
                })
                .on(READ_WAIT, () -> when(resValid, () -> {
                    // A free slot reads 0: its depth and prefix registers hold a former node's, or were never set.
                    Bool inUse = readInUse;
                    nodeValid.connect(inUse);
                    nodeLen.connect(Mux(inUse, lengthOf(readDepth), U(0, c.lenBits())));
                    Assert(inUse.not().or(readDepth.eq(table.depthOf(readIndex))),
                            "readout: the registered depth of slot %d is stale", readIndex);
                    nodeCount.connect(res.old);
                    nodePrefix.connect(Mux(inUse, prefixRead, U(0, c.keyBits())));
                    req.readPending.connect(B(false));
                    stall.pausedForCsr();
                    state.go(RUN);
                }))
                .on(SOFT_CLEAR, () -> {
                    st.clear.connect(B(true));
                    table.valid.connect(U(1, c.nodes()));
                    for (UInt cc : table.childCount.elements()) cc.connect(U(0, c.childCountBits()));
                    skip.invalidate();
                    deepest.connect(U(1, c.depthBits()));
                    req.softPending.connect(B(false));
                    io.softClear.connect(B(true));
                    state.go(INIT);
                });
        when(batchEnds, () -> {
            st.batch.connect(B(true));
            skip.endBatch();
            kidsOwner.connect(opSlot);
        });
        when(scanDigitHeld, () -> {
            Assert(state.is(SPLIT_SCAN), "a scanned child's digit landed outside SPLIT_SCAN");
            presentNext.connect(present.or(U(1, c.branching()).shl(scanDigit).bits(c.branching() - 1, 0)));
        });
        // A merge parent's verdict, while the walk goes on: remove its leaves and write their sum to it, or keep them.
        // The merged count's SET takes the command port on the clock the verdict says so (verdict_set, a flip-flop).
        when(verdict.usesPort, () -> {
            cmd.valid.connect(B(true));
            cmd.op.connect(U(ControllerIO.OP_SET, 2));
            cmd.addr.connect(verdict.parent);
            cmd.value.connect(Mux(verdict.clips, counterMax, verdict.sum.bits(Math.min(sumBits, cb) - 1, 0).pad(cb)));
        });
        when(verdict.act, () -> when(verdict.merges, () -> {
            table.valid.connect(table.valid.and(verdict.leaves.not()));
            table.setChildCount(verdict.parent, verdict.remaining);
            st.removed.connect(verdict.leafCount);
            when(verdict.clips, () -> st.saturation.connect(B(true)));
        }).otherwise(() -> skip.kept(verdict.sum)));
        io.node.valid.connect(nodeValid);
        io.node.len.connect(nodeLen);
        io.node.count.connect(nodeCount);
        io.node.prefix.connect(nodePrefix);

        // --- invariants (simulation only)
        when(inRun.and(io.selected.valid), () -> Assert(io.selected.bits.found, "no node matched a key: the root must always match"));
        when(io.counterCmd.valid, () -> Assert(io.counterCmd.ready, "the counter SRAM refused a command (op %d)", io.counterCmd.bits.op));
        when(commitFire, () -> Assert(io.headValid, "a commit without its event in the replay window"));
        when(inRun.and(quietHeld), () -> Assert(quiet, "quiet_held while the pipeline is not quiet"));
        Bool addResult = resValid.and(res.op.eq(ControllerIO.OP_ADD));
        Assert(commit.eventResult.eq(addResult), "an event's result flag (%d) disagrees with the result's op", commit.eventResult);
        Assert(eventBeside.eq(inRun.and(cmd.valid)), "an event's command flag disagrees with cmd_valid in RUN");
        when(commitFire, () -> Assert(hitShort.eq(shortTable.bit(table.childCount.read(res.addr))),
                "the short flag beside slot %d's result is stale", res.addr));
        when(inRun.and(resValid), () -> Assert(res.op.ne(ControllerIO.OP_READ), "a READ result in RUN"));
        when(state.is(MERGE_LEVEL), () -> Assert(lastLevel.eq(leafDepth.eq(1)),
                "merge_last_level disagrees with depth %0d", leafDepth));
        UInt deepestNow = Mux(lowerDeepest, deepest.sub(1), deepest);
        when(state.is(MERGE_LEVEL), () -> Assert(leafAtDeepest.eq(leafDepth.eq(deepestNow)),
                "leaf_at_deepest disagrees with depths %0d and %0d", leafDepth, deepestNow));
        when(lowerDeepest, () -> Assert(state.is(MERGE_LEVEL).and(levelFresh), "deepest_depth lowered outside a level's load"));
        when(state.is(DRAIN).and(pipeEmpty), () -> Assert(resValid.not(), "a push in the last DRAIN clock would miss the undo read-ahead"));
        when(state.is(SPLIT_ALLOC).and(slots.ready()), () -> {
            Assert(slots.found, "a split found no free slot after checking capacity");
            Assert(present.andR().not(), "a split with no missing child");
            Assert(lastChild.eq(FirstSet.twoOrMore(present.not()).not())
                            .and(nextDigit.eq(new FirstSet(present.not(), c.bitsPerLevel()).index)),
                    "split_last_child or split_next_digit does not describe present_children %b", present);
            Assert(table.childCount.read(slots.index).eq(0), "free slot %d has a child count", slots.index);
        });
        // A child count lands a clock after it is set (NodeTable): no decision reads it in that clock.
        when(table.writeQ, () -> {
            Assert(splitSettled.not(), "a split decision while a child count is still being written");
            when(state.is(MERGE_LEVEL).and(levelFresh), () -> Assert(table.depthOf(table.pendingSlot()).ne(leafDepth),
                    "a merge level loads its leaves while a leaf candidate's child count is still being written"));
            when(walkingKids.and(kidsFresh), () -> Assert(table.pendingSlot().ne(mp)
                            .and(table.parent.read(table.pendingSlot()).ne(mp)),
                    "a merge parent's children are read while its child count is still being written"));
        });
        // The registered lookups are read only where their inputs have stood still for a clock.
        when(splitSettled, () -> Assert(splitFits.eq(fitsNow).and(opAtDeepest.eq(opDepth.ge(deepest))),
                "split_fits or op_at_deepest read a clock after its inputs changed"));
        Assert(scanFresh.or(scanWalking).eq(scanSplit).and(scanFresh.and(scanWalking).not())
                        .and(kidsFresh.or(kidsWalking).eq(walkingKids)).and(kidsFresh.and(kidsWalking).not()),
                "the walk flags (scan %b/%b, kids %b/%b) do not split their states", scanFresh, scanWalking, kidsFresh, kidsWalking);
        Bool kidPicked = walkingKids.and(kidsFresh.not()).and(slots.ready());
        Bool handOver = kidPicked.and(slots.last());
        when(splitSettled.or(handOver),
                () -> Assert(opChildren.eq(childrenNow), "op_children read a clock after its slot or the table changed"));
        when(inAdvanceState, () -> Assert(st.nSteady, "ADVANCE reads n while a count is still on its way"));
        when(handOver, () -> Assert(kidsVector.eq(visited), "the merge parent's leaves changed during its walk"));
        Assert(state.within(UNDO, SPLIT_ALLOC).not().or(kidsOwner.eq(opSlot)).and(walkingKids.not().or(kidsOwner.eq(mp))),
                "kids_owner %d is neither the split's nor the merge parent's slot", kidsOwner);
        when(kidPicked, () -> Assert(slots.found, "a merge parent's leaf walk ran past its last leaf"));
        when(verdict.act.and(inMerge.not()), () -> Assert(B(false), "a merge verdict outside the merge walk"));
        when(sched.frozen, () -> Assert(st.changing().not(), "a status value changed during the snapshot copy"));
        Assert(table.valid.and(table.deeperThan(deepest)).orR().not(), "a node deeper than deepest_depth %d", deepest);
        Assert(st.nodes.le(U(c.nodes(), c.nodeCountBits())), "more nodes (%d) than slots", st.nodes);

        // --- CSR requests latched, and the snapshot's release: after the FSM, so neither is lost on a clock it serves one
        req.latch(io.softReset, io.snapshot, io.readout, io.readoutSlot);
        sched.releaseWhen(io.snapCopied);

        // --- outputs
        // Issue is gated by RUN and commit_stop as they are, and by the rest (a TCAM write waiting, ENABLE, a CSR request
        // or freeze pending) through one flip-flop a clock late: the gate then meets the TCAM's read enables through one
        // LUT, not three (its seven terms led two iCE40 placements into the chunk RAMs). A clock late is safe both ways:
        // - on: issue resumes a clock after a block-RAM TCAM takes a write (its sweep refuses searches then anyway), a
        //   readout, a snapshot copy or ENABLE; not on INIT's hand-over clock, which may load the root's write;
        // - off: a write is loaded only in INIT and SPLIT_ALLOC, at least a clock before RUN (RESUME comes between); the
        //   flip-flop TCAM takes it on the next clock, before any RUN clock, so its writes do not close the gate at all;
        //   a readout or snapshot request closes it as it is latched (the gate takes the request pulse itself), so no
        //   event is issued on the clock RUN hands over to READ_ISSUE or freezes on quiet_held; ENABLE = 0 may let one
        //   more event in. The assertion below checks all but ENABLE on every issuing clock.
        Bool writeWaits = c.tcamChunkBits() == 0 ? B(false) : tw.full;
        Bool issueGate = RegNext(state.is(INIT).not().and(writeWaits.not()).and(io.enable)
                .and(req.readPending.or(io.readout).not()).and(req.snapPending.or(io.snapshot).not()).and(sched.frozen.not()), B(false))
                .named("issue_gate");
        Bool issueEnable = inRunForIssue.and(commitStop.not()).and(issueGate).named("issue_enable");
        io.issueEnable.connect(issueEnable);
        when(issueEnable, () -> Assert(tw.full.not().and(sched.frozen.not()).and(req.readPending.not()).and(req.snapPending.not()),
                "issue while a TCAM write waits, a CSR request is pending or the status is sched.frozen"));
        io.slotValid.connect(table.valid);
        io.depths.connect(depths);
        io.epsActive.connect(sched.epsActive);
        io.acceptEnable.connect(req.softPending.not().and(state.is(INIT).not()).and(state.is(SOFT_CLEAR).not()));
        st.drive(io.live);
        io.snapFreeze.connect(sched.frozen);
        io.errorBound.connect(sched.errorBound());
        io.errorBoundReady.connect(sched.errorBoundReady());
        io.snapBusy.connect(req.snapPending.or(sched.frozen));
        io.readoutBusy.connect(req.readPending.or(state.is(READ_ISSUE)).or(state.is(READ_WAIT)));
        Bool structural = state.within(DRAIN, RESUME);
        io.busy.connect(structural);
        io.idle.connect(inRun.and(pipeEmpty).and(io.headValid.not()));
        io.resetting.connect(io.acceptEnable.not());
        io.stallCause.connect(stall.cause(commitFire, inRun.and(commitStop.not()), pipeEmpty.and(io.headValid.not()),
                state.is(DRAIN).or(state.is(UNDO)).or(state.is(RESUME)).or(commitStop), splitReq,
                state.within(SPLIT_SCAN, SPLIT_ALLOC), state.within(MERGE_LEVEL, ADVANCE_WAIT)));
    }

    /**
     * {@code cond} on each of the {@code clocks - 1} clocks before this one, as one flip-flop ({@code name_before}, at
     * the end of a chain {@code name_was_1...}): where {@code cond} holds now (in the state it names, say), that alone
     * says cond has held for {@code clocks} clocks, with no LUT between it and the decision that reads it.
     */
    static Bool heldBefore(Bool cond, int clocks, String name) {
        Bool before = RegNext(cond, B(false)).named(clocks == 2 ? name + "_before" : name + "_was_1");
        for (int i = 2; i < clocks; i++) {
            before = RegNext(cond.and(before), B(false)).named(i + 1 == clocks ? name + "_before" : name + "_was_" + i);
        }
        return before;
    }

    /** The length of a node of depth {@code depth}: depth * k, a shift since k is 1, 2 or 4. */
    private UInt lengthOf(UInt depth) {
        return lengthOf(c, depth);
    }

    /** The length of a node of depth {@code depth} in an engine of configuration {@code c}. */
    static UInt lengthOf(RapConfig c, UInt depth) {
        int shift = Integer.numberOfTrailingZeros(c.bitsPerLevel());
        return shift == 0 ? depth.pad(c.lenBits()) : Cat(depth, U(0, shift)).pad(c.lenBits());
    }

    /** The TCAM mask of a node of depth {@code depth}: don't-care below its length. */
    private UInt maskBelow(UInt depth) {
        return Fill(c.keyBits(), B(true)).shr(lengthOf(depth));
    }

    /** The prefix of digit d's child of a node (whose prefix has only zeros below its length). */
    private UInt childPrefix(UInt parentPrefix, UInt parentDepth, UInt d) {
        int kb = c.keyBits();
        UInt shift = lengthOf(U(c.levels() - 1, c.depthBits()).sub(parentDepth));
        return parentPrefix.or(d.pad(kb).shl(shift).bits(kb - 1, 0));
    }

    /** A new child in the slot {@code slotMask}: digit d of the node in {@code parent}; its TCAM word and prefix are written in this clock. */
    private void allocate(NodeTable table, StatusRegs st, UInt present, UInt presentNext, UInt d, UInt slotMask, UInt parent,
                          UInt childDepth) {
        table.valid.connect(table.valid.or(slotMask));
        table.place(slotMask, childDepth, parent, d);
        presentNext.connect(present.or(U(1, c.branching()).shl(d).bits(c.branching() - 1, 0)));
        st.allocated.connect(B(true));
    }

    /**
     * Starts a merge batch at the deepest level that can hold a parent, or, when {@link MergeSkip} knows it would
     * remove nothing, just counts it and goes on.
     */
    private void startBatch(Bool loadsEarly, MergeSkip skip, StatusRegs st, Bool batchEmpty, Bool early) {
        // level_fresh and early_batch are loaded by state in every clock of the states that start a batch.
        Assert(loadsEarly.eq(early), "early_batch is loaded with %b for a batch whose earliness is %b", loadsEarly, early);
        skip.startBatch();
        when(batchEmpty, () -> {
            st.batch.connect(B(true));
            state.go(early, SPLIT, ADVANCE);
        }).otherwise(() -> state.go(MERGE_LEVEL));
    }

    /** A weight wider than the counter is clipped; the clip itself is counted as a saturation at commit. */
    static UInt clipWeight(UInt w, int counterBits) {
        if (w.getWidth() <= counterBits) return w.pad(counterBits);
        UInt max = Fill(counterBits, B(true));
        return Mux(w.gt(max.pad(w.getWidth())), max, w.bits(counterBits - 1, 0));
    }
}
