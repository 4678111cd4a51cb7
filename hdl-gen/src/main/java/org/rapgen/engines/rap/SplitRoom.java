package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * Whether the free slots hold a split's missing children, with no adder or compare after the node's child count
 * arrives: for every number m of missing children, 1..b, a flip-flop says whether m slots are free, and the count only
 * selects among them. Two places ask: {@link TrieController}'s {@code SPLIT_CHECK}, as the split node's word leaves
 * its block RAM, and the issue of every event, whose walk result carries its node's child count (the commit then knows
 * at once whether a split there would find too few slots). The flags are a clock behind the free-slot count, which is
 * itself a clock behind a take. A split's reads come between a change and its check, so the flags are exact there;
 * an event issues in RUN, where no slot is taken or freed, or is redone from a split's link on, the clock after the
 * split took its last child, which the issue's flags then count in by asking for one slot more (asserted where they
 * are used). Built in the caller's module.
 */
final class SplitRoom {
    private final int branching;
    private final UInt freeSlots;
    private final List<Bool> roomFor = new ArrayList<>();

    /** @param freeSlots N minus the nodes, the free slots */
    SplitRoom(RapConfig c, UInt freeSlots) {
        this.branching = c.branching();
        this.freeSlots = freeSlots;
        int fw = freeSlots.getWidth();
        roomFor.add(B(true));
        for (int m = 1; m <= branching + 1; m++)
            roomFor.add(RegNext(freeSlots.ge(U(m, fw))).named("room_for_" + m));
    }

    /**
     * @param children the node's child count, 0..b
     * @return its missing children fit; exact on a clock where the free slots held on the clock before
     */
    Bool fits(UInt children) {
        return fits(children, 0);
    }

    /** As {@link #fits}, with {@code more} slots than the missing children. */
    private Bool fits(UInt children, int more) {
        Bool fits = B(false);
        for (int m = 0; m <= branching; m++) {
            fits = fits.or(roomFor.get(m + more).and(children.eq(U(branching - m, children.getWidth()))));
        }
        return fits;
    }

    /**
     * Whether a split at an event's node would find too few free slots, known as the event issues (its walk result
     * carries the node's child count; free slots do not change while events flow) and carried beside its counter
     * command to the commit, {@code latency} clocks later. {@code tookLastClock}: a slot was taken on the clock before,
     * which the flags do not count yet.
     */
    Bool shortAtResult(Bool issue, UInt children, int latency, Bool tookLastClock) {
        Bool roomAtIssue = Mux(tookLastClock, fits(children, 1), fits(children)).named("room_at_issue");
        when(issue, () -> Assert(roomAtIssue.eq(fitsExactly(children)), "room_at_issue is stale"));
        return ShiftRegister(roomAtIssue.not(), latency, null, "hit_short");
    }

    /** The definition {@link #fits} stands for: the free slots cover b minus the children. */
    Bool fitsExactly(UInt children) {
        int fw = freeSlots.getWidth();
        return freeSlots.ge(U(branching, fw).sub(children.pad(fw)));
    }
}
