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
 * <p>A split takes a slot a clock, from the stack too: the stack's top entries are read ahead, one a clock from a
 * cursor of their own ({@code free_unread}, the entries not yet read), into a buffer of b registers (at least two), so
 * a split's children all come from registers, a clock each; the slot a take returns is a flip-flop, not the block
 * RAM's data, which lies far from the tables it addresses. Pushes come only in merge batches and takes only in
 * splits, so a push simply starts the reads again from the new top, and the reads in flight are dropped.
 *
 * <p>The slot a take returns, and whether the stack is empty, are flip-flops too, loaded with their next values: the
 * slot addresses three tables and is written into a fourth's word, which lie across the part, and a choice between
 * {@code fresh} and the buffer by a compare of the stack's depth with 0 would sit in front of every route.
 */
final class FreeSlots {
    /** Entries buffered ahead of the stack's top: a split's children. */
    private final int ahead;

    /** The next slot never used since reset, 1..N. */
    private final UInt fresh;
    /** Slots on the stack. */
    private final UInt depth;

    private final Bool freePush = WireDefault(Bool(), B(false)).named("free_push");
    private final UInt pushed;
    private final Bool freeTake = WireDefault(Bool(), B(false)).named("free_take");
    private final Bool freeClear = WireDefault(Bool(), B(false)).named("free_clear");
    /** The slot a take returns. */
    final UInt next;
    /** {@link #next} is a free slot: the stack is empty (fresh), or its top has been read. */
    final Bool ready;

    FreeSlots(RapConfig c) {
        int slotBits = c.slotBits();
        int countBits = c.nodeCountBits();
        ahead = Math.max(2, c.branching());
        int bufferedBits = log2Up(ahead + 1);
        fresh = RegInit(U(1, countBits)).named("fresh_slot");
        depth = RegInit(U(0, countBits)).named("free_depth");
        UInt freshSlotNext = WireDefault(UInt(countBits), fresh).named("fresh_slot_next");
        UInt depthNext = WireDefault(UInt(countBits), depth).named("free_depth_next");
        fresh.connect(freshSlotNext);
        depth.connect(depthNext);
        pushed = WireDefault(UInt(slotBits), U(0, slotBits)).named("free_pushed");
        Bool stackEmptyNext = depthNext.eq(0).named("free_stack_empty_next");
        Bool stackEmpty = RegNext(stackEmptyNext, B(true)).named("free_stack_empty");
        Bool restart = freePush.or(freeClear).named("free_restart");

        // The read-ahead: unread + buffered + in flight = depth, the buffer holding the top entries in order.
        UInt unread = RegInit(U(0, countBits)).named("free_unread");
        UInt buffered = RegInit(U(0, bufferedBits)).named("free_buffered");
        UInt[] buffer = new UInt[ahead];
        for (int i = 0; i < ahead; i++) buffer[i] = Reg(UInt(slotBits)).named("free_ahead_" + i);
        UInt ahead0Next = WireDefault(UInt(slotBits), buffer[0]).named("free_ahead_0_next");
        buffer[0].connect(ahead0Next);
        Bool sent = RegInit(B(false)).named("free_read_sent");
        Bool landing = RegInit(B(false)).named("free_read_landing");
        int sumBits = bufferedBits + 1;
        UInt inFlight =
                sent.asUInt().pad(sumBits).add(landing.asUInt().pad(sumBits)).named("free_in_flight");
        // Issued while the buffer and the reads in flight leave room; a push writes above the top and the reads are
        // below it (no_rw_check). A read beside a restart is dropped a clock later.
        Bool read = unread.orR()
                .and(buffered.pad(sumBits).add(inFlight).lt(U(ahead, sumBits)))
                .named("free_read");
        SyncReadMem<UInt> stack =
                SyncReadMem(c.nodes(), UInt(slotBits)).named("free_stack").attribute("no_rw_check");
        UInt landed = RegNext(stack.read(unread.sub(U(1, countBits)).bits(slotBits - 1, 0), read))
                .named("free_landed");
        sent.connect(read.and(restart.not()));
        landing.connect(sent.and(restart.not()));
        Bool haveTop = buffered.orR().named("free_have_top");
        next = RegNext(Mux(stackEmptyNext, freshSlotNext.bits(slotBits - 1, 0), ahead0Next), U(1, slotBits))
                .named("free_next");
        Assert(
                next.eq(Mux(stackEmpty, fresh.bits(slotBits - 1, 0), buffer[0])),
                "free_next is not the slot a take returns");
        ready = stackEmpty.or(haveTop).named("free_ready");

        Bool pop = freeTake.and(stackEmpty.not()).named("free_pop");
        when(read, () -> unread.connect(unread.sub(U(1, countBits))));
        for (int i = 0; i + 1 < ahead; i++) {
            UInt to = i == 0 ? ahead0Next : buffer[i];
            UInt from = buffer[i + 1];
            when(pop, () -> to.connect(from));
        }
        // A landing read goes behind what stays buffered.
        UInt landAt = buffered.sub(pop.asUInt().pad(bufferedBits)).named("free_land_at");
        for (int i = 0; i < ahead; i++) {
            UInt entry = i == 0 ? ahead0Next : buffer[i];
            when(landing.and(landAt.eq(i)), () -> entry.connect(landed));
        }
        buffered.connect(buffered.add(landing.asUInt().pad(bufferedBits))
                .sub(pop.asUInt().pad(bufferedBits)));

        when(freePush, () -> stack.write(depth.bits(slotBits - 1, 0), pushed));
        when(freeClear, () -> {
                    freshSlotNext.connect(U(1, countBits));
                    depthNext.connect(U(0, countBits));
                })
                .elsewhen(freePush, () -> depthNext.connect(depth.add(U(1, countBits))))
                .elsewhen(
                        freeTake,
                        () -> when(stackEmpty, () -> freshSlotNext.connect(fresh.add(U(1, countBits))))
                                .otherwise(() -> depthNext.connect(depth.sub(U(1, countBits)))));
        // Any change but a take starts the read-ahead again from the top.
        when(restart, () -> {
            buffered.connect(U(0, bufferedBits));
            unread.connect(Mux(freeClear, U(0, countBits), depth.add(U(1, countBits))));
        });
        Assert(
                unread.add(buffered.pad(countBits)).add(inFlight.pad(countBits)).eq(depth),
                "the free stack's read-ahead lost count of its entries");
        when(freeTake, () -> {
            Assert(ready, "a free slot taken before the stack's top was read");
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
