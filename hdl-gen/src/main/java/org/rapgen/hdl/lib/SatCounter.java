package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.INC;
import static org.rapgen.hdl.lib.NameKey.W;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * A {@code width}-bit counter that adds {@code amount} when {@code inc} is high and sticks at its maximum instead of
 * wrapping. {@code saturated} records that an increment was clipped and is sticky until {@code clear}; {@code clear}
 * wins over {@code inc}.
 */
public final class SatCounter extends Module {
    public static final class IO extends Bundle {
        public final Bool inc = Input(Bool());
        public final UInt amount;
        public final Bool clear = Input(Bool());
        public final UInt value;
        /**
         * Set by any increment that was clipped (its true sum exceeded the maximum), as the RAP engine counts
         * saturations; landing exactly on the maximum is not a saturation. Cleared only by clear.
         */
        public final Bool saturated = Bool();

        IO(int width, int amountWidth) {
            amount = Input(UInt(amountWidth));
            value = UInt(width);
        }
    }

    public final IO io;

    public SatCounter(int width, int amountWidth) {
        super(W, width, INC, amountWidth);
        if (width < 1 || amountWidth < 1 || amountWidth > width) {
            throw new HdlException(
                    SourceLoc.callerOf(SatCounter.class),
                    "SatCounter needs 1 <= amount width (" + amountWidth + ") <= width (" + width + ")");
        }
        io = IO(new IO(width, amountWidth));
        UInt value = RegInit(U(0, width)).named("value");
        Bool sticky = RegInit(B(false)).named("sticky");
        SatAdd sum = new SatAdd(value, io.amount);
        when(io.clear, () -> {
                    value.connect(U(0));
                    sticky.connect(B(false));
                })
                .elsewhen(io.inc, () -> {
                    value.connect(sum.value);
                    when(sum.overflow, () -> sticky.connect(B(true)));
                });
        io.value.connect(value);
        io.saturated.connect(sticky);
    }
}
