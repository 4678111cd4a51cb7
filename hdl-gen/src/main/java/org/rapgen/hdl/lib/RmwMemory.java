package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import java.util.function.BiFunction;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.SyncReadMem;
import org.rapgen.hdl.UInt;

/**
 * Read-modify-write pipeline over a 1R1W block RAM: each command {@code (addr, cmd)} reads word {@code addr}, computes
 * {@code updated = update(old, cmd)} (combinational hardware built by the lambda) and writes it back. Results come
 * out in acceptance order as {@code (addr, cmd, old, updated)}, exactly as if the commands ran one after another,
 * whatever the address pattern, at one command per clock.
 *
 * <p>Two stages. A: the command was accepted and its RAM read is in flight (the RAM's read register holds the word).
 * B: the output register; the command's result is written to the RAM as it moves from A to B. A command's read can
 * miss only the write of the command directly ahead of it (that write lands on the same clock edge, and the RAM is
 * read-first), and that command then sits in B until this one moves; so one flag, computed at acceptance, selects
 * B's result instead of the RAM word. The RAM read is enabled only on acceptance, so its data holds however long
 * the output stalls. Latency: a command accepted in cycle t is presented on {@code out} from cycle t+2 (and held
 * until taken); the block holds at most two commands and accepts whenever it holds fewer or one leaves.
 *
 * <p>After reset, and after a pulse on {@code clear}, the memory writes 0 to every word, one per clock, with
 * {@code in.ready} low and {@code clearing} high; that takes {@code depth} cycles. Commands accepted up to and
 * including the cycle of {@code clear} still complete and are presented on {@code out}, computed on the old contents,
 * but their write-backs are discarded: after the sweep every word is 0.
 */
public final class RmwMemory extends Module {
    /** A command: the word to update and the update's operand. */
    public static class Command extends Bundle {
        public final UInt addr;
        public final UInt cmd;

        public Command(int addrBits, int cmdBits) {
            addr = UInt(addrBits);
            cmd = UInt(cmdBits);
        }
    }

    /** A completed command: the word before and after the update. */
    public static class Result extends Bundle {
        public final UInt addr;
        public final UInt cmd;
        public final UInt old;
        public final UInt updated;

        public Result(int addrBits, int cmdBits, int dataBits) {
            addr = UInt(addrBits);
            cmd = UInt(cmdBits);
            old = UInt(dataBits);
            updated = UInt(dataBits);
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<Command> in;
        public final DecoupledIO<Result> out;
        /** Pulse: restart the clearing sweep (soft reset of the contents). */
        public final Bool clear = Input(Bool());
        /** High while the sweep runs (in.ready is low meanwhile). */
        public final Bool clearing = Bool();

        IO(int addrBits, int cmdBits, int dataBits) {
            in = Flipped(Decoupled(new Command(addrBits, cmdBits)));
            out = Decoupled(new Result(addrBits, cmdBits, dataBits));
        }
    }

    public final IO io;

    /**
     * @param flavor names the update function in the module name; two different functions need two flavors
     * @param update builds {@code updated} from {@code (old, cmd)}; its result may be narrower than dataBits
     */
    public RmwMemory(String flavor, int depth, int dataBits, int cmdBits, BiFunction<UInt, UInt, UInt> update) {
        super("f", flavor, "d", depth, "w", dataBits, "c", cmdBits);
        SourceLoc loc = SourceLoc.capture();
        if (flavor == null || !flavor.matches("[A-Za-z0-9]+")) throw new HdlException(loc, "RmwMemory flavor must be letters and digits (it names the module), got '" + flavor + "'");
        if (depth < 2) throw new HdlException(loc, "RmwMemory depth must be >= 2, got " + depth);
        if (dataBits < 1) throw new HdlException(loc, "RmwMemory data width must be >= 1, got " + dataBits);
        if (cmdBits < 1) throw new HdlException(loc, "RmwMemory command width must be >= 1, got " + cmdBits);
        int aw = log2Up(depth);
        io = IO(new IO(aw, cmdBits, dataBits));

        SyncReadMem<UInt> ram = SyncReadMem(depth, UInt(dataBits)).named("ram");
        Bool clearing = RegInit(B(true)).named("clearing");
        UInt sweep = RegInit(U(0, aw)).named("sweep");

        Bool aValid = RegInit(B(false)).named("a_valid");
        UInt aAddr = Reg(UInt(aw)).named("a_addr");
        UInt aCmd = Reg(UInt(cmdBits)).named("a_cmd");
        Bool aForward = Reg(Bool()).named("a_forward");
        Bool aStale = RegInit(B(false)).named("a_stale");
        Bool bValid = RegInit(B(false)).named("b_valid");
        UInt bAddr = Reg(UInt(aw)).named("b_addr");
        UInt bCmd = Reg(UInt(cmdBits)).named("b_cmd");
        UInt bOld = Reg(UInt(dataBits)).named("b_old");
        UInt bUpdated = Reg(UInt(dataBits)).named("b_updated");

        // A moves to B whenever B is free or being emptied; a command is accepted whenever A is free or moving.
        Bool advance = aValid.and(bValid.not().or(io.out.ready)).named("advance");
        io.in.ready.connect(clearing.not().and(aValid.not().or(advance)));
        Bool accept = io.in.fire().named("accept");

        UInt rdata = ram.read(io.in.bits.addr, accept);
        UInt old = Mux(aForward, bUpdated, rdata).named("old");
        UInt updated = Wire(UInt(dataBits)).named("updated");
        updated.connect(update.apply(old, aCmd));

        // A command accepted before a clear (up to and including its cycle) must not write after the sweep.
        Bool writeBack = advance.and(clearing.not()).and(aStale.not()).named("write_back");
        when(io.clear, () -> aStale.connect(B(true)));
        when(accept, () -> {
            aAddr.connect(io.in.bits.addr);
            aCmd.connect(io.in.bits.cmd);
            aStale.connect(io.clear);
            // The command ahead writes on this same edge, which this read cannot see.
            aForward.connect(writeBack.and(aAddr.eq(io.in.bits.addr)));
        });
        aValid.connect(accept.or(aValid.and(advance.not())));

        when(advance, () -> {
            bAddr.connect(aAddr);
            bCmd.connect(aCmd);
            bOld.connect(old);
            bUpdated.connect(updated);
        });
        bValid.connect(advance.or(bValid.and(io.out.ready.not())));

        // One write port: the sweep's zeros take precedence over write-backs (those are discarded while clearing).
        UInt writeAddr = Mux(clearing, sweep, aAddr).named("write_addr");
        UInt writeData = Mux(clearing, U(0, dataBits), updated).named("write_data");
        when(clearing.or(writeBack), () -> ram.write(writeAddr, writeData));
        when(clearing, () -> {
            sweep.connect(sweep.add(1));
            when(sweep.eq(depth - 1), () -> clearing.connect(B(false)));
        });
        when(io.clear, () -> {
            clearing.connect(B(true));
            sweep.connect(U(0));
        });

        io.out.valid.connect(bValid);
        io.out.bits.addr.connect(bAddr);
        io.out.bits.cmd.connect(bCmd);
        io.out.bits.old.connect(bOld);
        io.out.bits.updated.connect(bUpdated);
        io.clearing.connect(clearing);
    }
}
