package org.rapgen.cosim;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;

/**
 * Bring-up DUT: a 32-bit counter with enable and synchronous load; {@code wrap} is high (combinationally) while
 * enabled at all ones. Two simulation-only checks let the harness tests see a DUT stop or finish: loading
 * {@link #ILLEGAL} fails an assertion ($stop), loading {@link #FINISH} ends the simulation ($finish).
 *
 * <p>{@code new BringupCounter(true)} is a deliberately wrong variant (module {@code counter_bugskip7}): it counts from
 * 6 straight to 8, for the tests that check how a failing co-simulation is reported.
 */
final class BringupCounter extends Module {
    static final long ILLEGAL = 0xDEADBEEFL;
    static final long FINISH = 0xF1415400L;

    static final class IO extends Bundle {
        final Bool en = Input(Bool());
        final Bool load = Input(Bool());
        final UInt loadValue = Input(UInt(32));
        final UInt count = Output(UInt(32));
        final Bool wrap = Output(Bool());
    }

    final IO io = IO(new IO());

    BringupCounter() {
        this(false);
    }

    BringupCounter(boolean skipSeven) {
        super(skipSeven ? new Object[] {"bug", "skip7"} : new Object[0]);
        UInt count = RegInit(U(0, 32)).named("count");
        UInt next = skipSeven ? Mux(count.eq(6), U(8, 32), count.add(1)) : count.add(1);
        when(io.load, () -> count.connect(io.loadValue)).elsewhen(io.en, () -> count.connect(next));
        io.count.connect(count);
        io.wrap.connect(io.en.and(count.andR()));
        when(io.load, () -> {
            Assert(io.loadValue.ne(U(ILLEGAL, 32)), "counter: illegal load value %h", io.loadValue);
            Finish(io.loadValue.eq(U(FINISH, 32)));
        });
    }

    /** The Verilog module keeps the name the harness tests and messages use. */
    @Override
    protected String baseName() {
        return "counter";
    }
}
