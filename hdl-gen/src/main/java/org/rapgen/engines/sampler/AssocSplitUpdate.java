package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;

/**
 * {@link AssocStage} with four stages: CMP and M as with three, then the update split in two, so that no clock holds
 * both the match's correction and the commit to the entries. U1 corrects the match, adds the count, decides what the
 * message writes and emits, and reads the entry an eviction emits, all into registers; U2 commits to the entries and
 * emits, from those registers alone.
 *
 * <p>Each move from one stage to the next misses at most the one write U2 commits on that edge (U2 commits only as
 * the message behind it moves on, and nothing moves behind an end of frame). M corrects its compare for the write
 * missed as it entered, U1 for the one missed as it entered and, forwarded from U2's registers, for the one U2
 * commits as U1 moves on: a flip-flop set as the message entered U1 says whether U2's message has its key.
 *
 * <p>The first free entry ({@code filled}) and the victim ({@code emit_at}) are those the message in U1 sees: they
 * advance as a message leaves U1 with its decision, not when it commits. {@code emit_at} is also the address of the
 * one entry read out, into registers a clock before it is emitted: the victim while messages flow, entry 0 once an
 * end of frame is in U2, then the drain's next entry. So no path runs from a pointer through a read to the output.
 */
final class AssocSplitUpdate {
    private AssocSplitUpdate() {}

