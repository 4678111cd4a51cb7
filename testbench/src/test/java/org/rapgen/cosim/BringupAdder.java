package org.rapgen.cosim;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;

/**
 * Bring-up DUT for wide ports: a combinational 100-bit adder, a registered copy of the sum (reset to 0), a 64-bit
 * inverter and the sum's low byte, so values cross the JNI boundary as VlWide words both ways and at exactly 64 bits.
 */
final class BringupAdder extends Module {
    static final class IO extends Bundle {
        final UInt a = Input(UInt(100));
        final UInt b = Input(UInt(100));
        final UInt x = Input(UInt(64));
        final UInt sum = Output(UInt(100));
        final UInt sumReg = Output(UInt(100));
        final UInt xInv = Output(UInt(64));
        final UInt low = Output(UInt(8));
    }

    final IO io = IO(new IO());

    BringupAdder() {
        UInt sum = io.a.add(io.b).named("sum");
        io.sum.connect(sum);
        io.sumReg.connect(RegNext(sum, U(0, 100)));
        io.xInv.connect(io.x.not());
        io.low.connect(sum.bits(7, 0));
    }

    @Override
    protected String baseName() {
        return "adder";
    }
}
