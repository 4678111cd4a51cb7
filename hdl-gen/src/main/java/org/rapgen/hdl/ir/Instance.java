package org.rapgen.hdl.ir;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rapgen.hdl.SourceLoc;

/** A child module instance; each child port is wired to a parent-side net named {@code inst_port}. */
public final class Instance {
    public final NameSlot nameSlot;
    public final ModuleDef child;
    public final SourceLoc loc;
    public final Map<Signal, Signal> portNets = new LinkedHashMap<>();

    public Instance(NameSlot nameSlot, ModuleDef child, SourceLoc loc) {
        this.nameSlot = nameSlot;
        this.child = child;
        this.loc = loc;
    }

    public String name() {
        return nameSlot.name();
    }
}
