package org.rapgen.hdl;

import java.util.HashMap;
import java.util.Map;
import org.rapgen.hdl.ir.Instance;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Signal;

/** Every emitted name in a module must be unique after flattening aggregates ({@code a_b} vs a wire {@code a_b}). */
final class NameCheck {
    private NameCheck() {
    }

    static void run(ModuleDef def) {
        Map<String, SourceLoc> seen = new HashMap<>();
        for (Signal s : def.signals) claim(seen, s.name(), s.loc);
        for (Memory m : def.memories) claim(seen, m.name(), m.loc);
        for (Instance i : def.instances) claim(seen, i.name(), i.loc);
        for (Op op : def.ops) if (op.nameSlot != null && op.nameSlot.hasName()) claim(seen, op.nameSlot.name(), op.loc);
    }

    private static void claim(Map<String, SourceLoc> seen, String name, SourceLoc at) {
        SourceLoc first = seen.putIfAbsent(name, at);
        if (first != null) throw new HdlException(at, "name clash: '" + name + "' is already used by a declaration at " + first);
    }
}
