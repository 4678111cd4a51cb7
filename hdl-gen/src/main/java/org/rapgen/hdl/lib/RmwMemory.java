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
 * <p>Two stages by default. A: the command was accepted and its RAM read is in flight (the RAM's read register holds
 * the word). B: the output register; the command's result is written to the RAM as it moves from A to B. A command's
 * read can miss only the write of the command directly ahead of it (that write lands on the same clock edge, and the
 * RAM is read-first), and that command then sits in B until this one moves; so one flag, computed at acceptance,
 * selects B's result instead of the RAM word. The RAM read is enabled only on acceptance, so its data holds however
 * long the output stalls. Latency: a command accepted in cycle t is presented on {@code out} from cycle t+2 (and held
 * until taken); the block holds at most two commands and accepts whenever it holds fewer or one leaves.
 *
 * <p>With {@code registerRead}, stage R between A and B registers the RAM word, so the update starts from a register
 * (for Fmax); the write-back moves to the R-to-B edge and a second forwarding source is needed (see
 * {@link #registeredRead}). Latency 3, at most three commands held, still one command per clock.
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

    /** Cycles from acceptance to presentation on {@code out}; also the most commands the block holds. */
    public static int latency(boolean registerRead) {
        return registerRead ? 3 : 2;
    }

    /** Two stages: the RAM's read data feeds the forwarding mux and the update directly. */
    public RmwMemory(String flavor, int depth, int dataBits, int cmdBits, BiFunction<UInt, UInt, UInt> update) {
        this(flavor, depth, dataBits, cmdBits, false, update);
    }

    /**
     * @param flavor names the update function in the module name; two different functions need two flavors
     * @param registerRead add stage R, which registers the RAM's read data before the forwarding mux and the update
     * @param update builds {@code updated} from {@code (old, cmd)}; its result may be narrower than dataBits
     */
    public RmwMemory(String flavor, int depth, int dataBits, int cmdBits, boolean registerRead, BiFunction<UInt, UInt, UInt> update) {
        super(nameParams(flavor, depth, dataBits, cmdBits, registerRead));
        SourceLoc loc = SourceLoc.capture();
        if (flavor == null || !flavor.matches("[A-Za-z0-9]+")) throw new HdlException(loc, "RmwMemory flavor must be letters and digits (it names the module), got '" + flavor + "'");
        if (depth < 2) throw new HdlException(loc, "RmwMemory depth must be >= 2, got " + depth);
        if (dataBits < 1) throw new HdlException(loc, "RmwMemory data width must be >= 1, got " + dataBits);
        if (cmdBits < 1) throw new HdlException(loc, "RmwMemory command width must be >= 1, got " + cmdBits);
        int aw = log2Up(depth);
        io = IO(new IO(aw, cmdBits, dataBits));

        // A word read in the clock its address is written is never used (the forwarding below takes B's result
        // instead), so Yosys need not emulate read-first; read_collided checks it in simulation.
        SyncReadMem<UInt> ram = SyncReadMem(depth, UInt(dataBits)).named("ram").attribute("no_rw_check");
        Bool clearing = RegInit(B(true)).named("clearing");
        UInt sweep = RegInit(U(0, aw)).named("sweep");

        Stage a = new Stage("a", aw, cmdBits);
        Stage r = registerRead ? new Stage("r", aw, cmdBits) : a;  // the updating stage
        Bool bValid = RegInit(B(false)).named("b_valid");
        UInt bAddr = Reg(UInt(aw)).named("b_addr");
        UInt bCmd = Reg(UInt(cmdBits)).named("b_cmd");
        UInt bOld = Reg(UInt(dataBits)).named("b_old");
        UInt bUpdated = Reg(UInt(dataBits)).named("b_updated");

        // The updating stage moves to B whenever B is free or being emptied, A to R whenever R is free or moving; a
        // command is accepted whenever A is free or moving.
        Bool advance = r.valid.and(bValid.not().or(io.out.ready)).named("advance");
        Bool aMoves = registerRead ? a.valid.and(r.valid.not().or(advance)).named("a_moves") : advance;
        io.in.ready.connect(clearing.not().and(a.valid.not().or(aMoves)));
        Bool accept = io.in.fire().named("accept");

        UInt rdata = ram.read(io.in.bits.addr, accept);
        // A command accepted before a clear (up to and including its cycle) must not write after the sweep.
        Bool writeBack = advance.and(clearing.not()).and(r.stale.not()).named("write_back");
        // One write port: the sweep's zeros take precedence over write-backs (those are discarded while clearing).
        Bool writeEnable = clearing.or(writeBack).named("write_enable");
        UInt writeAddr = Mux(clearing, sweep, r.addr).named("write_addr");
        // The updating command writes on the edge of this read, which the read cannot see.
        Bool readMissesWrite = writeBack.and(r.addr.eq(io.in.bits.addr)).named("read_misses_write");
        // Simulation only (read by Asserts alone, so synthesis drops it): A's word was read as its address was written.
        Bool readCollided = Reg(Bool()).named("read_collided");
        when(accept, () -> readCollided.connect(writeEnable.and(writeAddr.eq(io.in.bits.addr))));
        UInt old = registerRead
                ? registeredRead(a, r, accept, aMoves, advance, readMissesWrite, rdata, bUpdated, readCollided)
                : forwarded(a.forward, accept, advance, readMissesWrite, rdata, bUpdated, readCollided);
        UInt updated = Wire(UInt(dataBits)).named("updated");
        updated.connect(update.apply(old, r.cmd));

        when(io.clear, () -> a.stale.connect(B(true)));
        when(accept, () -> {
            a.addr.connect(io.in.bits.addr);
            a.cmd.connect(io.in.bits.cmd);
            a.stale.connect(io.clear);
        });
        a.valid.connect(accept.or(a.valid.and(aMoves.not())));

        when(advance, () -> {
            bAddr.connect(r.addr);
            bCmd.connect(r.cmd);
            bOld.connect(old);
            bUpdated.connect(updated);
        });
        bValid.connect(advance.or(bValid.and(io.out.ready.not())));

        UInt writeData = Mux(clearing, U(0, dataBits), updated).named("write_data");
        when(writeEnable, () -> ram.write(writeAddr, writeData));
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

    /**
     * Without stage R the command in A can miss only the write of the command directly ahead (in A at acceptance,
     * writing on that edge), which then sits in B until this one moves: a flag set at acceptance picks B's result.
     */
    private static UInt forwarded(Bool forward, Bool accept, Bool advance, Bool readMissesWrite, UInt rdata, UInt bUpdated,
            Bool readCollided) {
        when(accept, () -> forward.connect(readMissesWrite));
        checkWordUsable(advance.and(forward.not()), readCollided);
        return Mux(forward, bUpdated, rdata).named("old");
    }

    /**
     * Stage R registers the read data as the command moves from A to R. Between its read and that move the command
     * can miss two writes, each by a command whose result B holds at the time it is needed: (1) the one writing on the
     * edge of the read (it was in R; it then sits in B until this command enters R, so its result is captured into
     * R's data register instead of the RAM word), and (2) the one directly ahead, writing on the edge this command
     * enters R (it then sits in B until this one moves on, so R's forwarding mux picks it; it is newer than (1)).
     * Both flags are decided at acceptance. Returns R's {@code old}.
     */
    private UInt registeredRead(Stage a, Stage r, Bool accept, Bool aMoves, Bool advance, Bool readMissesWrite, UInt rdata, UInt bUpdated,
            Bool readCollided) {
        UInt addr = io.in.bits.addr;
        Bool aCapture = Reg(Bool()).named("a_capture");
        UInt rData = Reg(UInt(rdata.getWidth())).named("r_data");
        // (2): the command directly ahead is in A (moving to R now) or, with A empty, in R and staying. It may be
        // stale only if this one is too: a clear between their acceptances means this command reads zeros.
        Bool aheadInA = a.addr.eq(addr).and(a.stale.not());
        Bool aheadInR = r.valid.and(advance.not()).and(r.addr.eq(addr)).and(r.stale.not());
        when(accept, () -> {
            aCapture.connect(readMissesWrite);
            a.forward.connect(Mux(a.valid, aheadInA, aheadInR));
        });
        when(io.clear, () -> r.stale.connect(B(true)));
        checkWordUsable(aMoves.and(aCapture.not()), readCollided);
        when(aMoves, () -> {
            r.addr.connect(a.addr);
            r.cmd.connect(a.cmd);
            r.stale.connect(a.stale.or(io.clear));
            r.forward.connect(a.forward);
            rData.connect(Mux(aCapture, bUpdated, rdata));
        });
        r.valid.connect(aMoves.or(r.valid.and(advance.not())));
        return Mux(r.forward, bUpdated, rData).named("old");
    }

    /** Simulation check of the RAM's no_rw_check promise: a word read as its address was written is never used. */
    private static void checkWordUsable(Bool ramWordTaken, Bool readCollided) {
        when(ramWordTaken, () -> Assert(readCollided.not(), "RMW RAM word read and written at the same address was used"));
    }

    /** The registers that follow a command from stage to stage. */
    private static final class Stage {
        final Bool valid;
        final UInt addr;
        final UInt cmd;
        /** Take B's result instead of the data read (see {@link #forwarded}, {@link #registeredRead}). */
        final Bool forward;
        /** A clear came at or after this command's acceptance: it must not write back. */
        final Bool stale;

        Stage(String name, int addrBits, int cmdBits) {
            valid = RegInit(B(false)).named(name + "_valid");
            addr = Reg(UInt(addrBits)).named(name + "_addr");
            cmd = Reg(UInt(cmdBits)).named(name + "_cmd");
            forward = Reg(Bool()).named(name + "_forward");
            stale = RegInit(B(false)).named(name + "_stale");
        }
    }

    /** The module name's parameters; {@code _r1} only with stage R, so two-stage names are as before. */
    private static Object[] nameParams(String flavor, int depth, int dataBits, int cmdBits, boolean registerRead) {
        Object[] p = {"f", flavor, "d", depth, "w", dataBits, "c", cmdBits, "r", 1};
        return java.util.Arrays.copyOf(p, registerRead ? p.length : p.length - 2);
    }
}
