package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import java.util.function.BiFunction;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.RmwMemory;

/**
 * The sampler's counter table: {@code depth} words updated by read-modify-write, one command per clock, exact for
 * back-to-back commands to one word (they apply in acceptance order). Two or more words live in block RAM through
 * {@link RmwMemory}; a single word (a sampler without a hash splitter) is one register, since a RAM for one counter
 * would waste a block. The output carries the command and the word before and after it, so the engine can decide the
 * tuple's message from exactly what the update saw.
 */
public final class CounterTable extends Module {
    public static final class Req extends Bundle {
        public final UInt addr;
        public final UInt cmd;

        Req(int addrBits, int cmdBits) {
            addr = UInt(addrBits);
            cmd = UInt(cmdBits);
        }
    }

    public static final class Resp extends Bundle {
        public final UInt cmd;
        public final UInt old;
        public final UInt updated;

        Resp(int cmdBits, int dataBits) {
            cmd = UInt(cmdBits);
            old = UInt(dataBits);
            updated = UInt(dataBits);
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<Req> in;
        public final DecoupledIO<Resp> out;
        /** The table is clearing itself after reset (one word per clock); {@code in.ready} is low meanwhile. */
        public final Bool clearing = Output(Bool());

        IO(int addrBits, int cmdBits, int dataBits) {
            in = Flipped(Decoupled(new Req(addrBits, cmdBits)));
            out = Decoupled(new Resp(cmdBits, dataBits));
        }
    }

    public final IO io;

    public CounterTable(String flavor, int depth, int dataBits, int cmdBits, BiFunction<UInt, UInt, UInt> update) {
        super("f", flavor, "d", depth, "w", dataBits, "c", cmdBits);
        if (depth < 1 || Integer.bitCount(depth) != 1) throw new HdlException(SourceLoc.capture(), "CounterTable depth must be a power of two, got " + depth);
        io = IO(new IO(log2Up(depth), cmdBits, dataBits));
        if (depth == 1) {
            singleWord(dataBits, cmdBits, update);
        } else {
            RmwMemory mem = Module(new RmwMemory(flavor, depth, dataBits, cmdBits, update));
            mem.io.clear.connect(B(false));
            mem.io.in.valid.connect(io.in.valid);
            mem.io.in.bits.addr.connect(io.in.bits.addr);
            mem.io.in.bits.cmd.connect(io.in.bits.cmd);
            io.in.ready.connect(mem.io.in.ready);
            io.out.valid.connect(mem.io.out.valid);
            io.out.bits.cmd.connect(mem.io.out.bits.cmd);
            io.out.bits.old.connect(mem.io.out.bits.old);
            io.out.bits.updated.connect(mem.io.out.bits.updated);
            mem.io.out.ready.connect(io.out.ready);
            io.clearing.connect(mem.io.clearing);
        }
    }

    /** One register word, updated when a command is accepted; the result waits in an output register. */
    private void singleWord(int dataBits, int cmdBits, BiFunction<UInt, UInt, UInt> update) {
        UInt word = RegInit(U(0, dataBits)).named("word");
        Bool outValid = RegInit(B(false)).named("out_valid");
        UInt outCmd = Reg(UInt(cmdBits)).named("out_cmd");
        UInt outOld = Reg(UInt(dataBits)).named("out_old");
        UInt outUpdated = Reg(UInt(dataBits)).named("out_updated");
        Bool accept = io.in.fire().named("accept");
        UInt next = update.apply(word, io.in.bits.cmd).named("next");
        when(accept, () -> {
            word.connect(next);
            outCmd.connect(io.in.bits.cmd);
            outOld.connect(word);
            outUpdated.connect(next);
        });
        outValid.connect(accept.or(outValid.and(io.out.ready.not())));
        io.in.ready.connect(outValid.not().or(io.out.ready));
        io.out.valid.connect(outValid);
        io.out.bits.cmd.connect(outCmd);
        io.out.bits.old.connect(outOld);
        io.out.bits.updated.connect(outUpdated);
        io.clearing.connect(B(false));
    }
}
