package org.rapgen.engines.rap;

import static org.rapgen.engines.rap.TrieController.State.*;
import static org.rapgen.hdl.Hdl.*;

import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.OneHotState;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.SplitCompare;

/**
 * The commit stage and the split/merge controller of the RAP engine with the trie lookup ({@link TrieWalk}). The
 * speculation is {@link RapController}'s: events are issued one per clock, the commit stage checks each updated count
 * against T(n) and n against the merge schedule, and an event that needs a split or a batch stops the pipeline; the
 * younger events' counter updates are undone from a stack ({@link UndoStack}), the structure changes, and the replay
 * window runs them again; a split in place undoes nothing and redoes them from a queue ({@link SplitRedo}). The tree
 * lives in block RAM ({@link TrieTables}, {@link FreeSlots}), changed by a split ({@link TrieSplit}), a slot a clock,
 * and a merge batch that walks the tree ({@link TrieMergeWalk}). No logic here is N bits wide.
 *
 * <h2>Split</h2>
 * The clock that enters SPLIT_READ reads v's child word, prefix and parent, which SPLIT_READ waits for ({@link
 * TrieTables#READ_LATENCY}); SPLIT_CHECK takes them and counts v's missing children against the free slots (N minus
 * the node count) into a register, which SPLIT_FIT acts on (a split in place, known to fit, goes on at once). If they
 * fit, SPLIT_ALLOC creates the missing children in digit order, each with an empty child word in every copy, its slot
 * info and a count SET to 0; SPLIT_LINK writes v's new word. If not, one early batch runs with v's T and the check
 * repeats; then the split is skipped (deferred, sticky overflow), exactly as {@code HardwareRap}.
 */
public final class TrieController extends Module {
    enum State {
        INIT,
        RUN,
        DRAIN,
        UNDO,
        SPLIT_READ,
        SPLIT_CHECK,
        SPLIT_FIT,
        SPLIT_ALLOC,
        SPLIT_LINK,
        MERGE_START,
        MERGE,
        BATCH_DONE,
        ADVANCE,
        ADVANCE_WAIT,
        RESUME,
        READ_ISSUE,
        READ_WAIT,
        SOFT_CLEAR
    }

    public final TrieControllerIO io;
    private final OneHotState<State> state = new OneHotState<>("state", State.class, INIT);

