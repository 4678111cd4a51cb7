package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.C;
import static org.rapgen.hdl.lib.NameKey.CI;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.S;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.lib.FirstSet;
import org.rapgen.hdl.lib.SkidBuffer;

/**
 * {@code A_k}, the lossless second-level table of paper &sect;3.4 (docs/golden-sampler.md "A_k"): k fully associative
 * registers {valid, pc, w, count}, one incoming message per clock, at most one outgoing message per incoming one.
 * With {@code MAX = 2^countBits - 1}, for a message (pc, w, c):
 * <pre>
 * c &gt; MAX                   pass it through
 * hit entry e              e.count + c &gt; MAX ? (emit (pc, w, e.count); e.count = c) : e.count += c
 * miss, an entry is free   the lowest-numbered free entry := (pc, w, c)
 * miss, table full         emit entry[victim]; entry[victim] := (pc, w, c); victim = (victim + 1) mod k
 * </pre>
 * An emission with {@code last} set (end of frame) drains the table afterwards: entries 0..k-1 in order, valid ones
 * emitted, one entry per clock, then {@code victim} returns to 0. No input is taken while draining, nor while the
 * output is not ready.
 */
public final class AssocStage extends Module {
    public static final class IO extends Bundle {
        public final DecoupledIO<Emission> in;
        public final DecoupledIO<Msg> out;
        public final Bool draining = Output(Bool());
        /** A message is inside (between being taken and updating the table); never with one stage. */
        public final Bool holding = Output(Bool());

        IO(int keyBits, int inCountBits, int outCountBits) {
            in = Flipped(Decoupled(new Emission(keyBits, inCountBits)));
            out = Decoupled(new Msg(keyBits, outCountBits));
        }
    }

    public final IO io;

