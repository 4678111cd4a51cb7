package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.CB;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.WT;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.Fifo;

/**
 * RAP engine stage 0 (SPEC §5): the event queue. A combiner holds at most one pending event and merges runs of equal
 * keys into (key, weight) exactly as {@link org.rapgen.golden.rap.CombiningQueue} does (docs/golden-rap.md §4); a
 * {@link Fifo} of {@code depth} entries, with its output register, sits behind it. With {@code combine == false} it is
 * that FIFO alone.
 *
 * <p>The pending event is released only by an event it cannot absorb (a different key, or a sum above 2^W-1), by
 * {@code last} (after the event carrying it has joined) or by {@code flush}. A release that cannot enter the FIFO at
 * once is not lost: the pending event is marked closed (it absorbs nothing more) and enters the FIFO as soon as
 * there is room. So when an event both releases the pending one and is itself released (a new key with
 * {@code last}), the old one enters the FIFO in that cycle and the new one waits, closed, for the next: one FIFO write
 * per cycle suffices for one event per cycle.
 *
 * <p>{@code in.ready} depends only on state ({@code !pending || fifo has room}), never on the incoming key. A weight
 * of 0 is an ordinary event here (it joins a run without changing it); rejecting it is the engine top's job.
 */
public final class EventQueue extends Module {
    /** An input event: AXI-Stream tdata (key), the optional weight, tlast. */
    public static final class Event extends Bundle {
        public final UInt key;
        public final UInt weight;
        public final Bool last = Bool();

        Event(int keyBits, int weightBits) {
            key = UInt(keyBits);
            weight = UInt(weightBits);
        }
    }

    /** A combined event as stage 1 receives it. */
    public static final class Weighted extends Bundle {
        public final UInt key;
        public final UInt weight;

        Weighted(int keyBits, int weightBits) {
            key = UInt(keyBits);
            weight = UInt(weightBits);
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<Event> in;
        /** Releases the pending event (after an event accepted in the same cycle has joined it). */
        public final Bool flush = Input(Bool());
        /** A released event still waits outside the FIFO (high from the cycle after flush/last until it enters). */
        public final Bool flushBusy = Output(Bool());

        public final DecoupledIO<Weighted> out;

        IO(int keyBits, int weightBits) {
            in = Flipped(Decoupled(new Event(keyBits, weightBits)));
            out = Decoupled(new Weighted(keyBits, weightBits));
        }
    }

    public final IO io;

    public EventQueue(int keyBits, int weightBits, int depth, boolean combine, boolean inputRegister) {
        super(nameParams(keyBits, weightBits, depth, combine, inputRegister));
        SourceLoc here = SourceLoc.callerOf(EventQueue.class);
        if (keyBits < 1 || keyBits > 64)
            throw new HdlException(here, "EventQueue key bits must be 1..64, got " + keyBits);
        if (weightBits < 1 || weightBits > 63)
            throw new HdlException(
                    here, "EventQueue weight bits W must be 1..63 (as the golden CombiningQueue), got " + weightBits);
        if (depth < 2 || Integer.bitCount(depth) != 1)
            throw new HdlException(here, "EventQueue depth must be a power of two >= 2 (the FIFO's), got " + depth);
        io = IO(new IO(keyBits, weightBits));
        // The output register: the engine's soft-reset marker test and the threshold unit's enables start at a
        // flip-flop, not at the block RAM's clock-to-out (docs/decisions.md, "Event queue: one write port, a closed
        // flag").
        Fifo fifo = Module(new Fifo(keyBits + weightBits, depth, true));
        io.out.valid.connect(fifo.io.deq.valid);
        io.out.bits.key.connect(fifo.io.deq.bits.bits(keyBits + weightBits - 1, weightBits));
        io.out.bits.weight.connect(fifo.io.deq.bits.bits(weightBits - 1, 0));
        fifo.io.deq.ready.connect(io.out.ready);
        if (combine) {
            combiner(fifo.io.enq, keyBits, weightBits, inputRegister);
        } else if (!inputRegister) {
            io.in.ready.connect(fifo.io.enq.ready);
            fifo.io.enq.valid.connect(io.in.valid);
            fifo.io.enq.bits.connect(Cat(io.in.bits.key, io.in.bits.weight));
            io.flushBusy.connect(B(false));
        } else {
            inputStage(fifo.io.enq, keyBits, weightBits);
        }
    }

