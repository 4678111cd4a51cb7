package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.RapController.State.*;
import static org.rapgen.hdl.Hdl.*;

import java.util.function.Consumer;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.SlotPicker;

/**
 * The commit stage and the split/merge controller of the RAP engine (SPEC §5 stage 4 and the FSM; docs/rap-engine.md
 * has the diagrams).
 *
 * <p>Events are issued one per clock without waiting for the ones ahead; the commit stage checks each updated count
 * against T(n) and n against the merge schedule, and an event that needs a split or a batch stops the pipeline:
 * DRAIN throws away the younger events still in the TCAM or selector and records the old counts of those already in
 * the counter SRAM, UNDO writes them back, the structural change runs alone, and RESUME replays the younger events
 * (docs/rap-engine.md, "Hazards and replay"). So every committed event sees the tree and counters exactly as
 * {@code HardwareRap} would.
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
    enum State {
        INIT,
        RUN,
        DRAIN,
        UNDO,
        SPLIT_SCAN,
        SPLIT,
        SPLIT_ALLOC,
        MERGE_LEVEL,
        MERGE_KIDS,
        ADVANCE,
        ADVANCE_WAIT,
        RESUME,
        READ_ISSUE,
        READ_WAIT,
        SOFT_CLEAR
    }

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
        super(ControllerIO.nameParams(c, windowDepth));
        this.c = c;
        deepest = RegInit(U(1, c.depthBits())).named("deepest_depth");
        io = IO(new TcamControllerIO(c));
        NodeTable table = new NodeTable(c);
        StatusRegs st = new StatusRegs(c);
        int slotBits = c.slotBits();
        int frontBits = log2Up(windowDepth + 1) + 1;

        ControllerIO.CounterResult res = io.counterResult.bits;
        Bool resValid = io.counterResult.valid;
        // The counter command, registered on its way to the SRAM (CounterPort): the FSM's slot scans and lookups end at
        // flip-flops there, not inside the SRAM's address compare.
        CounterPort cmd = new CounterPort(
                c,
                res,
                resValid,
                io.selected.bits.slot,
                CounterPort.clipWeight(io.selected.bits.weight, c.counterBits()));
        Bool countersQuiet = cmd.drive(io.counterCmd);
        ScheduleAndSnapshot sched = new ScheduleAndSnapshot(
                c, st, io.epsCsr, io.qCsr, io.m0Csr, io.m0CsrZero, io.countersIdle, state.is(INIT), state.is(ADVANCE));
        CsrRequests req = new CsrRequests(c);
        StallAccount stall = new StallAccount();

        // --- the structural operation in progress, latched from the event that asked for it
        UInt opSlot = Reg(UInt(slotBits)).named("op_slot");
        UInt opDepth = Reg(UInt(c.depthBits())).named("op_depth");
        // ~T of the event that asked for the structural change: the compares add it (SplitCompare).
        UInt opNotThreshold = Reg(UInt(c.thresholdBits())).named("op_not_threshold");

        // --- occupancy: events between issue and the selector output, and the counter SRAM's commands (CounterPort)
        UInt front = RegInit(U(0, frontBits)).named("front_count");
        Bool pipeEmpty = front.eq(0).and(countersQuiet).named("pipe_empty");

        // --- split and merge walk state: one walker for a node's children (the merge parent's leaves, a split's slots)
        SlotPicker slots = new SlotPicker("slot_pick", c.nodes(), slotBits, true);
        // The slot whose children the compare network lists: op_slot in SPLIT_SCAN, merge_parent in MERGE_KIDS. One
        // register loaded with each of them, so the 32 parent compares start at a flip-flop and not at a select
        // between the two (checked below).
        UInt kidsOwner = Reg(UInt(slotBits)).named("kids_owner");

        SlotPrefixes prefixes = new SlotPrefixes(c, state.is(SPLIT), opSlot, state.is(READ_ISSUE), req.index);
        Bool inRun = state.is(RUN);
        // RUN again, for the issue side alone: the issue enable then shares no LUT with the commit strobe (Yosys's abc
        // had both take inRun & !commit_stop from one LUT, a level more on the issue's path into the TCAM and the
        // window), and the placer can put this flip-flop by the issue logic.
        Bool inRunForIssue = state.duplicate(RUN, "state_run_issue_n");
        // And for the replay window's commit strobe, a net of its own beside the controller's commit_fire: each has
        // half the loads (about 70 enables between them), and each can be placed by its own.
        Bool inRunForWindow = state.duplicate(RUN, "state_run_window_n");
        // Read only in ADVANCE itself, so "ADVANCE on the three clocks before" is the whole test: a flip-flop.
        Bool advanceSettled = HeldBefore(state.is(ADVANCE), 4, "advance_settled");

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

        // --- occupancy bookkeeping: the issue handshake arrives late (the TCAM's ready) and the selector's output is a
        // flip-flop, so both outcomes of the issue are ready before it, and it meets front_count only in the last LUT.
        UInt frontIfIssued =
                Mux(io.selected.valid, front, front.add(U(1, frontBits))).named("front_if_issued");
        UInt frontIfNot =
                Mux(io.selected.valid, front.sub(U(1, frontBits)), front).named("front_if_not");
        front.connect(Mux(io.issued, frontIfIssued, frontIfNot));

        // A commit that asks for a structural change stops the next clock's commit (commit_stop) and the FSM enters
        // DRAIN a clock later: that clock already drains.
        Bool commitStop = RegInit(B(false)).named("commit_stop");
        Bool draining = state.is(DRAIN).or(commitStop).named("draining");
        UndoStack undo = new UndoStack(c, windowDepth, draining.and(resValid), res.addr, res.old, state.is(UNDO));

        // --- commit stage (RUN): the hit slot's depth and facts ride beside its command (TcamHitFacts)
        int fw = Math.max(c.nodeCountBits(), c.childCountBits() + 1);
        UInt freeSlots = U(c.nodes(), fw).sub(st.nodes.pad(fw)).named("free_slots");
        UInt depthBeside = io.selected.bits.depth;
        // RUN's own command condition, not the shared cmd_valid, which merges every state's (checked below).
        Bool eventBeside = inRun.and(io.selected.valid).and(commitStop.not());
        int resultLatency = CounterPort.COMMAND_LATENCY + CounterSram.latency(c.counterReadRegister());
        TcamHitFacts facts = new TcamHitFacts(c, table, io.selected.bits.slot, cmd.valid, freeSlots, fw, resultLatency);
        Bool hitShort = facts.hitShort;
        // One compare network for both walks of a node's children: op_slot's in a split (all of them), the merge
        // parent's (its leaves).
        Bool scanSplit = state.is(SPLIT_SCAN);
        UInt kidsVector = table.childrenOf(kidsOwner, scanSplit.not()).named("kids_vector");
        TcamMergeWalk walk = new TcamMergeWalk(
                c,
                state,
                table,
                st,
                cmd,
                slots,
                kidsOwner,
                kidsVector,
                opChildren,
                opSlot,
                opNotThreshold,
                deepest,
                res,
                resValid,
                resultLatency);
        MergeVerdict verdict = walk.verdict;
        MergeSkip skip = walk.skip;
        TcamSplit split = new TcamSplit(
                c,
                state,
                table,
                st,
                cmd,
                tw,
                slots,
                opSlot,
                opDepth,
                opChildren,
                freeSlots,
                fw,
                deepest,
                prefixes,
                skip);
        Bool scanFresh = split.scanFresh;
        // "A batch with the head's T removes nothing" is a flip-flop kept in step with the head register (the skip
        // state does not change in RUN), so the commit's verdict does not wait for that compare.
        Bool skipNow = skip.batchIsEmptyForHead(io.headLoad, io.head).named("skip_now");
        CommitVerdict commit = new CommitVerdict(
                c, st, sched, inRun, commitStop, eventBeside, depthBeside, hitShort, skipNow, res, io.head);
        Bool commitFire = commit.fire;
        Bool splitReq = commit.splitReq;
        Bool dueReq = commit.mergeDue;
        when(
                commitFire,
                () -> Assert(
                        skipNow.eq(skip.batchIsEmpty(io.head.notThreshold)),
                        "head_batch_empty disagrees with the head's threshold"));
        // Every event's result is the head event's update.
        io.commit.connect(
                inRunForWindow.and(commit.eventResult).and(commitStop.not()).named("commit_fire_window"));
        when(commitFire, () -> {
            stall.committed();
            // Loaded by every commit, so their enables do not wait for the verdict: the last commit before DRAIN is
            // the one that asked for the structural change.
            opSlot.connect(res.addr);
            kidsOwner.connect(res.addr);
            opDepth.connect(commit.hitDepth);
            opNotThreshold.connect(io.head.notThreshold);
        });

        TcamReadout readout = new TcamReadout(table, req, cmd);

        split.shareWalker(walk, kidsVector);
        // A batch SPLIT starts is early exactly when its early batch is not yet done, and UNDO's and SPLIT_ALLOC's
        // never are (checked where a batch starts).
        Bool batchIsEarly = state.is(SPLIT).and(split.earlyDone.not()).named("batch_is_early");
        walk.prepare(state.is(UNDO).or(state.is(SPLIT)).or(state.is(SPLIT_ALLOC)), batchIsEarly);

        // op_not_threshold is loaded only at a commit, so a commit-free clock before a batch starts makes this exact.
        Bool opBatchEmpty = skip.batchIsEmptySettled(opNotThreshold, commitFire);
        // The event's scheduled batch, if due, after its split. A split that went ahead has just reshaped the tree and
        // op_batch_empty is registered from before it, so it must not skip that batch: the split node's leaf siblings
        // no longer count it in their parent's sum, and may merge now.
        Consumer<Boolean> afterSplit = reshaped -> when(
                        dueReq, () -> startBatch(batchIsEarly, skip, st, reshaped ? B(false) : opBatchEmpty, B(false)))
                .otherwise(() -> state.go(RESUME));

        QuietPipe quiet = new QuietPipe(inRun, commitStop, pipeEmpty, io.issued, null, sched);
        state
                // A soft reset may come while the schedule's product runs: the schedule restarts only after it.
                .on(
                        INIT,
                        () -> split.placeRoot(io.counterClearing.not().and(sched.multiplierFree()), () -> {
                            sched.restart();
                            state.go(RUN);
                        }))
                .on(RUN, () -> {
                    cmd.valid.connect(io.selected.valid.and(commitStop.not()));
                    req.serve(
                            sched,
                            stall,
                            quiet.held,
                            quiet.snapshotSettled,
                            io.inputsDrained.and(io.headValid.not()),
                            () -> state.go(READ_ISSUE),
                            () -> state.go(SOFT_CLEAR));
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
                .on(
                        SPLIT,
                        () -> split.decide(
                                () -> startBatch(batchIsEarly, skip, st, opBatchEmpty, B(true)),
                                () -> afterSplit.accept(false)))
                .on(SPLIT_ALLOC, () -> split.allocate(() -> afterSplit.accept(true)))
                .on(MERGE_LEVEL, walk::level)
                .on(MERGE_KIDS, walk::kids)
                .on(
                        ADVANCE,
                        () -> when(advanceSettled.not(), () -> {})
                                .elsewhen(sched.pastN(), () -> {
                                    state.go(RESUME);
                                })
                                .otherwise(() -> state.go(ADVANCE_WAIT)))
                // next * q is usually waiting already (MergeScheduleUnit); ADVANCE then settles on the new point.
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
                    readout.issue();
                    state.go(READ_WAIT);
                })
                .on(
                        READ_WAIT,
                        () -> when(resValid, () -> {
                            readout.finish(prefixes, res.old);
                            stall.pausedForCsr();
                            state.go(RUN);
                        }))
                .on(SOFT_CLEAR, () -> {
                    st.clear.connect(B(true));
                    table.clear();
                    skip.invalidate();
                    deepest.connect(U(1, c.depthBits()));
                    req.softPending.connect(B(false));
                    io.softClear.connect(B(true));
                    state.go(INIT);
                });
        split.afterFsm();
        walk.afterFsm();

        // --- invariants (simulation only)
        when(
                inRun.and(io.selected.valid),
                () -> Assert(io.selected.bits.found, "no node matched a key: the root must always match"));
        when(commitFire, () -> Assert(io.headValid, "a commit without its event in the replay window"));
        Bool addResult = resValid.and(res.op.eq(ControllerIO.OP_ADD));
        Assert(
                commit.eventResult.eq(addResult),
                "an event's result flag (%d) disagrees with the result's op",
                commit.eventResult);
        Assert(eventBeside.eq(inRun.and(cmd.valid)), "an event's command flag disagrees with cmd_valid in RUN");
        facts.check(resValid, commitFire, res.addr);
        when(inRun.and(resValid), () -> Assert(res.op.ne(ControllerIO.OP_READ), "a READ result in RUN"));
        walk.check();
        when(
                state.is(DRAIN).and(pipeEmpty),
                () -> Assert(resValid.not(), "a push in the last DRAIN clock would miss the undo read-ahead"));
        split.check();
        when(
                split.settled.or(walk.handOver()),
                () -> Assert(
                        opChildren.eq(childrenNow), "op_children read a clock after its slot or the table changed"));
        when(
                state.within(UNDO, SPLIT_ALLOC),
                () -> Assert(kidsOwner.eq(opSlot), "kids_owner %d is not the split's slot", kidsOwner));
        Assert(table.valid.and(table.deeperThan(deepest)).orR().not(), "a node deeper than deepest_depth %d", deepest);

        // --- CSR requests latched, and the snapshot's release: after the FSM, so none is lost on a clock it serves
        req.latch(io.softReset, io.snapshot, io.readout, io.readoutSlot);
        sched.releaseWhen(io.snapCopied);

        // --- outputs
        Bool writeWaits = c.tcamChunkBits() == 0 ? null : tw.full;
        Bool issueGate = IssueGate.build(state.is(INIT), writeWaits, io.enable, req, io.readout, io.snapshot, sched);
        Bool issueEnable = inRunForIssue.and(commitStop.not()).and(issueGate).named("issue_enable");
        io.issueEnable.connect(issueEnable);
        when(
                issueEnable,
                () -> Assert(
                        tw.full
                                .not()
                                .and(sched.frozen.not())
                                .and(req.readoutPending.not())
                                .and(req.snapshotPending.not()),
                        "issue while a TCAM write waits, a CSR request is pending or the status is frozen"));
        io.slotValid.connect(table.valid);
        io.depths.connect(table.depths());
        sched.drive(io, req);
        req.drive(io, state.is(INIT).or(state.is(SOFT_CLEAR)), state.within(READ_ISSUE, READ_WAIT));
        st.drive(io.live);
        Bool structural = state.within(DRAIN, RESUME);
        io.busy.connect(structural);
        io.idle.connect(inRun.and(pipeEmpty).and(io.headValid.not()));
        io.stallCause.connect(stall.cause(
                commitFire,
                inRun.and(commitStop.not()),
                pipeEmpty.and(io.headValid.not()),
                state.is(DRAIN).or(state.is(UNDO)).or(state.is(RESUME)).or(commitStop),
                splitReq,
                state.within(SPLIT_SCAN, SPLIT_ALLOC),
                state.within(MERGE_LEVEL, ADVANCE_WAIT)));
    }

    /**
     * Starts a merge batch at the deepest level that can hold a parent, or, when {@link MergeSkip} knows it would
     * remove nothing, just counts it and goes on.
     */
    private void startBatch(Bool loadsEarly, MergeSkip skip, StatusRegs st, Bool batchEmpty, Bool early) {
        // level_fresh and early_batch are loaded by state in every clock of the states that start a batch.
        Assert(
                loadsEarly.eq(early),
                "early_batch is loaded with %b for a batch whose earliness is %b",
                loadsEarly,
                early);
        skip.startBatch();
        when(batchEmpty, () -> {
                    st.batch.connect(B(true));
                    state.go(early, SPLIT, ADVANCE);
                })
                .otherwise(() -> state.go(MERGE_LEVEL));
    }
}