    /**
     * @param stages 1: the message is matched and the table updated in the clock it is taken. 2: a match stage M
     *               compares the message with every entry and registers the match; the update stage U then corrects
     *               that match for the one table write it could not see (the message ahead of it, committed in the
     *               same clock), so results and message order are those of one stage, a clock later. 3: a
     *               compare stage CMP before M, whose miss M corrects, and a register slice on the output. 4: as 3,
     *               with the update split in two ({@link AssocSplitUpdate})
     */
    public AssocStage(int k, int keyBits, int inCountBits, int countBits, int stages) {
        super(N, k, K, keyBits, CI, inCountBits, C, countBits, S, stages);
        if (k < 1) throw new HdlException(SourceLoc.callerOf(AssocStage.class), "A_k needs k >= 1, got " + k);
        if (countBits < 1 || countBits > 63)
            throw new HdlException(
                    SourceLoc.callerOf(AssocStage.class), "A_k count bits must be 1..63, got " + countBits);
        if (stages < 1 || stages > 4)
            throw new HdlException(
                    SourceLoc.callerOf(AssocStage.class), "A_k stages must be 1, 2, 3 or 4, got " + stages);
        io = IO(new IO(keyBits, inCountBits, outCountBits(inCountBits, countBits)));
        if (stages == 4) {
            AssocSplitUpdate.build(io, k, keyBits, inCountBits, countBits);
            return;
        }
        int ib = log2Up(k);
        AssocEntries t = AssocEntries.create(k, keyBits, countBits);
        Vec<Bool> valid = t.valid();
        Vec<UInt> pcs = t.pcs();
        Vec<UInt> ws = t.ws();
        Vec<UInt> cnts = t.cnts();
        Mem<UInt> emittedKeys = t.emittedKeys();
        UInt victim = RegInit(U(0, ib)).named("victim");
        Bool draining = RegInit(B(false)).named("draining_r");
        UInt ptr = RegInit(U(0, ib)).named("ptr");
        // Entries fill from 0 up and only the drain empties them, all of them: the free ones are always those from
        // `filled` up, so a counter names the first free entry without a priority encoder over the valid bits.
        UInt filled = RegInit(U(0, log2Up(k + 1))).named("filled");
        Bool anyFree = filled.ne(U(k, filled.getWidth())).named("any_free");
        DecoupledIO<Msg> out = io.out;
        Bool outHeld = B(false);
        if (stages == 3) {
            Slice slice = slice(io, keyBits, inCountBits, countBits);
            out = slice.out();
            outHeld = slice.held();
        }
        // Stage U acts (updates the table, emits) only when the output could take a message, whether or not this one
        // emits: the ready then does not wait for the match, sum and overflow; it costs a cycle only when the consumer
        // side is already full.
        Bool take = draining.not().and(out.ready).named("take");

        // ---- the message in stage U, the entries it matches and the matched entry's count
        Emission u;
        Bool uValid;
        UInt matchVec;
        // the matched entry's count as the table holds it, and with two or more stages the count the write ahead
        // wrote, which replaces it when that write was to this message's own entry (`own`)
        UInt entryCount;
        UInt ownCount = null;
        Bool own = B(false);
        Bool hitFast = null;
        // what U's commit wrote: the slot (one-hot), whether it filled it anew, and the count it wrote
        UInt wroteSlot = Wire(UInt(k)).named("wrote_slot");
        Bool wroteNew = Wire(Bool()).named("wrote_new");
        UInt wroteCount = Wire(UInt(countBits)).named("wrote_count");
        Bool uStore = Wire(Bool()).named("u_store");
        if (stages == 1) {
            u = io.in.bits;
            uValid = io.in.valid;
            io.in.ready.connect(take);
            io.holding.connect(B(false));
            matchVec = t.matches(u.pc, u.w).named("match_vec");
            entryCount = Mux1H(matchVec, cnts).named("entry_count");
        } else {
            Bool mValid = RegInit(B(false)).named("m_valid");
            Emission m = Reg(new Emission(keyBits, inCountBits)).named("m");
            Bool uHeld = RegInit(B(false)).named("u_held");
            u = Reg(new Emission(keyBits, inCountBits)).named("u");
            uValid = uHeld;
            Bool uFires = uHeld.and(take);
            Bool uCommits = uStore.and(uFires).named("u_commits");
            // M moves into U when U is empty or acting, but not behind an end of frame (the drain that follows it
            // changes the table in ways the correction below does not cover) nor during the drain.
            Bool moves = mValid.and(uHeld.not().or(uFires.and(u.last.not())))
                    .and(draining.not())
                    .named("m_moves");
            when(moves, () -> u.connect(m));
            uHeld.connect(moves.or(uHeld.and(uFires.not())));

            UInt mMatch;
            if (stages == 2) {
                io.in.ready.connect(mValid.not().or(moves));
                when(io.in.fire(), () -> m.connect(io.in.bits));
                mValid.connect(io.in.fire().or(mValid.and(moves.not())));
                io.holding.connect(mValid.or(uHeld));
                mMatch = t.matches(m.pc, m.w).named("m_match");
            } else {
                Bool lastAhead = mValid.and(m.last).or(uHeld.and(u.last)).named("last_ahead");
                Front front =
                        compareStage(io, t, m, mValid, moves, lastAhead, draining, uCommits, u, wroteSlot, wroteNew);
                io.holding.connect(front.cmpValid().or(mValid).or(uHeld).or(outHeld));
                mMatch = front.mMatch();
            }
            UInt uMatch = RegEnable(mMatch, moves).named("u_match");
            UInt uEntryCount = RegEnable(Mux1H(mMatch, cnts), moves).named("u_entry_count");
            // The write committed as M moved (U's message ahead of it), which the registered match did not see.
            MissedWrite missed = MissedWrite.capture("u", moves, uCommits, sameKey(m, u), wroteSlot, wroteNew, k);
            UInt missedCount = RegEnable(wroteCount, moves).named("missed_count");
            matchVec = missed.correct(uMatch).named("match_vec");
            own = missed.own();
            // Whether the corrected match hits, from registers alone: M's match hit an entry, unless the write ahead
            // evicted exactly that entry (a fill anew of a full table takes the victim; a free slot matched nothing).
            Bool uMatchAny = RegEnable(mMatch.orR(), moves).named("u_match_any");
            Bool uMatchVictim = RegEnable(k == 1 ? mMatch.bit(0) : mMatch.bit(victim), moves)
                    .named("u_match_victim");
            Bool missedEvict = RegEnable(uCommits.and(wroteNew).and(anyFree.not()), B(false), moves)
                    .named("missed_evict");
            hitFast = own.or(uMatchAny.and(missedEvict.and(uMatchVictim).not())).named("hit_fast");
            entryCount = uEntryCount;
            ownCount = missedCount;
        }

        UInt p = u.pc;
        UInt x = u.w;
        UInt c = u.count;
        // a count above MAX cannot be held: it passes through (only possible when the input count is wider)
        Bool over = inCountBits > countBits
                ? c.bits(inCountBits - 1, countBits).orR().named("over")
                : B(false);
        UInt held = inCountBits > countBits ? c.bits(countBits - 1, 0) : c;

        // at most one entry matches: an entry is only filled on a miss
        Bool hit = hitFast == null ? matchVec.orR().named("hit") : hitFast;
        if (hitFast != null)
            when(
                    uValid,
                    () -> Assert(
                            hit.eq(matchVec.orR()),
                            "A_k: the registered hit disagrees with the corrected match %b",
                            matchVec));
        when(
                uValid,
                () -> Assert(
                        matchVec.and(matchVec.sub(1)).eq(0), "A_k: entries %b all hold the incoming tuple", matchVec));
        UInt hitCount;
        UInt sum;
        if (ownCount == null) {
            hitCount = entryCount;
            sum = hitCount.addExpand(held.pad(countBits)).named("sum");
        } else {
            // Both sums start at registers; the correction only chooses between them, after the carry chains.
            hitCount = Mux(own, ownCount, entryCount).named("hit_count");
            sum = Mux(own, ownCount.addExpand(held.pad(countBits)), entryCount.addExpand(held.pad(countBits)))
                    .named("sum");
        }
        Bool sumOver = sum.bit(countBits).named("sum_over");
        UInt slot = Mux(anyFree, filled.bits(ib - 1, 0), victim).named("slot");
        List<Bool> free = new ArrayList<>();
        for (int i = 0; i < k; i++) free.add(valid.get(i).not());
        // The priority encoder the counter replaces, kept as the simulation's reference.
        FirstSet lowestFree = new FirstSet(CatLsbFirst(free), ib);
        when(
                draining.not(),
                () -> Assert(
                        anyFree.eq(lowestFree.found).and(anyFree.not().or(lowestFree.index.eq(slot))),
                        "A_k: %d entries filled, but the lowest free entry is %d",
                        filled,
                        lowestFree.index));

        Bool isMsg = u.msg;
        Bool evictVictim = hit.not().and(anyFree.not()).named("evict_victim");
        Bool needOut = isMsg.and(over.or(hit.and(sumOver)).or(evictVictim)).named("need_out");
        Bool fire = uValid.and(take).named("fire");
        Bool store = fire.and(isMsg).and(over.not()).named("store");
        UInt newCount = Mux(hit.and(sumOver.not()), sum.bits(countBits - 1, 0), held.pad(countBits))
                .named("new_count");
        uStore.connect(isMsg.and(over.not()));
        wroteSlot.connect(Mux(hit, matchVec, oneHot(slot, k)));
        wroteNew.connect(hit.not());
        wroteCount.connect(newCount);

        when(store, () -> {
            when(hit, () -> {
                        for (int i = 0; i < k; i++) {
                            int e = i;
                            when(matchVec.bit(e), () -> cnts.get(e).connect(newCount));
                        }
                    })
                    .otherwise(() -> {
                        valid.write(slot, B(true));
                        pcs.write(slot, p);
                        ws.write(slot, x);
                        if (emittedKeys != null) emittedKeys.write(slot, Cat(x, p));
                        cnts.write(slot, newCount);
                        when(anyFree, () -> filled.connect(filled.add(1)))
                                .otherwise(() -> victim.connect(next(victim, k)));
                    });
        });
        when(fire.and(u.last), () -> {
            draining.connect(B(true));
            ptr.connect(U(0, ib));
        });

        // drain: one entry per clock; a valid one waits for the consumer
        Bool drainValid = valid.read(ptr).named("drain_valid");
        when(draining.and(drainValid.not().or(out.ready)), () -> {
            valid.write(ptr, B(false));
            ptr.connect(next(ptr, k));
            when(ptr.eq(U(k - 1L, ib)), () -> {
                draining.connect(B(false));
                victim.connect(U(0, ib));
                filled.connect(U(0, filled.getWidth()));
            });
        });

        // one read port serves the drain (ptr) and the eviction (victim): they never happen in the same cycle
        UInt at = k == 1 ? null : Mux(draining, ptr, victim);
        Bool stored = draining.or(evictVictim.and(over.not())).named("stored");
        UInt entryKey = t.key(at);
        UInt storedKey = emittedKeys == null ? entryKey : emittedKeys.read(at);
        if (emittedKeys != null)
            when(stored, () -> Assert(storedKey.eq(entryKey), "A_k: emitted_keys differs from the entry"));
        UInt outPc = Mux(stored, storedKey.bits(keyBits - 1, 0), p);
        UInt outW = Mux(stored, storedKey.bits(2 * keyBits - 1, keyBits), x);
        UInt outCount =
                Mux(stored, AssocEntries.entry(cnts, at).pad(inCountBits), Mux(over, c, hitCount.pad(inCountBits)));
        out.valid.connect(Mux(draining, drainValid, uValid.and(needOut)));
        out.bits.pc.connect(outPc);
        out.bits.w.connect(outW);
        out.bits.count.connect(outCount);
        io.draining.connect(draining);
    }

