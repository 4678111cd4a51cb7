package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.CMD;
import static org.rapgen.hdl.lib.NameKey.D;
import static org.rapgen.hdl.lib.NameKey.F;
import static org.rapgen.hdl.lib.NameKey.RR;
import static org.rapgen.hdl.lib.NameKey.W;

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
 * (for Fmax), and the result is written to the RAM one clock after it enters B, from B's registers, so that no path
 * runs from the update logic to the RAM; the reads this makes miss are forwarded from B (see {@link #registeredRead}).
 * Latency 3, at most three commands held, still one command per clock.
 *
 * <p>With four stages, stage U after R holds the word the update starts from in a fabric register, so the RAM's
 * clock-to-output and the update are in different clocks; every command in flight snoops the results produced on its
 * word (see {@link RmwSnoop}). Latency 4, at most four commands held, one command per clock.
 *
 * <p>A {@link ComposableUpdate} (always with stage R) is forwarded differently: stage R holds a base word and an
 * operator, and a command that follows one on the same word keeps that base and composes its operator onto the one
 * ahead, so no result is ever fed back into the update (see {@link #composed}). Its results carry the update's flag
 * ({@link FlaggedResult}).
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

    /** A completed command of a {@link ComposableUpdate}: the result and the update's flag about it. */
    public static final class FlaggedResult extends Result {
        public final Bool flag = Bool();

        public FlaggedResult(int addrBits, int cmdBits, int dataBits) {
            super(addrBits, cmdBits, dataBits);
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<Command> in;
        /** The bits are a {@link FlaggedResult} with a composable update (see {@link RmwMemory#outFlag}). */
        public final DecoupledIO<Result> out;
        /** Pulse: restart the clearing sweep (soft reset of the contents). */
        public final Bool clear = Input(Bool());
        /** High while the sweep runs (in.ready is low meanwhile). */
        public final Bool clearing = Bool();

        IO(int addrBits, int cmdBits, int dataBits, boolean flagged) {
            in = Flipped(Decoupled(new Command(addrBits, cmdBits)));
            out = Decoupled(
                    flagged ? new FlaggedResult(addrBits, cmdBits, dataBits) : new Result(addrBits, cmdBits, dataBits));
        }
    }

    public final IO io;

    /** Cycles from acceptance to presentation on {@code out}; also the most commands the block holds. */
    public static int latency(boolean registerRead) {
        return registerRead ? 3 : 2;
    }

    /** The stages a memory with stage R has unless it asks for U too. */
    public static final int REGISTERED_READ_STAGES = 3;

    /** Two stages: the RAM's read data feeds the forwarding mux and the update directly. */
    public RmwMemory(String flavor, int depth, int dataBits, int cmdBits, BiFunction<UInt, UInt, UInt> update) {
        this(flavor, depth, dataBits, cmdBits, false, update);
    }

    /**
     * @param flavor names the update function in the module name; two different functions need two flavors
     * @param registerRead add stage R, which registers the RAM's read data before the forwarding mux and the update
     * @param update builds {@code updated} from {@code (old, cmd)}; its result may be narrower than dataBits
     */
    public RmwMemory(
            String flavor,
            int depth,
            int dataBits,
            int cmdBits,
            boolean registerRead,
            BiFunction<UInt, UInt, UInt> update) {
        this(flavor, depth, dataBits, cmdBits, latency(registerRead), update, null, Mutant.NONE);
    }

    /**
     * @param stages 2 or 3 as above, or 4: stage U after R, a fabric register holding the word the update starts from,
     *     so the RAM's read path and the update are in different clocks (see {@link RmwSnoop}); the latency
     */
    public RmwMemory(
            String flavor, int depth, int dataBits, int cmdBits, int stages, BiFunction<UInt, UInt, UInt> update) {
        this(flavor, depth, dataBits, cmdBits, stages, update, null, Mutant.NONE);
    }

    /** Three stages (latency 3), forwarding by composing operators; {@code flavor} names the update as above. */
    public RmwMemory(String flavor, int depth, int dataBits, int cmdBits, ComposableUpdate update) {
        this(flavor, depth, dataBits, cmdBits, REGISTERED_READ_STAGES, null, update, Mutant.NONE);
    }

    RmwMemory(
            String flavor,
            int depth,
            int dataBits,
            int cmdBits,
            int stages,
            BiFunction<UInt, UInt, UInt> update,
            ComposableUpdate composable,
            Mutant mutant) {
        super(nameParams(flavor, depth, dataBits, cmdBits, stages));
        SourceLoc loc = SourceLoc.callerOf(RmwMemory.class);
        if (flavor == null || !flavor.matches("[A-Za-z0-9]+"))
            throw new HdlException(
                    loc, "RmwMemory flavor must be letters and digits (it names the module), got '" + flavor + "'");
        if (depth < 2) throw new HdlException(loc, "RmwMemory depth must be >= 2, got " + depth);
        if (dataBits < 1) throw new HdlException(loc, "RmwMemory data width must be >= 1, got " + dataBits);
        if (cmdBits < 1) throw new HdlException(loc, "RmwMemory command width must be >= 1, got " + cmdBits);
        if (stages < 2 || stages > 4) throw new HdlException(loc, "RmwMemory stages must be 2, 3 or 4, got " + stages);
        if (composable != null && stages != REGISTERED_READ_STAGES)
            throw new HdlException(loc, "RmwMemory with a composable update has 3 stages, got " + stages);
        boolean registerRead = stages >= REGISTERED_READ_STAGES;
        int aw = log2Up(depth);
        io = IO(new IO(aw, cmdBits, dataBits, composable != null));

        // A word read in the clock its address is written is never used (the forwarding below takes B's result
        // instead), so Yosys need not emulate read-first; read_collided checks it in simulation.
        SyncReadMem<UInt> ram = SyncReadMem(depth, UInt(dataBits)).named("ram").attribute("no_rw_check");
        Bool clearing = RegInit(B(true)).named("clearing");
        UInt sweep = RegInit(U(0, aw)).named("sweep");

        boolean snoops = stages == 4;
        RmwStage a = new RmwStage("a", aw, cmdBits, !snoops);
        RmwStage r = registerRead ? new RmwStage("r", aw, cmdBits, !snoops) : a;
        RmwStage u = snoops ? new RmwStage("u", aw, cmdBits, false) : r; // the updating stage
        Bool bValid = RegInit(B(false)).named("b_valid");
        UInt bAddr = Reg(UInt(aw)).named("b_addr");
        UInt bCmd = Reg(UInt(cmdBits)).named("b_cmd");
        UInt bOld = Reg(UInt(dataBits)).named("b_old");
        UInt bUpdated = Reg(UInt(dataBits)).named("b_updated");

        // The updating stage moves to B whenever B is free or being emptied, A to R whenever R is free or moving; a
        // command is accepted whenever A is free or moving. With stage R the last two are read off RmwOccupancy.
        Bool advance = u.valid.and(bValid.not().or(io.out.ready)).named("advance");
        RmwOccupancy full = registerRead ? new RmwOccupancy(io.out.ready, stages == 4 ? "aru" : "ar") : null;
        Bool aMoves = registerRead ? a.valid.and(full.blocked(1).not()).named("a_moves") : advance;
        Bool rMoves = stages == 4 ? r.valid.and(full.blocked(2).not()).named("r_moves") : advance;
        io.in.ready.connect(
                registerRead
                        ? clearing.not().and(full.blocked(0).not())
                        : clearing.not().and(a.valid.not().or(aMoves)));
        Bool accept = io.in.fire().named("accept");

        UInt rdata = ram.read(io.in.bits.addr, accept);
        // A command accepted before a clear (up to and including its cycle) must not write after the sweep.
        Bool writeBack = advance.and(clearing.not()).and(u.stale.not()).named("write_back");
        // The command leaving the updating stage writes as it moves to B, or with stage R a clock later, from B.
        Bool written = registerRead ? RegNext(writeBack, B(false)).named("b_write") : writeBack;
        // One write port: the sweep's zeros take precedence over write-backs (those are discarded while clearing).
        Bool writeEnable = clearing.or(written).named("write_enable");
        UInt writeAddr = Mux(clearing, sweep, registerRead ? bAddr : u.addr).named("write_addr");
        // The updating command writes on the edge of this read (or, with stage R, on the next), which the read cannot
        // see.
        Bool misses = writeBack.and(u.addr.eq(io.in.bits.addr));
        Bool readMissesWrite =
                (mutant == Mutant.RMW_NO_FORWARD ? misses.and(B(false)) : misses).named("read_misses_write");
        // Simulation only (read by Asserts alone, so synthesis drops it): A's word was read as its address was written.
        Bool readCollided = Reg(Bool()).named("read_collided");
        when(accept, () -> readCollided.connect(writeEnable.and(writeAddr.eq(io.in.bits.addr))));
        // With stage R, B writes a clock after its result is produced, so a read can miss B's write on its own edge.
        Bool readMissesBWrite = written.and(bAddr.eq(io.in.bits.addr));
        final UInt old;
        final UInt updated;
        if (stages == 4) {
            // The update's result is snooped into the stages in flight, so it is declared before it is built.
            // Verilog name: `updated`, as with the other stage counts (the final local is assigned below).
            UInt updatedWire = Wire(UInt(dataBits)).named("updated");
            old = RmwSnoop.build(
                    a,
                    r,
                    u,
                    io.in.bits.addr,
                    io.clear,
                    accept,
                    aMoves,
                    rMoves,
                    advance,
                    updatedWire,
                    readMissesBWrite,
                    bUpdated,
                    rdata,
                    readCollided,
                    mutant == Mutant.RMW_NO_FORWARD);
            updated = updatedWire;
            updated.connect(update.apply(old, u.cmd));
        } else if (registerRead) {
            RmwRegisteredRead read = RmwRegisteredRead.build(
                    a,
                    r,
                    io.in.bits.addr,
                    io.clear,
                    accept,
                    aMoves,
                    advance,
                    readMissesWrite,
                    readMissesBWrite,
                    rdata,
                    bUpdated,
                    readCollided);
            old = read.old();
            updated = Wire(UInt(dataBits)).named("updated");
            if (composable != null) {
                ComposableUpdate.Applied applied = RmwComposition.composed(
                        composable,
                        a,
                        accept,
                        aMoves,
                        read.forward(),
                        read.word(),
                        read.missedIn(),
                        read.missedDataIn(),
                        io.in.bits.cmd);
                updated.connect(applied.value());
                Bool bFlag = Reg(Bool()).named("b_flag");
                when(advance, () -> bFlag.connect(applied.flag()));
                outFlag().connect(bFlag);
            } else {
                updated.connect(update.apply(old, r.cmd));
            }
        } else {
            old = forwarded(a.forward, accept, advance, readMissesWrite, rdata, bUpdated, readCollided);
            updated = Wire(UInt(dataBits)).named("updated");
            updated.connect(update.apply(old, r.cmd));
        }

        when(io.clear, () -> a.stale.connect(B(true)));
        when(accept, () -> {
            a.addr.connect(io.in.bits.addr);
            a.cmd.connect(io.in.bits.cmd);
            a.stale.connect(io.clear);
        });
        Bool aNext = accept.or(a.valid.and(aMoves.not()));
        a.valid.connect(aNext);

        when(advance, () -> {
            bAddr.connect(u.addr);
            bCmd.connect(u.cmd);
            bOld.connect(old);
            bUpdated.connect(updated);
        });
        Bool bNext = advance.or(bValid.and(io.out.ready.not()));
        bValid.connect(bNext);
        if (stages == 4) {
            Bool rNext = aMoves.or(r.valid.and(rMoves.not()));
            Bool uNext = rMoves.or(u.valid.and(advance.not()));
            r.valid.connect(rNext);
            u.valid.connect(uNext);
            full.track(new Bool[] {a.valid, r.valid, u.valid, bValid}, new Bool[] {aNext, rNext, uNext, bNext});
        } else if (registerRead) {
            Bool rNext = aMoves.or(r.valid.and(advance.not()));
            r.valid.connect(rNext);
            full.track(new Bool[] {a.valid, r.valid, bValid}, new Bool[] {aNext, rNext, bNext});
        }

        UInt writeData =
                Mux(clearing, U(0, dataBits), registerRead ? bUpdated : updated).named("write_data");
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
        RmwMemoryProperties.check(
                io, depth, dataBits, stages, composable == null ? update : RmwMemoryProperties.sequential(composable));
    }

    /**
     * Without stage R the command in A can miss only the write of the command directly ahead (in A at acceptance,
     * writing on that edge), which then sits in B until this one moves: a flag set at acceptance picks B's result.
     */
    private static UInt forwarded(
            Bool forward,
            Bool accept,
            Bool advance,
            Bool readMissesWrite,
            UInt rdata,
            UInt bUpdated,
            Bool readCollided) {
        when(accept, () -> forward.connect(readMissesWrite));
        checkWordUsable(advance.and(forward.not()), readCollided);
        return Mux(forward, bUpdated, rdata).named("old");
    }

    /** The flag of the result presented on {@code out}; only with a {@link ComposableUpdate}. */
    public Bool outFlag() {
        if (io.out.bits instanceof FlaggedResult f) return f.flag;
        throw new HdlException(
                SourceLoc.callerOf(RmwMemory.class), "RmwMemory results carry a flag only with a ComposableUpdate");
    }

    /** Simulation check of the RAM's no_rw_check promise: a word read as its address was written is never used. */
    static void checkWordUsable(Bool ramWordTaken, Bool readCollided) {
        when(
                ramWordTaken,
                () -> Assert(readCollided.not(), "RMW RAM word read and written at the same address was used"));
    }

    /** The module name's parameters; {@code _rr1} with stage R, {@code _rr2} with U too, so two-stage names are as before. */
    private static Object[] nameParams(String flavor, int depth, int dataBits, int cmdBits, int stages) {
        Object[] p = {F, flavor, D, depth, W, dataBits, CMD, cmdBits, RR, stages - 2};
        return java.util.Arrays.copyOf(p, stages > 2 ? p.length : p.length - 2);
    }
}
