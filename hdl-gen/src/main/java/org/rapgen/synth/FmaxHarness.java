package org.rapgen.synth;

import static org.rapgen.hdl.Hdl.*;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.rapgen.hdl.Bits;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Data;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.NameKey;

/**
 * Wraps a design for an Fmax measurement on a small FPGA: its inputs come from a serial shift chain and its outputs
 * are registered and XOR-folded to one pin, so every timed path is register to register through the design, and the
 * design's own port count does not have to fit the package.
 */
public final class FmaxHarness extends Module {
    public static final class IO extends Bundle {
        public final Bool sin = Input(Bool());
        public final Bool sout = Bool();
    }

    public final IO io = IO(new IO());

    /**
     * Wraps any generated top module: its ports are its {@code io} field, since generated modules have exactly the
     * ports {@code clock}, {@code reset} and {@code io_*} (SPEC §3).
     */
    public static FmaxHarness around(String dutName, Supplier<? extends Module> dut) {
        return new FmaxHarness(dutName, dut::get, FmaxHarness::io);
    }

    private static Data io(Module m) {
        for (Class<?> c = m.getClass(); c != Module.class; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField("io");
                f.setAccessible(true);
                if (f.get(m) instanceof Data d) return d;
            } catch (NoSuchFieldException e) {
                // look in the superclass
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalArgumentException(
                m.getClass().getName() + " has no 'io' port bundle field, so its ports cannot be wrapped");
    }

    public <M extends Module> FmaxHarness(String dutName, Supplier<M> dut, Function<M, Data> dutIo) {
        super(NameKey.DUT, dutName);
        M d = Module(dut.get());
        List<Bits> ins = new ArrayList<>();
        List<Bits> outs = new ArrayList<>();
        for (Bits b : dutIo.apply(d).leaves()) (b.isInputPort() ? ins : outs).add(b);
        int inBits = ins.stream().mapToInt(Bits::getWidth).sum();
        // A design with no inputs (a processor system that runs from its own memory) needs no input chain.
        if (inBits > 0) {
            UInt chain = Reg(UInt(inBits)).named("chain");
            chain.connect(inBits == 1 ? io.sin : Cat(chain.bits(inBits - 2, 0), io.sin));
            int at = 0;
            for (Bits b : ins) {
                b.connect(chain.bits(at + b.getWidth() - 1, at));
                at += b.getWidth();
            }
        }
        List<Bits> captured = new ArrayList<>();
        for (Bits b : outs) captured.add(RegNext(b.asUInt()));
        // A registered tree of 4-input XORs (one LUT each): a design with hundreds of output bits must not be timed
        // through a deep XOR tree of the harness's own.
        UInt level = Cat(captured);
        while (level.getWidth() > 1) {
            List<Bool> next = new ArrayList<>();
            for (int i = 0; i < level.getWidth(); i += 4) {
                next.add(RegNext(
                        level.bits(Math.min(i + 3, level.getWidth() - 1), i).xorR()));
            }
            level = CatLsbFirst(next);
        }
        io.sout.connect(RegNext(level.asBool()).named("fold"));
    }
}
