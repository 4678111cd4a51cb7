package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * What the TCAM lookup's commit stage needs of an event's hit slot besides its count, looked up as its command is
 * issued and carried beside it through the counter SRAM (which never stalls: its output is always ready), so the
 * commit's decision starts from flip-flops. Nothing structural changes while events flow, so the facts are still true
 * at the commit. Built in the caller's module.
 */
final class TcamHitFacts {
    /** A split at the result's slot would find too few free slots, aligned with the result. */
    final Bool hitShort;

    private final UInt shortTable;
    private final Bool besideResult;
    private final NodeTable table;

    /**
     * @param hitSlot   the selector's slot, a clock before its command
     * @param command   a command enters the command register on this clock
     * @param freeSlots N minus the node count, {@code fw} bits
     */
    TcamHitFacts(RapConfig c, NodeTable table, UInt hitSlot, Bool command, UInt freeSlots, int fw, int resultLatency) {
        this.table = table;
        // "A split would be short" for each possible child count, registered (free slots and child counts do not
        // change while events flow, and a structural change is many clocks before the next event).
        List<Bool> shortByCount = new ArrayList<>();
        for (int cc = 0; cc < 1 << c.childCountBits(); cc++) {
            shortByCount.add(cc >= c.branching() ? B(false) : freeSlots.lt(U(c.branching() - cc, fw)));
        }
        shortTable = RegNext(CatLsbFirst(shortByCount)).named("short_by_children");
        // Looked up over two of the clocks the command waits anyway: the hit slot's child count a clock behind the
        // selector, then its bit of the table.
        UInt hitChildren = RegNext(table.childCount.read(hitSlot)).named("hit_children");
        hitShort = ShiftRegister(shortTable.bit(hitChildren), resultLatency - 1, null, "hit_short");
        besideResult = ShiftRegister(command, resultLatency, B(false), "hit_beside");
    }

    /** Simulation checks: every result has its facts beside it, and a committing event's are current. */
    void check(Bool resultValid, Bool commitFire, UInt resultSlot) {
        when(
                resultValid,
                () -> Assert(besideResult, "a counter SRAM result without its command's slot facts beside it"));
        when(
                commitFire,
                () -> Assert(
                        hitShort.eq(shortTable.bit(table.childCount.read(resultSlot))),
                        "the short flag beside slot %d's result is stale",
                        resultSlot));
    }
}