    static void build(AssocStage.IO io, int k, int keyBits, int inCountBits, int countBits) {
        int ib = log2Up(k);
        int outBits = AssocStage.outCountBits(inCountBits, countBits);
        AssocEntries t = AssocEntries.create(k, keyBits, countBits);
        Bool draining = RegInit(B(false)).named("draining_r");
        AssocStage.Slice slice = AssocStage.slice(io, keyBits, inCountBits, countBits);
        DecoupledIO<Msg> out = slice.out();
        // U2 acts only when the output could take a message (see AssocStage); it holds nothing while the table
        // drains (the drain follows the end of frame U2 passed on, and nothing moves behind that), so its ready is
        // the output slice's flip-flop alone.

        // ---- the stages' messages and their moves
        Bool mValid = RegInit(B(false)).named("m_valid");
        Emission m = Reg(new Emission(keyBits, inCountBits)).named("m");
        Bool u1Held = RegInit(B(false)).named("u1_held");
        Emission u1 = Reg(new Emission(keyBits, inCountBits)).named("u1");
        Bool u2Held = RegInit(B(false)).named("u2_held");
        Emission u2 = Reg(new Emission(keyBits, inCountBits)).named("u2");
        Bool u2Fires = u2Held.and(out.ready).named("u2_fires");
        // U2's decision, made in U1: whether it writes the entries, whether it fills one anew, where, the count it
        // writes, and what it emits (its own message with u2_out_count, or the entry read out)
        Bool u2Store = RegInit(B(false)).named("u2_store");
        Bool u2New = Reg(Bool()).named("u2_new");
        UInt u2SlotOh = Reg(UInt(k)).named("u2_slot_oh");
        UInt u2Slot = k == 1 ? null : Reg(UInt(ib)).named("u2_slot");
        UInt u2NewCount = Reg(UInt(countBits)).named("u2_new_count");
        Bool u2NeedOut = Reg(Bool()).named("u2_need_out");
        Bool u2Evicts = Reg(Bool()).named("u2_evicts");
        UInt u2OutCount = Reg(UInt(outBits)).named("u2_out_count");
        // u2_store is cleared as U2 empties, so whether U2 commits needs no valid bit
        Bool u2Commits = u2Store.and(out.ready).named("u2_commits");
        // An end of frame in U2 has nothing behind it in U1 or M (CMP waits), so U1 needs no check for one.
        Bool u1Moves = u1Held.and(u2Held.not().or(u2Fires)).and(draining.not()).named("u1_moves");
        Bool mMoves = mValid.and(u1Held.not().or(u1Moves)).and(draining.not()).named("m_moves");
        when(mMoves, () -> u1.connect(m));
        u1Held.connect(mMoves.or(u1Held.and(u1Moves.not())));
        when(u1Moves, () -> u2.connect(u1));
        u2Held.connect(u1Moves.or(u2Held.and(u2Fires.not())));
        when(u2Fires, () -> u2Store.connect(B(false)));
        when(draining, () -> Assert(u2Held.not(), "A_k: a message in U2 while the table drains"));
        Bool lastAhead = mValid.and(m.last)
                .or(u1Held.and(u1.last))
                .or(u2Held.and(u2.last))
                .named("last_ahead");
        AssocStage.Front front =
                AssocStage.compareStage(io, t, m, mValid, mMoves, lastAhead, draining, u2Commits, u2, u2SlotOh, u2New);
        io.holding.connect(front.cmpValid().or(mValid).or(u1Held).or(u2Held).or(slice.held()));
        UInt mMatch = front.mMatch();
        when(u2Held.and(u2.last), () -> Assert(u1Held.or(mValid).not(), "A_k: a message behind an end of frame"));

        // Entries fill from 0 up and only the drain empties them, all of them (see AssocStage).
        UInt filled = RegInit(U(0, log2Up(k + 1))).named("filled");
        Bool anyFree = filled.ne(U(k, filled.getWidth())).named("any_free");
        UInt emitAt = k == 1 ? null : RegInit(U(0, ib)).named("emit_at");

        // ---- into U1: M's match, the matched count, and the write U2 commits on that edge
        UInt u1Match = RegEnable(mMatch, mMoves).named("u1_match");
        UInt u1EntryCount = RegEnable(Mux1H(mMatch, t.cnts()), mMoves).named("u1_entry_count");
        Bool u1MatchAny = RegEnable(mMatch.orR(), mMoves).named("u1_match_any");
        MissedWrite missed =
                MissedWrite.capture("u1", mMoves, u2Commits, AssocStage.sameKey(m, u2), u2SlotOh, u2New, k);
        UInt u1MissedCount = RegEnable(u2NewCount, mMoves).named("u1_missed_count");
        // whether that write was to this message's own entry, as one flip-flop: it selects the sum
        Bool u1TakesMissed = RegEnable(u2Commits.and(AssocStage.sameKey(m, u2)), B(false), mMoves)
                .named("u1_takes_missed");
        // The entry the message this one meets in U2 would evict: U1's victim if U1's message moves on in this clock,
        // otherwise the slot U2's holds. Whether that message does evict is known a clock later (u2_evicts); with
        // these two bits U1 knows from flip-flops alone whether the eviction takes its entry: the one just written if
        // the missed write was to its own key, else the one M matched (unless that write filled it anew).
        UInt missedNew = Mux(u2Commits.and(u2New), u2SlotOh, U(0, k));
        UInt victimAhead = k == 1 ? null : Mux(u1Moves, emitAt, u2Slot);
        Bool u1VictimWritten = RegEnable(bitAt(u2SlotOh, victimAhead), mMoves).named("u1_victim_written");
        Bool u1VictimMatched = RegEnable(bitAt(mMatch.and(missedNew.not()), victimAhead), mMoves)
                .named("u1_victim_matched");
        // that write filled anew (evicted) the entry M matched
        Bool u1MissedKills = RegEnable(
                        u2Commits.and(u2New).and(mMatch.and(u2SlotOh).orR()), B(false), mMoves)
                .named("u1_missed_kills");
        // the message this one meets in U2: U1's if it moves on in this clock, otherwise the one U2 keeps
        Bool u1SameAsU2 = RegEnable(Mux(u1Moves, AssocStage.sameKey(m, u1), AssocStage.sameKey(m, u2)), mMoves)
                .named("u1_same_as_u2");

        // ---- U1: the match seen after both writes, from registers
        UInt seenMatch = missed.correct(u1Match).named("seen_match");
        Bool ownLive = u2Commits.and(u1SameAsU2).named("own_live");
        Bool newLive = u2Commits.and(u2New).named("new_live");
        UInt matchVec = Mux(
                        ownLive,
                        u2SlotOh,
                        seenMatch.and(Mux(newLive, u2SlotOh, U(0, k)).not()))
                .named("match_vec");
        Bool seenHit = u1TakesMissed.or(u1MatchAny.and(u1MissedKills.not())).named("seen_hit");
        // U2's eviction takes the entry this message matched: from flip-flops alone
        Bool killed = u2Commits
                .and(u2Evicts)
                .and(Mux(u1TakesMissed, u1VictimWritten, u1VictimMatched))
                .named("killed");
        Bool hit = ownLive.or(seenHit.and(killed.not())).named("hit");
        when(u1Held, () -> {
            Assert(hit.eq(matchVec.orR()), "A_k: the hit disagrees with the corrected match %b", matchVec);
            Assert(u1TakesMissed.eq(missed.own()), "A_k: u1_takes_missed disagrees with the missed write");
            Assert(matchVec.and(matchVec.sub(1)).eq(0), "A_k: entries %b all hold the incoming tuple", matchVec);
        });

        UInt c = u1.count;
        // a count above MAX cannot be held: it passes through (only possible when the input count is wider)
        Bool over = inCountBits > countBits
                ? c.bits(inCountBits - 1, countBits).orR().named("over")
                : B(false);
        UInt held = (inCountBits > countBits ? c.bits(countBits - 1, 0) : c).pad(countBits);
        // Each count the message may add to is a register with an adder of its own; the corrections choose among
        // the sums, after the carry chains.
        UInt liveSum = u2NewCount.addExpand(held).named("live_sum");
        UInt missedSum = u1MissedCount.addExpand(held).named("missed_sum");
        UInt entrySum = u1EntryCount.addExpand(held).named("entry_sum");
        UInt hitCount = Mux(ownLive, u2NewCount, Mux(u1TakesMissed, u1MissedCount, u1EntryCount))
                .named("hit_count");
        UInt sum =
                Mux(ownLive, liveSum, Mux(u1TakesMissed, missedSum, entrySum)).named("sum");
        Bool sumOver = sum.bit(countBits).named("sum_over");

        UInt slot = k == 1 ? null : Mux(anyFree, filled.bits(ib - 1, 0), emitAt).named("slot");
        Bool isMsg = u1.msg;
        Bool store = isMsg.and(over.not()).named("store");
        Bool evictVictim = hit.not().and(anyFree.not()).named("evict_victim");
        Bool needOut = isMsg.and(over.or(hit.and(sumOver)).or(evictVictim)).named("need_out");
        UInt newCount =
                Mux(hit.and(sumOver.not()), sum.bits(countBits - 1, 0), held).named("new_count");
        when(u1Moves, () -> {
            u2Store.connect(store);
            u2New.connect(hit.not());
            u2SlotOh.connect(Mux(hit, matchVec, AssocStage.oneHot(slot, k)));
            if (u2Slot != null) u2Slot.connect(slot);
            u2NewCount.connect(newCount);
            u2NeedOut.connect(needOut);
            u2Evicts.connect(evictVictim.and(over.not()));
            u2OutCount.connect(Mux(over, c.pad(outBits), hitCount.pad(outBits)));
            when(store.and(hit.not()), () -> {
                when(anyFree, () -> filled.connect(filled.add(1)));
                if (emitAt != null) when(anyFree.not(), () -> emitAt.connect(AssocStage.next(emitAt, k)));
            });
            // the drain behind an end of frame reads entry 0 first
            if (emitAt != null) when(u1.last, () -> emitAt.connect(U(0, ib)));
        });
        List<Bool> free = new ArrayList<>();
        for (int i = 0; i < k; i++)
            free.add(t.valid()
                    .get(i)
                    .or(u2Held.and(u2Store).and(u2New).and(u2SlotOh.bit(i)))
                    .not());
        // The priority encoder the counter replaces, over the entries as U1 sees them, kept as the simulation's
        // reference.
        FirstSet lowestFree = new FirstSet(CatLsbFirst(free), ib);
        when(
                u1Held,
                () -> Assert(
                        anyFree.eq(lowestFree.found).and(anyFree.not().or(lowestFree.index.eq(filled.bits(ib - 1, 0)))),
                        "A_k: %d entries filled, but the lowest free entry is %d",
                        filled,
                        lowestFree.index));

        // ---- U2: commit
        for (int i = 0; i < k; i++) {
            int e = i;
            when(u2Commits.and(u2SlotOh.bit(e)), () -> {
                t.cnts().get(e).connect(u2NewCount);
                when(u2New, () -> {
                    t.valid().get(e).connect(B(true));
                    t.pcs().get(e).connect(u2.pc);
                    t.ws().get(e).connect(u2.w);
                });
            });
        }
        if (u2Slot != null) when(newLive, () -> t.emittedKeys().write(u2Slot, Cat(u2.w, u2.pc)));

        // ---- the entry read out, a clock before it is emitted, with U2's commit on that edge forwarded
        UInt emitKey = Reg(UInt(2 * keyBits)).named("emit_key");
        UInt emitCount = Reg(UInt(countBits)).named("emit_count");
        Bool emitValid = Reg(Bool()).named("emit_valid");
        Bool drainStep = draining.and(emitValid.not().or(out.ready)).named("drain_step");
        Bool drainStarts = u2Fires.and(u2.last).named("drain_starts");
        Bool loadEmit = u1Moves.or(drainStarts).or(drainStep).named("load_emit");
        Bool emitForward = u2Commits
                .and(emitAt == null ? u2SlotOh.bit(0) : u2SlotOh.bit(emitAt))
                .named("emit_forward");
        UInt tableKey = t.emittedKeys() == null ? t.key(null) : t.emittedKeys().read(emitAt);
        when(loadEmit, () -> {
            emitKey.connect(Mux(emitForward, Cat(u2.w, u2.pc), tableKey));
            emitCount.connect(Mux(emitForward, u2NewCount, AssocEntries.entry(t.cnts(), emitAt)));
            emitValid.connect(
                    emitForward.or(emitAt == null ? t.valid().get(0) : t.valid().read(emitAt)));
        });
        if (emitAt != null)
            when(loadEmit, () -> Assert(tableKey.eq(t.key(emitAt)), "A_k: emitted_keys differs from the entry"));

        // ---- the drain: entries 0..k-1 from the read-out registers, a valid one waiting for the consumer
        when(drainStarts, () -> {
            draining.connect(B(true));
            if (emitAt != null) emitAt.connect(AssocStage.next(emitAt, k));
        });
        // emit_at runs one entry ahead, so it wraps to 0 as the last entry is emitted
        Bool drainEnds = emitAt == null ? B(true) : emitAt.eq(0);
        when(drainStep, () -> {
            if (emitAt != null) emitAt.connect(AssocStage.next(emitAt, k));
            when(drainEnds, () -> {
                draining.connect(B(false));
                filled.connect(U(0, filled.getWidth()));
                for (int i = 0; i < k; i++) t.valid().get(i).connect(B(false));
                if (emitAt != null) emitAt.connect(U(0, ib));
            });
        });

        Bool stored = draining.or(u2Evicts).named("stored");
        out.valid.connect(Mux(draining, emitValid, u2Held.and(u2NeedOut)));
        out.bits.pc.connect(Mux(stored, emitKey.bits(keyBits - 1, 0), u2.pc));
        out.bits.w.connect(Mux(stored, emitKey.bits(2 * keyBits - 1, keyBits), u2.w));
        out.bits.count.connect(Mux(stored, emitCount.pad(outBits), u2OutCount));
        io.draining.connect(draining);
    }

    /** {@code v[at]}, or bit 0 of a one-entry table's (which has no index). */
    private static Bool bitAt(UInt v, UInt at) {
        return at == null ? v.bit(0) : v.bit(at);
    }
}