    public TrieController(RapConfig c, int windowDepth) {
        super(ControllerIO.nameParams(c, windowDepth));
        io = IO(new TrieControllerIO(c));
        StatusRegs st = new StatusRegs(c);
        TrieTables tables = new TrieTables(c);
        ChildWord cw = tables.words;
        FreeSlots free = new FreeSlots(c);
        int slotBits = c.slotBits();
        int cb = c.counterBits();
        int tb = c.thresholdBits();
        ControllerIO.CounterResult res = io.counterResult.bits;
        Bool resValid = io.counterResult.valid;
        TrieWalk.Found hit = io.found.bits;

        // --- the structural operation in progress, loaded by every commit (the last one before DRAIN asked for it)
        UInt opSlot = Reg(UInt(slotBits)).named("op_slot");
        tables.pointReads(opSlot);
        UInt opDepth = Reg(UInt(c.depthBits())).named("op_depth");
        UInt opNotThreshold = Reg(UInt(tb)).named("op_not_threshold");
        Bool earlyDone = RegInit(B(false)).named("early_done");
        Bool earlyBatch = RegInit(B(false)).named("early_batch");

        // --- a split in place: the walk holds its events, and those already in the counter SRAM are redone
        int resultLatency = CounterPort.resultLatency(c);
        Bool inRun = state.is(RUN);
        Bool commitStop = RegInit(B(false)).named("commit_stop");
        Bool splitInPlace = RegInit(B(false)).named("split_in_place");
        UInt splitWord = Reg(UInt(cw.width())).named("split_word");
        SplitRedo redo = new SplitRedo(c, resultLatency, opSlot, splitWord);
        // Redone events go out while the walk is fixed, early enough for the first result to land on RUN's first clock,
        // FIX_CLOCKS + 2 clocks after the link: from the link if the counter's latency covers that, else from RESUME.
        Bool redoFrom =
                resultLatency >= TrieWalk.FIX_CLOCKS + 2 ? state.is(SPLIT_LINK).or(state.is(RESUME)) : state.is(RESUME);
        Bool redoIssue =
                inRun.and(commitStop.not()).or(redoFrom).and(redo.pending).named("redo_issue");
        // An event's counter command leaves this clock: a walk result, or a redone one first. The walk stops a clock
        // after a commit stops the pipeline (WalkControl), and the result it lets out then is issued too: it is
        // squashed with the younger events already in the counter SRAM.
        Bool eventIssue = io.found.valid.or(redoIssue).named("event_issue");
        when(io.found.valid, () -> Assert(inRun.and(redo.pending.not()), "a walk result outside RUN or beside a redo"));
        UInt issueSlot = Mux(redoIssue, redo.slot, hit.slot).named("issue_slot");
        UInt issueDepth = Mux(redoIssue, redo.depth, hit.depth).named("issue_depth");
        UInt issueChildren = Mux(redoIssue, redo.children, hit.children).named("issue_children");
        UInt issueWeight = Mux(redoIssue, redo.weight, hit.weight).named("issue_weight");
        redo.beside(issueChildren, issueWeight, Mux(redoIssue, redo.key, hit.key), redoIssue, res);
        CounterPort cmd = new CounterPort(c, res, resValid, issueSlot, CounterPort.clipWeight(issueWeight, cb));
        TrieMergeWalk walk = new TrieMergeWalk(c, tables, free, st, cmd, opNotThreshold);
        Bool countersQuiet = cmd.drive(io.counterCmd);
        io.counterResult.ready.connect(B(true));
        io.rewind.connect(B(false));
        io.softClear.connect(B(false));
        io.wordWrite.valid.connect(tables.wordWrite);
        io.wordWrite.bits.slot.connect(tables.wordWriteSlot);
        io.wordWrite.bits.word.connect(tables.wordWriteValue);
        io.rootWord.connect(tables.rootWord);

        ScheduleAndSnapshot sched = new ScheduleAndSnapshot(
                c, st, io.epsCsr, io.qCsr, io.m0Csr, io.m0CsrZero, io.countersIdle, state.is(INIT), state.is(ADVANCE));
        StallAccount stall = new StallAccount();

        // --- occupancy: events in the walk, commands in the SRAM
        int frontBits = log2Up(windowDepth + 1) + 1;
        UInt front = RegInit(U(0, frontBits)).named("front_count");
        front.connect(front.add(io.issued.asUInt().pad(frontBits))
                .sub(io.found.valid.asUInt().pad(frontBits)));
        // Drain: the walk's events are thrown away at once (all younger than the stopping one); only those already in
        // the counter SRAM are waited for and undone.
        // A commit that asks for a structural change stops the next clock's commit (commit_stop), and the walk a clock
        // later. A split in place holds the walk instead (SplitRedo).
        io.walkFlush.connect(commitStop.and(splitInPlace.not()));
        // The walk writes a child word a clock after the tables do (TrieWalk), only while it holds. Events enter it
        // (issue) exactly on the clocks it moves.
        Bool wroteWord = RegNext(tables.wordWrite, B(false)).named("wrote_word");
        Bool walkMoves = new WalkControl(io, inRun, commitStop, redo, wroteWord).moves;
        when(commitStop.and(splitInPlace.not()), () -> front.connect(U(0, frontBits)));
        Bool pipeEmpty = front.eq(0).and(countersQuiet).and(redo.queued.not()).named("pipe_empty");

        // --- commit (RUN): the event's result against T(n) and the schedule (CommitVerdict)
        int fw = c.nodeCountBits() + 1;
        UInt freeSlots = U(c.nodes(), fw).sub(st.nodes.pad(fw)).named("free_slots");
        SplitRoom room = new SplitRoom(c, freeSlots);
        Bool hitShort = room.shortAtResult(
                eventIssue,
                issueChildren,
                resultLatency,
                RegNext(st.allocated, B(false)).named("allocated_before"));
        // A batch that certainly removes nothing: no merge sum in the tree is below T (the root's bound, TrieTables).
        Bool skipNow = SplitCompare.atLeastComplement(tables.rootMin, io.head.notThreshold)
                .named("skip_now");
        CommitVerdict commit = new CommitVerdict(
                c, st, sched, inRun, commitStop, eventIssue, issueDepth, hitShort, skipNow, res, io.head);
        Bool commitFire = commit.fire;
        Bool splitReq = commit.splitReq;
        Bool dueReq = commit.mergeDue;
        io.commit.connect(commitFire);
        // In place: a split that needs no batch and finds enough free slots (the early batch needs an empty walk).
        Bool inPlaceNow = commit.splitNow.and(commit.dueNow.not()).and(hitShort.not());
        UInt opCount = Reg(UInt(cb)).named("op_count");
        when(commitFire, () -> {
            stall.committed();
            splitInPlace.connect(inPlaceNow);
            opSlot.connect(res.addr);
            opCount.connect(res.updated);
            opDepth.connect(commit.hitDepth);
            opNotThreshold.connect(io.head.notThreshold);
        });

        // --- undo: DRAIN pushes the younger events' (slot, old count), UNDO writes them back newest first. A split in
        // place undoes nothing: the younger events' results, until the last is out, go to the redo queue.
        Bool draining = state.is(DRAIN).or(commitStop).named("draining");
        // The walk stops a clock after the commit, so only the results then in the counter SRAM are squashed: at
        // most one more than its result latency, as SplitRedo's queue; a stack as deep as the window would be block
        // RAM.
        int undoDepth = Integer.highestOneBit(resultLatency + 1) << 1;
        UndoStack undo = new UndoStack(
                c, undoDepth, draining.and(resValid).and(splitInPlace.not()), res.addr, redo.resultOld, state.is(UNDO));
        Bool squashed =
                resValid.and(commit.eventResult).and(inRun.and(commitStop.not()).not());
        redo.push(squashed.and(splitInPlace), res, commit.hitDepth);
        when(draining.and(resValid), () -> Assert(commit.eventResult, "a squashed result that is not an event's"));
        when(commitFire.and(redo.resultSaturated), () -> st.saturation.connect(B(true)));

        // --- the split
        UInt none = Fill(c.mergeSumBits(), B(true));
        TrieSplit split = new TrieSplit(c, tables, free, st, room, opSlot, opDepth, splitWord);

        // --- readout and CSR requests
        CsrRequests req = new CsrRequests(c);
        UInt readIndex = req.index;

        // A split's marks go on in the background (below); the CSR requests RUN serves wait for them.
        SplitMarks marks = new SplitMarks(c, tables);
        Bool marking = marks.marking;
        QuietPipe quiet = new QuietPipe(inRun, commitStop, pipeEmpty, io.issued, marking, sched);
        Bool advanceSettled = HeldBefore(state.is(ADVANCE), 4, "advance_settled");
        // After a split in place RESUME lasts a clock for the walk's copy of the last write to land, then the fix.
        Bool fixing = HeldBefore(state.is(RESUME), 2, "fix_after_write");
        Bool fixed = HeldBefore(state.is(RESUME), TrieWalk.FIX_CLOCKS + 1, "fix_done");

        // An event's counter command: a walk result's ADD, or a redone event's (a SET, unless it moved to a new leaf).
        Runnable issueEvents = () -> {
            cmd.valid.connect(eventIssue);
            when(redoIssue.and(redo.sets), () -> cmd.set(redo.slot, redo.count));
            redo.pop(redoIssue);
        };
        // Into SPLIT_READ, reading v's word and info on the way in.
        Runnable toSplitRead = () -> {
            tables.readWord(opSlot);
            tables.readInfo(opSlot);
            state.go(SPLIT_READ);
        };
        // A batch, early or scheduled, or none when the skip knows it would remove nothing.
        BiConsumer<Bool, Boolean> startBatch = (empty, early) -> {
            earlyBatch.connect(B(early));
            when(empty, () -> {
                        st.batch.connect(B(true));
                        // SPLIT_FIT, the only caller of an early batch, has read v already.
                        if (early) state.go(SPLIT_READ);
                        else state.go(ADVANCE);
                    })
                    .otherwise(() -> state.go(MERGE_START));
        };
        // Registered, off the next-state logic: the root's bound and the operation's T hold for a clock before every
        // state that asks (asserted below).
        Bool opBatchEmptyNow = SplitCompare.atLeastComplement(tables.rootMin, opNotThreshold);
        Bool opBatchEmpty = RegNext(opBatchEmptyNow).named("op_batch_empty");
        // The event's scheduled batch, if due, after its split: one that went ahead has just marked the root with 0 (in
        // the clock that reads the bound), so its batch is walked.
        Consumer<Boolean> afterSplit =
                didSplit -> when(dueReq, () -> startBatch.accept(didSplit ? B(false) : opBatchEmpty, false))
                        .otherwise(() -> state.go(RESUME));

        state.on(
                        INIT,
                        () -> when(io.counterClearing.not().and(sched.multiplierFree()), () -> {
                            // The root: slot 0, no children, length 0, prefix 0 (its count was cleared with the SRAM).
                            tables.writeWord(U(0, slotBits), U(0, cw.width()));
                            tables.place(
                                    U(0, slotBits),
                                    U(0, c.depthBits()),
                                    U(0, c.keyBits()),
                                    U(0, slotBits),
                                    U(0, slotBits));
                            tables.writeMin(U(0, slotBits), none);
                            sched.restart();
                            state.go(RUN);
                        }))
                .on(RUN, () -> {
                    issueEvents.run();
                    req.serve(
                            sched,
                            stall,
                            quiet.held,
                            quiet.snapshotSettled,
                            io.inputsDrained.and(io.headValid.not()),
                            () -> state.go(READ_ISSUE),
                            () -> state.go(SOFT_CLEAR));
                    // A split in place undoes nothing: it reads the split node at once, or in UNDO after the marks.
                    when(
                            commitStop,
                            () -> when(splitInPlace.and(marking.not()), toSplitRead)
                                    .elsewhen(splitInPlace, () -> state.go(UNDO))
                                    .otherwise(() -> state.go(DRAIN)));
                })
                .on(DRAIN, () -> when(pipeEmpty, () -> state.go(UNDO)))
                .on(UNDO, () -> {
                    // v is read on every clock of UNDO (marks beside it take the info port while they last): the reads
                    // do not wait on the undo stack, and the one on the clock that leaves for SPLIT_READ is the
                    // split's.
                    tables.readWord(opSlot);
                    tables.readInfo(opSlot);
                    when(undo.empty.not(), () -> cmd.set(undo.slot, undo.count))
                            .elsewhen(splitReq.and(marking.not()), () -> {
                                earlyDone.connect(B(false));
                                state.go(SPLIT_READ);
                            })
                            .elsewhen(splitReq.not(), () -> startBatch.accept(opBatchEmpty, false));
                })
                .on(SPLIT_READ, () -> state.go(SPLIT_CHECK))
                .on(SPLIT_CHECK, () -> {
                    split.check(splitInPlace);
                    // In place, v's count goes back to the splitting event's (its younger events there move to the
                    // leaves), after their ADDs and before the redo.
                    when(splitInPlace, () -> cmd.set(opSlot, opCount));
                    when(splitInPlace, () -> state.go(SPLIT_ALLOC)).otherwise(() -> state.go(SPLIT_FIT));
                })
                .on(SPLIT_FIT, () -> {
                    // v is read again whatever the check finds (only a check that repeats it after an empty early
                    // batch needs it), so the reads' address and enable depend on the state alone, not on the
                    // compare of the root's bound with T that decides whether that batch is empty.
                    tables.readWord(opSlot);
                    tables.readInfo(opSlot);
                    when(split.fits, () -> state.go(SPLIT_ALLOC))
                            .elsewhen(earlyDone.not(), () -> {
                                earlyDone.connect(B(true));
                                startBatch.accept(opBatchEmpty, true);
                            })
                            .otherwise(() -> {
                                st.deferred.connect(B(true));
                                afterSplit.accept(false);
                            });
                })
                .on(SPLIT_ALLOC, () -> split.allocate(cmd, () -> state.go(SPLIT_LINK)))
                .on(SPLIT_LINK, () -> {
                    issueEvents.run();
                    split.link(marks);
                    afterSplit.accept(true);
                })
                .on(
                        MERGE_START,
                        () -> when(marking.not(), () -> {
                            walk.start();
                            state.go(MERGE);
                        }))
                .on(
                        MERGE,
                        () -> when(walk.done, () -> {
                            st.batch.connect(B(true));
                            state.go(BATCH_DONE);
                        }))
                // A clock between the walk's end and the split's reads: their address does not wait on the walk.
                .on(BATCH_DONE, () -> when(earlyBatch, toSplitRead).otherwise(() -> state.go(ADVANCE)))
                .on(
                        ADVANCE,
                        () -> when(advanceSettled.not(), () -> {})
                                .elsewhen(sched.pastN(), () -> state.go(RESUME))
                                .otherwise(() -> state.go(ADVANCE_WAIT)))
                .on(ADVANCE_WAIT, () -> when(sched.step(), () -> state.go(ADVANCE)))
                // After a split in place the walk reads its words again and moves the events that stopped at the
                // split node (TrieWalk's fix, FIX_CLOCKS clocks); nothing is replayed.
                .on(RESUME, () -> {
                    issueEvents.run();
                    when(splitInPlace.not().or(fixed), () -> {
                        io.rewind.connect(splitInPlace.not());
                        stall.resumed(splitReq);
                        commit.clear();
                        state.go(RUN);
                    });
                })
                .on(READ_ISSUE, () -> {
                    cmd.read(readIndex);
                    tables.readInfo(readIndex);
                    state.go(READ_WAIT);
                })
                .on(
                        READ_WAIT,
                        () -> when(cmd.readResult, () -> {
                            // A slot never used since reset holds a stale word: fresh_slot tells them apart.
                            Bool inUse = req.inRange
                                    .and(tables.infoValid())
                                    .and(readIndex.pad(c.nodeCountBits()).lt(free.fresh()));
                            req.readDone(inUse, tables.infoDepth(), tables.infoPrefix(), res.old);
                            stall.pausedForCsr();
                            state.go(RUN);
                        }))
                .on(SOFT_CLEAR, () -> {
                    st.clear.connect(B(true));
                    free.clear();
                    req.softDone();
                    io.softClear.connect(B(true));
                    state.go(INIT);
                });

        req.latch(io.softReset, io.snapshot, io.readout, io.readoutSlot);
        sched.releaseWhen(io.snapCopied);
        marks.run(
                state.is(RUN)
                        .or(state.within(DRAIN, UNDO))
                        .or(state.is(RESUME))
                        .or(state.is(MERGE_START))
                        .or(state.within(ADVANCE, ADVANCE_WAIT)),
                state.is(SPLIT_READ));

        // --- invariants (simulation only)
        when(state.within(UNDO, SPLIT_FIT), () -> Assert(opBatchEmpty.eq(opBatchEmptyNow), "op_batch_empty is stale"));
        when(state.is(DRAIN), () -> Assert(splitInPlace.not(), "a split in place drains"));
        when(
                state.is(RESUME).and(resValid),
                () -> Assert(commit.eventResult.not(), "a squashed result after its split"));
        when(commitFire, () -> Assert(io.headValid, "a commit without its event in the replay window"));
        when(inRun.and(resValid), () -> Assert(res.op.ne(ControllerIO.OP_READ), "a READ result in RUN"));
        when(state.is(SPLIT_ALLOC).and(split.allocating), () -> Assert(freeSlots.orR(), "a split ran out of slots"));
        when(
                tables.wordWrite,
                () -> Assert(
                        front.eq(0).or(splitInPlace).and(io.issued.not()),
                        "a child word written while the walk holds events"));
        WalkControl.fix(io, state.is(RESUME), splitInPlace, fixing, opSlot, splitWord);

        // --- outputs
        Bool issueGate = IssueGate.build(state.is(INIT), null, io.enable, req, io.readout, io.snapshot, sched);
        io.issueEnable.connect(walkMoves.and(issueGate));
        sched.drive(io, req);
        req.drive(io, state.is(INIT).or(state.is(SOFT_CLEAR)), state.within(READ_ISSUE, READ_WAIT));
        st.drive(io.live);
        io.busy.connect(state.within(DRAIN, RESUME));
        io.idle.connect(inRun.and(pipeEmpty).and(io.headValid.not()));
        io.stallCause.connect(stall.cause(
                commitFire,
                inRun.and(commitStop.not()),
                pipeEmpty.and(io.headValid.not()),
                state.within(DRAIN, UNDO).or(state.is(RESUME)).or(commitStop),
                splitReq,
                state.within(SPLIT_READ, SPLIT_LINK),
                state.within(MERGE_START, ADVANCE_WAIT)));
    }
}