    static Bool sameKey(Emission a, Emission b) {
        return a.pc.eq(b.pc).and(a.w.eq(b.w));
    }

    /** Stage CMP's results: M's match, corrected, and whether CMP holds a message. */
    record Front(UInt mMatch, Bool cmpValid) {}

    /**
     * Stage CMP, which compares the message with every entry as it moves into M, and M's correction of that compare.
     * Between that clock and M's move on the table takes one write, the one committed in the clock CMP moves (the
     * stages after M hold one message each and move on in the clock the one ahead commits); M corrects for it as the
     * stage after it does for its own. CMP waits while an end of frame is ahead of it, since the drain behind one
     * rewrites every entry. {@code writer} is the committing stage's message and {@code wroteSlot}, {@code wroteNew}
     * its write; M's valid is driven here.
     */
    static Front compareStage(
            IO io,
            AssocEntries t,
            Emission m,
            Bool mValid,
            Bool moves,
            Bool lastAhead,
            Bool draining,
            Bool commits,
            Emission writer,
            UInt wroteSlot,
            Bool wroteNew) {
        Bool cmpValid = RegInit(B(false)).named("cmp_valid");
        Emission cmp = Reg(new Emission(m.pc.getWidth(), m.count.getWidth())).named("cmp");
        Bool cmpMoves = cmpValid.and(mValid.not().or(moves))
                .and(lastAhead.not())
                .and(draining.not())
                .named("cmp_moves");
        io.in.ready.connect(cmpValid.not().or(cmpMoves));
        when(io.in.fire(), () -> cmp.connect(io.in.bits));
        cmpValid.connect(io.in.fire().or(cmpValid.and(cmpMoves.not())));
        when(cmpMoves, () -> m.connect(cmp));
        mValid.connect(cmpMoves.or(mValid.and(moves.not())));
        UInt compared = RegEnable(t.matches(cmp.pc, cmp.w), cmpMoves).named("m_compared");
        MissedWrite byU =
                MissedWrite.capture("m", cmpMoves, commits, sameKey(cmp, writer), wroteSlot, wroteNew, t.size());
        UInt mMatch = byU.correct(compared).named("m_match");
        return new Front(mMatch, cmpValid);
    }

