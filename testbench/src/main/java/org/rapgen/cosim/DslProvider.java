package org.rapgen.cosim;

import java.util.function.Supplier;
import org.rapgen.hdl.Module;

/**
 * A {@link DutProvider} for a module of the Java HDL. Subclass it with a no-arg constructor that names the module and
 * its parameters, e.g. {@code class Tcam8x4 extends DslProvider { Tcam8x4() { super(() -> new Tcam(8, 4)); } }}.
 */
public abstract class DslProvider implements DutProvider {
    private final Supplier<? extends Module> top;

    protected DslProvider(Supplier<? extends Module> top) {
        this.top = top;
    }

    @Override
    public final Dut dut() {
        return DslDut.of(top);
    }
}
