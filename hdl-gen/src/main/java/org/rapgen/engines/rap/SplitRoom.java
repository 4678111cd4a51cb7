package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * Whether the free slots hold a split's missing children ({@link TrieController}'s {@code SPLIT_CHECK}), with no adder
 * or compare after the split node's word leaves its block RAM: for every number m of missing children, 0..b, a
 * flip-flop says whether m slots are free, and the word's child count only selects among them. The free-slot count
 * stands still for several clocks before a check (a split's reads come between), so flags a clock behind it are exact
 * then (asserted where the check is made). Built in the caller's module.
 */
final class SplitRoom {
    private SplitRoom() {}

    /**
     * @param freeSlots N minus the nodes, the free slots
     * @param word      the split node's child word
     * @return the missing children fit; exact on a clock where {@code freeSlots} held on the clock before
     */
    static Bool fits(RapConfig c, ChildWord cw, UInt freeSlots, UInt word) {
        int b = c.branching();
        int fw = freeSlots.getWidth();
        UInt count = cw.count(word);
        List<Bool> fitsWith = new ArrayList<>();
        for (int m = 0; m <= b; m++) {
            Bool room = m == 0 ? B(true) : RegNext(freeSlots.ge(U(m, fw))).named("room_for_" + m);
            fitsWith.add(room.and(count.eq(U(b - m, count.getWidth()))));
        }
        Bool fits = fitsWith.get(0);
        for (int m = 1; m <= b; m++) fits = fits.or(fitsWith.get(m));
        return fits;
    }

    /** The definition {@link #fits} stands for: the free slots cover b minus the word's children. */
    static Bool fitsExactly(RapConfig c, ChildWord cw, UInt freeSlots, UInt word) {
        int fw = freeSlots.getWidth();
        return freeSlots.ge(U(c.branching(), fw).sub(cw.count(word).pad(fw)));
    }
}
