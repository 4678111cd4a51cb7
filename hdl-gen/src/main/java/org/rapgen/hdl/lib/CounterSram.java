package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.C;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.RR;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * A block-RAM array of {@code depth} saturating {@code counterBits}-bit counters: an {@link RmwMemory} whose command
 * is {@code cmd = {op, value}} (op in the top 2 bits; build it with {@link #cmd}). Ops: {@link #OP_ADD} adds value,
 * clipping at 2^C - 1; {@link #OP_SET} writes value; {@link #OP_READ} (and the reserved op 3) leaves the counter
 * unchanged. {@code out.saturated} marks an ADD that was clipped (its true sum exceeded the maximum; landing exactly
 * on it is not a saturation). Timing, forwarding and clearing are RmwMemory's; {@code registerRead} is RmwMemory's
 * extra read-register stage (latency {@link #latency}), and with it the update is {@link CounterUpdate}: forwarded by
 * accumulating addends, a carry-select saturating add from registers, {@code saturated} registered beside the result.
 * Without it, the update is {@link #apply} and {@code saturated} is computed from the output register.
 */
public final class CounterSram extends Module {
    public static final int OP_ADD = 0;
    public static final int OP_SET = 1;
    public static final int OP_READ = 2;
    public static final int OP_BITS = 2;

    /** The RmwMemory result plus the saturation flag. */
    public static final class Result extends RmwMemory.Result {
        public final Bool saturated = Bool();

        Result(int addrBits, int cmdBits, int dataBits) {
            super(addrBits, cmdBits, dataBits);
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<RmwMemory.Command> in;
        public final DecoupledIO<Result> out;
        public final Bool clear = Input(Bool());
        public final Bool clearing = Bool();

        IO(int addrBits, int counterBits) {
            in = Flipped(Decoupled(new RmwMemory.Command(addrBits, OP_BITS + counterBits)));
            out = Decoupled(new Result(addrBits, OP_BITS + counterBits, counterBits));
        }
    }

    public final IO io;

    public CounterSram(int depth, int counterBits) {
        this(depth, counterBits, false);
    }

    public CounterSram(int depth, int counterBits, boolean registerRead) {
        super(registerRead ? new Object[] {D, depth, C, counterBits, RR, 1} : new Object[] {D, depth, C, counterBits});
        if (counterBits < 1 || counterBits > 64)
            throw new HdlException(
                    SourceLoc.callerOf(CounterSram.class),
                    "CounterSram counter width must be in 1..64, got " + counterBits);
        io = IO(new IO(log2Up(depth), counterBits));
        RmwMemory mem = Module(
                registerRead
                        ? new RmwMemory(
                                "counter", depth, counterBits, OP_BITS + counterBits, new CounterUpdate(counterBits))
                        : new RmwMemory("counter", depth, counterBits, OP_BITS + counterBits, CounterSram::apply));
        mem.io.in.biConnect(io.in);
        mem.io.clear.connect(io.clear);
        io.clearing.connect(mem.io.clearing);

        RmwMemory.Result r = mem.io.out.bits;
        mem.io.out.ready.connect(io.out.ready);
        io.out.valid.connect(mem.io.out.valid);
        io.out.bits.addr.connect(r.addr);
        io.out.bits.cmd.connect(r.cmd);
        io.out.bits.old.connect(r.old);
        io.out.bits.updated.connect(r.updated);
        io.out.bits.saturated.connect(
                registerRead ? mem.outFlag() : op(r.cmd).eq(OP_ADD).and(new SatAdd(r.old, value(r.cmd)).overflow));
    }

    /**
     * With the read register, the bit at which the saturating add is split into carry-select parts (for tests and
     * benchmarks that aim at the boundary); 0 for one carry chain.
     */
    public static int carrySplit(int counterBits) {
        return CounterUpdate.split(counterBits);
    }

    /** Cycles from acceptance to presentation on {@code out} (RmwMemory's). */
    public static int latency(boolean registerRead) {
        return RmwMemory.latency(registerRead);
    }

    /**
     * The counter update: saturating ADD, SET, or no change. READ and op 3 add zero, so the adder's result is the
     * update for every op but SET: after the carry chain, one LUT per bit (SET ? value : clipped sum) finishes it.
     */
    private static UInt apply(UInt old, UInt cmd) {
        UInt value = value(cmd);
        UInt op = op(cmd);
        UInt addend = Mux(op.eq(OP_ADD), value, U(0, value.getWidth()));
        return Mux(op.eq(OP_SET), value, new SatAdd(old, addend).value);
    }

    /** Packs a command: {@code op} (2 bits, one of the OP_ constants) above {@code value} (counterBits). */
    public static UInt cmd(UInt op, UInt value) {
        return Cat(op, value);
    }

    /** The same packing in software, for drivers and tests: {@code op << counterBits | value} (counterBits <= 62). */
    public static long cmd(int op, long value, int counterBits) {
        if (counterBits > 62)
            throw new IllegalArgumentException("a command of " + counterBits + "-bit counters does not fit in a long");
        return ((long) op << counterBits) | value;
    }

    public static UInt op(UInt cmd) {
        int w = cmd.getWidth();
        return cmd.bits(w - 1, w - OP_BITS);
    }

    public static UInt value(UInt cmd) {
        return cmd.bits(cmd.getWidth() - OP_BITS - 1, 0);
    }
}