    /** The pending register in front of the FIFO's enqueue side. */
    private void combiner(DecoupledIO<UInt> enq, int keyBits, int weightBits, boolean inputRegister) {
        if (inputRegister)
            throw new HdlException(
                    SourceLoc.callerOf(EventQueue.class),
                    "EventQueue input register is for the plain queue: the combining queue's pending register is one");
        Bool valid = RegInit(B(false)).named("pending_valid");
        Bool closed = RegInit(B(false)).named("pending_closed"); // released: absorbs nothing more, waits for the FIFO
        UInt key = Reg(UInt(keyBits)).named("pending_key"); // datapath: no reset
        UInt weight = Reg(UInt(weightBits)).named("pending_weight");

        UInt sum = weight.addExpand(io.in.bits.weight).named("sum");
        UInt kept = sum.bits(weightBits - 1, 0);
        Bool fits = sum.bit(weightBits).not().named("fits"); // w + weight <= 2^W-1
        Bool joins =
                valid.and(closed.not()).and(key.eq(io.in.bits.key)).and(fits).named("joins");
        Bool starts = joins.not();
        Bool accept = io.in.fire().named("accept");

        io.in.ready.connect(valid.not().or(enq.ready));
        enq.valid.connect(valid.and(closed.or(io.in.valid.and(starts))));
        enq.bits.connect(Cat(key, weight));
        Bool pushed = enq.fire().named("pushed");

        when(accept, () -> {
                    when(joins, () -> weight.connect(kept)).otherwise(() -> {
                        key.connect(io.in.bits.key);
                        weight.connect(io.in.bits.weight);
                    });
                    valid.connect(B(true));
                    closed.connect(io.in.bits.last.or(io.flush));
                })
                .elsewhen(pushed, () -> {
                    valid.connect(B(false));
                    closed.connect(B(false));
                })
                .elsewhen(io.flush.and(valid), () -> closed.connect(B(true)));
        io.flushBusy.connect(valid.and(closed));

        // Invariants (simulation only). An accepted event that does not join pushes the pending one out in the same
        // cycle, so nothing is overwritten; a join never wraps past the cap 2^W-1 (the kept bits never shrink).
        when(
                accept.and(valid).and(starts),
                () -> Assert(pushed, "event queue: pending key %x would be overwritten", key));
        when(
                accept.and(joins),
                () -> Assert(
                        kept.ge(weight),
                        "event queue: combined weight %0d + %0d wraps past the cap",
                        weight,
                        io.in.bits.weight));
    }

    /**
     * A register in front of the plain FIFO: one event or none. It takes an event whenever it is empty or passes its
     * own on, so one event a clock goes through; {@code in.ready} is an OR of two flip-flops. A held event is one still
     * waiting outside the FIFO, as {@code flushBusy} says.
     */
    private void inputStage(DecoupledIO<UInt> enq, int keyBits, int weightBits) {
        Bool inputValid = RegInit(B(false)).named("input_valid");
        UInt inputBits = Reg(UInt(keyBits + weightBits)).named("input_bits"); // datapath: no reset
        io.in.ready.connect(inputValid.not().or(enq.ready));
        enq.valid.connect(inputValid);
        enq.bits.connect(inputBits);
        when(io.in.fire(), () -> {
                    inputValid.connect(B(true));
                    inputBits.connect(Cat(io.in.bits.key, io.in.bits.weight));
                })
                .elsewhen(enq.fire(), () -> inputValid.connect(B(false)));
        io.flushBusy.connect(inputValid);
    }

    /** Without an input register. */
    public EventQueue(int keyBits, int weightBits, int depth, boolean combine) {
        this(keyBits, weightBits, depth, combine, false);
    }

    /**
     * The module name's parameters; with {@code inputRegister} (a plain queue takes each event into a register before
     * the FIFO, so the FIFO's write, its block RAMs' enables, pointer and count, starts at flip-flops and not at the
     * producer's handshake, one clock more from input to output) the name says so.
     */
    private static Object[] nameParams(int keyBits, int weightBits, int depth, boolean combine, boolean inputRegister) {
        return inputRegister
                ? new Object[] {K, keyBits, WT, weightBits, D, depth, CB, combine, org.rapgen.hdl.lib.NameKey.IR, 1}
                : new Object[] {K, keyBits, WT, weightBits, D, depth, CB, combine};
    }
}
