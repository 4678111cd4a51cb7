package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * The trie engine's free node slots, in block RAM: a stack of the slots merges freed, and above it the slots never used
 * since the last reset ({@code fresh}, counting up). So a reset needs no sweep of N clocks: it sets the stack empty and
 * {@code fresh} to 1 (slot 0 is the root). How many slots are free is N minus the status's node count; this only says
 * which. Built in the caller's module.
 *
 * <p>The stack's top is read on every clock into a register ({@link TrieTables#READ_LATENCY}), so {@link #next} is
 * ready two clocks after the stack last changed ({@link #ready}); a split takes a slot at most every third clock from
 * the stack, every clock from {@code fresh}.
 */
final class FreeSlots {
    /** The next slot never used since reset, 1..N. */
    private final UInt fresh;
    /** Slots on the stack. */
    private final UInt depth;

    private final Bool freePush = WireDefault(Bool(), B(false)).named("free_push");
    private final UInt pushed;
    private final Bool freeTake = WireDefault(Bool(), B(false)).named("free_take");
    private final Bool freeClear = WireDefault(Bool(), B(false)).named("free_clear");
    private final int slotBits;
    /** The slot a take returns. */
    final UInt next;
    /** {@link #next} describes the stack as it is: it did not change on the last clock. */
    final Bool ready;

    FreeSlots(RapConfig c) {
        slotBits = c.slotBits();
        int countBits = c.nodeCountBits();
        fresh = RegInit(U(1, countBits)).named("fresh_slot");
        depth = RegInit(U(0, countBits)).named("free_depth");
        pushed = WireDefault(UInt(slotBits), U(0, slotBits)).named("free_pushed");
        // A push writes above the top and the top is read below it: never the same address (no_rw_check).
        SyncReadMem<UInt> stack =
                SyncReadMem(c.nodes(), UInt(slotBits)).named("free_stack").attribute("no_rw_check");
        UInt top = RegNext(stack.read(depth.sub(U(1, countBits)).bits(slotBits - 1, 0), B(true)))
                .named("free_top");
        Bool stackEmpty = depth.eq(0).named("free_stack_empty");
        next = Mux(stackEmpty, fresh.bits(slotBits - 1, 0), top).named("free_next");
        ready = HeldBefore(freePush.or(freeTake).or(freeClear).not(), TrieTables.READ_LATENCY + 1, "free_ready");
        when(freePush, () -> stack.write(depth.bits(slotBits - 1, 0), pushed));
        when(freeClear, () -> {
                    fresh.connect(U(1, countBits));
                    depth.connect(U(0, countBits));
                })
                .elsewhen(freePush, () -> depth.connect(depth.add(U(1, countBits))))
                .elsewhen(
                        freeTake,
                        () -> when(stackEmpty, () -> fresh.connect(fresh.add(U(1, countBits))))
                                .otherwise(() -> depth.connect(depth.sub(U(1, countBits)))));
        when(freeTake, () -> {
            Assert(ready, "a free slot taken before the stack's top was read again");
            Assert(freePush.not(), "a free slot taken and pushed on one clock");
            Assert(stackEmpty.not().or(fresh.lt(U(c.nodes(), countBits))), "a free slot taken with none left");
        });
    }

    /** On this clock edge {@link #next} is taken. */
    void take() {
        freeTake.connect(B(true));
    }

    /** On this clock edge {@code slot} is freed. */
    void push(UInt slot) {
        freePush.connect(B(true));
        pushed.connect(slot);
    }

    /** On this clock edge every slot but the root's becomes free. */
    void clear() {
        freeClear.connect(B(true));
    }

    /** A slot at or above this was never used since reset (so its node-readout word is stale). */
    UInt fresh() {
        return fresh;
    }
}
