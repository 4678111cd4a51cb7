package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.CMD;
import static org.rapgen.hdl.lib.NameKey.F;
import static org.rapgen.hdl.lib.NameKey.W;

import java.util.function.BiFunction;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.RmwMemory;

/**
 * A counter table of one word (a sampler without a hash splitter: P_r, CR_r), as a register rather than a block RAM
 * that would hold a single counter. Same ports and contract as {@link RmwMemory}: commands apply in acceptance order,
 * one per clock, each result {@code (addr, cmd, old, updated)} waits in an output register until taken. Starts at 0.
 */
public final class CounterRegister extends Module {
    public static final class IO extends Bundle {
        public final DecoupledIO<RmwMemory.Command> in;
        public final DecoupledIO<RmwMemory.Result> out;

        IO(int cmdBits, int dataBits) {
            in = Flipped(Decoupled(new RmwMemory.Command(1, cmdBits)));
            out = Decoupled(new RmwMemory.Result(1, cmdBits, dataBits));
        }
    }

    public final IO io;

    public CounterRegister(String flavor, int dataBits, int cmdBits, BiFunction<UInt, UInt, UInt> update) {
        super(F, flavor, W, dataBits, CMD, cmdBits);
        io = IO(new IO(cmdBits, dataBits));
        UInt word = RegInit(U(0, dataBits)).named("word");
        Bool outValid = RegInit(B(false)).named("out_valid");
        UInt outCmd = Reg(UInt(cmdBits)).named("out_cmd");
        UInt outOld = Reg(UInt(dataBits)).named("out_old");
        UInt outUpdated = Reg(UInt(dataBits)).named("out_updated");
        Bool accept = io.in.fire().named("accept");
        UInt next = Wire(UInt(dataBits)).named("next");
        next.connect(update.apply(word, io.in.bits.cmd));
        when(accept, () -> {
            word.connect(next);
            outCmd.connect(io.in.bits.cmd);
            outOld.connect(word);
            outUpdated.connect(next);
        });
        outValid.connect(accept.or(outValid.and(io.out.ready.not())));
        io.in.ready.connect(outValid.not().or(io.out.ready));
        io.out.valid.connect(outValid);
        io.out.bits.addr.connect(U(0, 1));
        io.out.bits.cmd.connect(outCmd);
        io.out.bits.old.connect(outOld);
        io.out.bits.updated.connect(outUpdated);
    }
}
