package org.rapgen.hdl;

import org.rapgen.hdl.ir.Instance;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Signal;

/** Wires a closed child module into its parent: one parent-side net per child port, clock and reset connected. */
final class Instances {
    private Instances() {}

    static void add(ModuleContext parent, Module child, SourceLoc loc) {
        if (parent.formal)
            throw new HdlException(
                    loc, "formal properties cannot instantiate modules; state the property in the child itself");
        ModuleDef c = child.def();
        Instance inst = new Instance(new NameSlot(Names.lowerCamel(child.baseName())), c, loc);
        parent.def.instances.add(inst);
        parent.instancesByModule.put(child, inst);
        // Clock and reset are wired straight through: a continuous assign on a clock would add a delta cycle in
        // simulation. A BlackBox may have a clock port of its own name (BlackBox.clockPort) and no reset.
        if (c.clock != null) inst.portNets.put(c.clock, parent.def.clock);
        if (c.reset != null) inst.portNets.put(c.reset, parent.def.reset);
        for (Signal port : c.ports()) {
            if (port == c.clock || port == c.reset) continue;
            Signal.Kind kind = port.kind == Signal.Kind.INPUT ? Signal.Kind.INST_IN : Signal.Kind.INST_OUT;
            Signal net = new Signal(kind, port.width(), port.signed, loc, parent.def, inst.nameSlot, "_" + port.name());
            net.instance = inst;
            net.childPort = port;
            parent.def.signals.add(net);
            inst.portNets.put(port, net);
            parent.childPortNets.put(port, net);
        }
    }
}
