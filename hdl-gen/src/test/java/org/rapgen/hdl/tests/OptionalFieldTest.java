package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.hdl.Hdl.*;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.OptionalField;
import org.rapgen.hdl.UInt;

/** A bundle field marked {@link OptionalField} may be left null and is then no port; an unmarked null still fails. */
class OptionalFieldTest {
    private static final class Passer extends Module {
        static final class IO extends Bundle {
            public final UInt in = Input(UInt(4));
            public final UInt out = Output(UInt(4));
            @OptionalField
            public final UInt extra;
            public final UInt required;

            IO(boolean withExtra, boolean withRequired) {
                extra = withExtra ? Output(UInt(4)) : null;
                required = withRequired ? Output(UInt(1)) : null;
            }
        }

        final IO io;

        Passer(boolean withExtra, boolean withRequired) {
            io = IO(new IO(withExtra, withRequired));
            io.out.connect(io.in);
            if (io.extra != null) io.extra.connect(io.in.not());
            if (io.required != null) io.required.connect(io.in.bit(0));
        }
    }

    private static String verilog(Supplier<Module> top) {
        return IcarusRunner.build(top).files().values().iterator().next();
    }

    @Test
    void aMarkedFieldLeftOutIsNoPort() {
        assertTrue(verilog(() -> new Passer(true, true)).contains("io_extra"));
        assertFalse(verilog(() -> new Passer(false, true)).contains("io_extra"));
    }

    @Test
    void anUnmarkedNullFieldStillFails() {
        HdlException e = assertThrows(HdlException.class, () -> verilog(() -> new Passer(true, false)));
        assertTrue(e.getMessage().contains("IO.required is null"), e.getMessage());
    }
}
