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
 * <h2>Units</h2>
 * The commit verdict ({@link CommitVerdict}), undo ({@link UndoStack}), the merge schedule and snapshot
 * ({@link ScheduleAndSnapshot}), the CSR requests ({@link CsrRequests}), the counter command ({@link CounterPort}) and
 * the stall account ({@link StallAccount}) are shared with the trie lookup's {@link TrieController}. The split
 * ({@link TcamSplit}) and the merge batch ({@link TcamMergeWalk}) are this lookup's own; they share one walker of a
 * node's children and its compare network, which this class builds. After a scheduled batch next_merge moves on by q
 * until it passes n (ADVANCE).
 */
public final class RapController extends Module {
    /** The FSM's states (docs/rap-engine.md); kept one-hot. */
    enum State { INIT, RUN, DRAIN, UNDO, SPLIT_SCAN, SPLIT, SPLIT_ALLOC, MERGE_LEVEL, MERGE_KIDS, ADVANCE, ADVANCE_WAIT,
        RESUME, READ_ISSUE, READ_WAIT, SOFT_CLEAR }
    /** Clocks a counter command spends in the controller's output register before the SRAM takes it. */
    static final int COMMAND_LATENCY = 1;

    public final TcamControllerIO io;

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
        io = IO(new TcamControllerIO(c));
        NodeTable table = new NodeTable(c);
        StatusRegs st = new StatusRegs(c);
        int slotBits = c.slotBits();
        int cb = c.counterBits();
        int tb = c.thresholdBits();
        int depthBits = log2Up(windowDepth + 1);

        ControllerIO.CounterResult res = io.counterResult.bits;
        Bool resValid = io.counterResult.valid;
        // The counter command, registered on its way to the SRAM (CounterPort): the FSM's slot scans and lookups end at
        // flip-flops there, not inside the SRAM's address compare.
        CounterPort cmd = new CounterPort(c, res, resValid, io.selected.bits.slot, clipWeight(io.selected.bits.weight, cb));
        Bool countersQuiet = cmd.drive(io.counterCmd);
        ScheduleAndSnapshot sched = new ScheduleAndSnapshot(c, st, io.epsCsr, io.qCsr, io.m0Csr, io.m0CsrZero, io.countersIdle,
                state.is(INIT), state.is(ADVANCE));
        CsrRequests req = new CsrRequests(c);
        StallAccount stall = new StallAccount();

        // --- the structural operation in progress, latched from the event that asked for it
        UInt opSlot = Reg(UInt(slotBits)).named("op_slot");
        UInt opDepth = Reg(UInt(c.depthBits())).named("op_depth");
        // ~T of the event that asked for the structural change: the compares add it (SplitCompare).
        UInt opNotT = Reg(UInt(tb)).named("op_not_threshold");

        // --- occupancy: events between issue and the selector output, and the counter SRAM's commands (CounterPort)
        UInt front = RegInit(U(0, depthBits + 1)).named("front_count");
        Bool pipeEmpty = front.eq(0).and(countersQuiet).named("pipe_empty");

        // --- split and merge walk state
        // One walker for a node's children: the merge parent's leaf children, or in a split the free slots.
        SlotPicker slots = new SlotPicker("slot_pick", c.nodes(), slotBits, true);
        // The slot whose children the compare network lists: op_slot in SPLIT_SCAN, merge_parent in MERGE_KIDS. One
        // register loaded with each of them, so the 32 parent compares start at a flip-flop and not at a select
        // between the two (checked below).
        UInt kidsOwner = Reg(UInt(slotBits)).named("kids_owner");

        UInt readIndex = req.index;

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
        Bool advanceSettled = HeldBefore(inAdvanceState, 4, "advance_settled");

        // The child count of the node a split (op_slot) or a merge (merge_parent) works on: a registered lookup, exact
        // because the table and the slot stand still for a clock before each use (checked below). kids_owner is that
        // node in both (it goes back to op_slot as a merge batch ends), so the N:1 select has no 2:1 in front of it.
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
        // One compare network for both walks of a node's children: op_slot's in a split (all of them), the merge
        // parent's (its leaves).
        Bool scanSplit = state.is(SPLIT_SCAN);
        UInt kidsVector = table.childrenOf(kidsOwner, scanSplit.not()).named("kids_vector");
        TcamMergeWalk walk = new TcamMergeWalk(c, state, table, st, cmd, slots, kidsOwner, kidsVector, opChildren, opSlot, opNotT,
                deepest, res, resValid, resultLatency);
        MergeVerdict verdict = walk.verdict;
        MergeSkip skip = walk.skip;
        TcamSplit split = new TcamSplit(c, state, table, st, cmd, tw, slots, opSlot, opDepth, opChildren, freeSlots, fw, deepest,
                prefixRead, prefixWrite, prefixWriteSlot, prefixWriteValue, skip);
        Bool scanFresh = split.scanFresh;
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
        Bool readInUse = RegNext(req.inRange.and(table.valid.bit(readIndex))).named("readout_in_use");
        // Its depth too, two clocks behind readout_slot with a register halfway: the N:1 select was among the iCE40's
        // slowest paths, first into node_len and then into its own register. readout_slot is written a clock before
        // READ_ISSUE, and READ_WAIT waits at least two clocks for the SRAM (checked where it is used).
        Vec<UInt> depths = table.depths();
        UInt readDepth = PipelinedRead(depths, readIndex, "readout_depth");

