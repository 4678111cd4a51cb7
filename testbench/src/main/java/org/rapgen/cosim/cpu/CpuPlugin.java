package org.rapgen.cosim.cpu;

import org.rapgen.cli.CommandPlugin;

/** Registers {@code cpu} with {@code ./rapgen} when the testbench module is on the class path. */
public final class CpuPlugin implements CommandPlugin {
    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public Object command() {
        return new CpuCommand();
    }
}
