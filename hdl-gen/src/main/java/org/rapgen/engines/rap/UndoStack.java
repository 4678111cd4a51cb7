package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * The (slot, old count) of every younger event whose counter update a structural change squashed, in block RAM: pushed
 * one per clock as their results leave the counter SRAM while the pipeline drains, popped newest first while the
 * controller writes the old counts back (a SET restores a saturated counter exactly, where a subtraction could not).
 * Its top is read a clock ahead, from the stack pointer as it will be after this clock's pop, so each popping clock
 * finds it ready; draining ends on a clock without a push, so the first popping clock does too. No read on a push
 * clock: the RAM's read-during-write behaviour never matters. Built in the caller's module.
 */
final class UndoStack {
    /** Nothing to pop (a flip-flop: every write of the pointer goes through its next value). */
    final Bool empty;
    /** The top entry. */
    final UInt slot;

    final UInt count;

    /**
     * @param push     a squashed update's result arrives on this clock, with its slot and old count
     * @param popping  the controller writes the top back on this clock when the stack is not empty
     */
    UndoStack(RapConfig c, int depth, Bool push, UInt pushSlot, UInt pushCount, Bool popping) {
        int slotBits = c.slotBits();
        int cb = c.counterBits();
        int pointerBits = log2Up(depth + 1);
        int addrBits = log2Up(depth);
        push = push.named("undo_push");
        SyncReadMem<UInt> undo = SyncReadMem(depth, UInt(slotBits + cb)).named("undo");
        UInt sp = RegInit(U(0, pointerBits)).named("undo_sp");
        UInt spNext = WireDefault(UInt(pointerBits), sp).named("undo_sp_next");
        sp.connect(spNext);
        empty = RegNext(spNext.eq(0), B(true)).named("undo_empty");
        Bool pop = popping.and(empty.not()).named("undo_pop");
        // The two addresses the read may take, each a flip-flop set from the pointer's next value, so no subtraction
        // lies between the pointer and the RAM's address.
        int all = (1 << pointerBits) - 1;
        UInt spBelow =
                RegNext(spNext.sub(U(1, pointerBits)), U(all, pointerBits)).named("undo_sp_below");
        UInt spTwoBelow =
                RegNext(spNext.sub(U(2, pointerBits)), U(all - 1, pointerBits)).named("undo_sp_two_below");
        Assert(
                spBelow.eq(sp.sub(U(1, pointerBits))).and(spTwoBelow.eq(sp.sub(U(2, pointerBits)))),
                "the undo stack's read addresses disagree with undo_sp");
        UInt top = undo.read(Mux(pop, spTwoBelow, spBelow).bits(addrBits - 1, 0), push.not());
        when(push, () -> {
            undo.write(sp.bits(addrBits - 1, 0), Cat(pushSlot, pushCount));
            spNext.connect(sp.add(U(1, pointerBits)));
        });
        when(pop, () -> spNext.connect(sp.sub(U(1, pointerBits))));
        slot = top.bits(slotBits + cb - 1, cb);
        count = top.bits(cb - 1, 0);
        when(push, () -> {
            Assert(sp.lt(U(depth, pointerBits)), "undo stack overflow");
            Assert(pop.not(), "an undo push and pop on one clock");
        });
        Assert(empty.eq(sp.eq(0)), "undo_empty disagrees with undo_sp %d", sp);
    }
}