        // The walkers' loads and takes from the walk flags: the same clocks as the state arms' (checked by the walkers).
        Bool kidsLoad = walk.kidsLoad;
        slots.loadWhen(scanFresh.or(state.is(SPLIT)).or(kidsLoad));
        slots.takeWhen(slots.ready().and(split.scanWalking.or(state.is(SPLIT_ALLOC).and(tw.ready))
                .or(walk.kidsWalking.and(verdict.usesPort.not()).and(slots.last().not().or(verdict.canHandOff)))));

        // What each walker loads depends only on the state that loads it, so it is chosen here by state flip-flops, and
        // the states only decide when: SPLIT loads the free slots, SPLIT_SCAN and MERGE_KIDS a node's children;
        // MERGE_LEVEL loads a level's leaves, and MERGE_KIDS takes the merge parent's leaves out of them.
        // kids_vector (a 5-bit compare and a leaf test in each slot) is the late one: it enters the child walker's
        // candidates in their last LUT (it led half of twelve iCE40 placements, through three LUTs after it). The leaf
        // walker's other vector, a level's leaves, is a depth compare in each slot, as deep: a choice made first would
        // put a LUT level after it (checked: 19 endpoints over 10 ns on seed 1).
        slots.loadFrom(table.valid.not());
        slots.loadLate(scanFresh.or(kidsLoad), kidsVector);
        // A batch SPLIT starts is early exactly when its early batch is not yet done, and UNDO's and SPLIT_ALLOC's never
        // are (checked where a batch starts).
        Bool batchIsEarly = state.is(SPLIT).and(split.earlyDone.not()).named("batch_is_early");
        walk.prepare(state.is(UNDO).or(state.is(SPLIT)).or(state.is(SPLIT_ALLOC)), batchIsEarly);

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
                    req.serve(sched, stall, quietHeld, snapSettled, io.inputsDrained.and(io.headValid.not()),
                            () -> state.go(READ_ISSUE), () -> state.go(SOFT_CLEAR));
                    when(commitStop, () -> state.go(DRAIN));
                })
                .on(DRAIN, () -> when(pipeEmpty, () -> state.go(UNDO)))
                .on(UNDO, () -> {
                    // A command's fields matter only with cmd_valid, so each state sets them once, outside its
                    // conditions: the command register's inputs choose by state, not through the state's decisions.
                    cmd.op.connect(U(ControllerIO.OP_SET, 2));
                    cmd.addr.connect(undo.slot);
                    cmd.value.connect(undo.count);
                    when(undo.empty.not(), () -> cmd.valid.connect(B(true)))
                            .elsewhen(splitReq, () -> split.begin(opChildren))
                            .otherwise(() -> startBatch(batchIsEarly, skip, st, opBatchEmpty, B(false)));
                })
                .on(SPLIT_SCAN, split::scan)
                .on(SPLIT, () -> split.decide(() -> startBatch(batchIsEarly, skip, st, opBatchEmpty, B(true)),
                        () -> afterSplit.accept(false)))
                .on(SPLIT_ALLOC, () -> split.allocate(() -> afterSplit.accept(true)))
                .on(MERGE_LEVEL, walk::level)
                .on(MERGE_KIDS, walk::kids)
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
                    Assert(readInUse.not().or(readDepth.eq(table.depthOf(readIndex))),
                            "readout: the registered depth of slot %d is stale", readIndex);
                    req.readDone(readInUse, readDepth, prefixRead, res.old);
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
        split.afterFsm();
        walk.afterFsm();

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
        walk.check();
        when(state.is(DRAIN).and(pipeEmpty), () -> Assert(resValid.not(), "a push in the last DRAIN clock would miss the undo read-ahead"));
        split.check();
        when(split.settled.or(walk.handOver()),
                () -> Assert(opChildren.eq(childrenNow), "op_children read a clock after its slot or the table changed"));
        when(inAdvanceState, () -> Assert(st.nSteady, "ADVANCE reads n while a count is still on its way"));
        when(state.within(UNDO, SPLIT_ALLOC), () -> Assert(kidsOwner.eq(opSlot), "kids_owner %d is not the split's slot", kidsOwner));
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
                "issue while a TCAM write waits, a CSR request is pending or the status is frozen"));
        io.slotValid.connect(table.valid);
        io.depths.connect(depths);
        sched.drive(io, req);
        req.drive(io, state.is(INIT).or(state.is(SOFT_CLEAR)), state.within(READ_ISSUE, READ_WAIT));
        st.drive(io.live);
        Bool structural = state.within(DRAIN, RESUME);
        io.busy.connect(structural);
        io.idle.connect(inRun.and(pipeEmpty).and(io.headValid.not()));
        io.stallCause.connect(stall.cause(commitFire, inRun.and(commitStop.not()), pipeEmpty.and(io.headValid.not()),
                state.is(DRAIN).or(state.is(UNDO)).or(state.is(RESUME)).or(commitStop), splitReq,
                state.within(SPLIT_SCAN, SPLIT_ALLOC), state.within(MERGE_LEVEL, ADVANCE_WAIT)));
    }

    /** The length of a node of depth {@code depth}: depth * k, a shift since k is 1, 2 or 4. */
    static UInt lengthOf(RapConfig c, UInt depth) {
        int shift = Integer.numberOfTrailingZeros(c.bitsPerLevel());
        return shift == 0 ? depth.pad(c.lenBits()) : Cat(depth, U(0, shift)).pad(c.lenBits());
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
