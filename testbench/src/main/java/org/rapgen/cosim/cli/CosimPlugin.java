package org.rapgen.cosim.cli;

import org.rapgen.cli.CommandPlugin;

/** Registers {@code cosim} with {@code ./rapgen} when the testbench module is on the class path. */
public final class CosimPlugin implements CommandPlugin {
    @Override
    public String name() {
        return "cosim";
    }

    @Override
    public Object command() {
        return new CosimCommand();
    }
}
