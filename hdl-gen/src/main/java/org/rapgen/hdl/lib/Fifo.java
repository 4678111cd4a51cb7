package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.O;
import static org.rapgen.hdl.lib.NameKey.W;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * Synchronous FIFO holding up to {@code depth} words, ready/valid on both sides, storage in a {@link SyncReadMem}
 * (block RAM). A registered output stage makes {@code deq} first-word-fall-through: enqueue to dequeue latency is
 * two cycles, and it sustains one transfer per cycle in and out. {@code enq.ready} comes straight from a register
 * ({@code full}).
 *
 * <p>{@code deq.bits} is then the block RAM's own read register. With {@code outputRegister} a flip-flop stage
 * follows it (latency three cycles): the consumer's logic starts at a fabric flip-flop instead of the RAM's slow
 * clock-to-out (an ECP5 DP16KD without its output register is about 5.6 ns), and its ready reaches the RAM's read
 * enable through one more gate. The contract is otherwise the same; the two stages count in {@code count}.
 */
public final class Fifo extends Module {
    public static final class IO extends Bundle {
        public final DecoupledIO<UInt> enq;
        public final DecoupledIO<UInt> deq;
        /** Words held, including the one presented on deq. */
        public final UInt count;

        IO(int width, int depth) {
            enq = Flipped(Decoupled(UInt(width)));
            deq = Decoupled(UInt(width));
            count = UInt(log2Up(depth + 1));
        }
    }

    public final IO io;

    public Fifo(int width, int depth) {
        this(width, depth, false);
    }

    public Fifo(int width, int depth, boolean outputRegister) {
        this(width, depth, outputRegister, Mutant.NONE);
    }

    Fifo(int width, int depth, boolean outputRegister, Mutant mutant) {
        super(outputRegister ? new Object[] {W, width, D, depth, O, 1} : new Object[] {W, width, D, depth});
        if (width < 1) throw new HdlException(SourceLoc.callerOf(Fifo.class), "Fifo width must be >= 1, got " + width);
        if (depth < 2 || Integer.bitCount(depth) != 1)
            throw new HdlException(
                    SourceLoc.callerOf(Fifo.class), "Fifo depth must be a power of two >= 2, got " + depth);
        io = IO(new IO(width, depth));
        int aw = log2Up(depth);

        // A fetch never reads the address being written (see ram_has_data), so Yosys need not emulate read-first.
        SyncReadMem<UInt> ram = SyncReadMem(depth, UInt(width)).named("ram").attribute("no_rw_check");
        UInt wptr = RegInit(U(0, aw)).named("wptr");
        UInt rptr = RegInit(U(0, aw)).named("rptr");
        UInt count = RegInit(U(0, log2Up(depth + 1))).named("count");

        Bool enqFire = io.enq.fire().named("enq_fire");
        Bool deqFire = io.deq.fire().named("deq_fire");
        // The RAM's read register, and with outputRegister the flip-flop stage after it: each holds one word or none.
        Bool ramOutValid = RegInit(B(false)).named(outputRegister ? "ram_out_valid" : "out_valid");
        Bool outValid = outputRegister ? RegInit(B(false)).named("out_valid") : ramOutValid;
        Bool outAdvance = outValid.not().or(io.deq.ready).named("out_advance");
        Bool ramOutFree = outputRegister ? ramOutValid.not().or(outAdvance) : outAdvance;
        // Words in the RAM not yet read out; wptr - rptr is this count modulo depth. Writes of this cycle are not
        // counted yet, so a fetch never reads the address being written: that needs the count to be 0 (no fetch) or
        // depth (full, no write).
        UInt staged = outputRegister ? ramOutValid.pad(2).add(outValid.pad(2)) : ramOutValid;
        // count != staged, as a flip-flop stepped by the write and the fetch: the fetch, and the read pointer's enable
        // behind it, then start at flip-flops, not at a compare of the count (it led an iCE40 placement of the RAP
        // engine). The compare it keeps, "one word left", is taken from flip-flops beside the fetch.
        Bool ramHasData = RegInit(B(false)).named("ram_has_data");
        Assert(ramHasData.eq(count.ne(staged)), "ram_has_data disagrees with count %d", count);
        Bool fetch = ramHasData.and(ramOutFree).named("fetch");
        Bool lastWord = count.eq(staged.pad(count.getWidth()).add(U(1, count.getWidth())))
                .named("ram_last_word");
        ramHasData.connect(enqFire.or(ramHasData.and(fetch.and(lastWord).not())));

        when(enqFire, () -> {
            ram.write(wptr, io.enq.bits);
            wptr.connect(wptr.add(1));
        });
        UInt head = ram.read(rptr, fetch);
        when(enqFire.and(fetch), () -> Assert(rptr.ne(wptr), "FIFO RAM read and written at the same address"));
        when(fetch, () -> rptr.connect(rptr.add(1)));
        ramOutValid.connect(fetch.or(ramOutValid.and(ramOutFree.not())));
        UInt out = head;
        if (outputRegister) {
            // A datapath register: no reset, loaded only when the stage takes a word.
            UInt outBits = Reg(UInt(width)).named("out_bits");
            when(outAdvance, () -> {
                outValid.connect(ramOutValid);
                when(ramOutValid, () -> outBits.connect(head));
            });
            out = outBits;
        }

        Bool grows = enqFire.and(deqFire.not());
        when(grows, () -> count.connect(count.add(1)))
                .elsewhen(deqFire.and(enqFire.not()), () -> count.connect(count.sub(1)));

        // "Full" as a flip-flop of its own, kept from the count's next value, so enq.ready is a register's output and
        // not a compare of the count (the producer's logic, and every enable behind its handshake, follow it).
        Bool full = RegInit(B(false)).named("full");
        full.connect(grows.and(count.eq(mutant == Mutant.FIFO_FULL_LATE ? depth : depth - 1))
                .or(full.and(deqFire.not())));
        Assert(full.eq(count.eq(depth)), "FIFO full flag disagrees with count %d", count);
        io.enq.ready.connect(full.not());
        io.deq.valid.connect(outValid);
        io.deq.bits.connect(out);
        io.count.connect(count);
        FifoProperties.check(io, depth, outputRegister ? 3 : 2);
    }
}