    /** The output through a register slice, and whether the slice holds a message. */
    record Slice(DecoupledIO<Msg> out, Bool held) {}

    /**
     * The output leaves through a register slice, so neither the message nor its valid runs from the update into the
     * output queue's RAM, and the ready the update waits for is a flip-flop.
     */
    static Slice slice(IO io, int keyBits, int inCountBits, int countBits) {
        Msg shape = new Msg(keyBits, outCountBits(inCountBits, countBits));
        SkidBuffer slice = Module(new SkidBuffer(shape.getWidth()));
        DecoupledIO<Msg> out = Wire(Decoupled(shape)).named("out");
        slice.io.enq.valid.connect(out.valid);
        slice.io.enq.bits.connect(Cat(out.bits.count, out.bits.w, out.bits.pc));
        out.ready.connect(slice.io.enq.ready);
        UInt word = slice.io.deq.bits;
        io.out.valid.connect(slice.io.deq.valid);
        io.out.bits.pc.connect(word.bits(keyBits - 1, 0));
        io.out.bits.w.connect(word.bits(2 * keyBits - 1, keyBits));
        io.out.bits.count.connect(word.bits(shape.getWidth() - 1, 2 * keyBits));
        slice.io.deq.ready.connect(io.out.ready);
        return new Slice(out, slice.io.deq.valid);
    }

    static UInt oneHot(UInt index, int k) {
        return k == 1 ? U(1, 1) : U(1, k).shl(index).bits(k - 1, 0);
    }

    /** Width of an outgoing count: a pass-through keeps its width, a held count has {@code countBits}. */
    public static int outCountBits(int inCountBits, int countBits) {
        return Math.max(inCountBits, countBits);
    }

    static UInt next(UInt i, int k) {
        return Mux(i.eq(U(k - 1L, i.getWidth())), U(0, i.getWidth()), i.add(1));
    }
}
