package org.rapgen.hdl.passes;

import java.util.HashMap;
import java.util.Map;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.ir.FormalProperty;
import org.rapgen.hdl.ir.Instance;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Signal;

/** Every emitted name in a module must be unique after flattening aggregates ({@code a_b} vs a wire {@code a_b}). */
public final class NameCheck {
    private NameCheck() {}

    public static void run(ModuleDef def) {
        Map<String, Claim> seen = new HashMap<>();
        for (Signal s : def.signals) claim(seen, s.name(), s.nameSlot(), s.loc);
        for (Memory m : def.memories) claim(seen, m.name(), m.nameSlot, m.loc);
        for (Instance i : def.instances) claim(seen, i.name(), i.nameSlot, i.loc);
        for (Op op : def.ops)
            if (op.nameSlot != null && op.nameSlot.hasName()) claim(seen, op.nameSlot.name(), op.nameSlot, op.loc);
        // A property's label names a statement in the same Verilog scope as the nets.
        for (FormalProperty p : def.properties) {
            NameSlot label = new NameSlot(p.label);
            label.set(p.label, true, p.loc);
            claim(seen, p.label, label, p.loc);
        }
    }

    /** Where a name came from: the {@code .named()} call for explicit names, otherwise the declaration. */
    private record Claim(SourceLoc at, boolean explicit) {}

    private static void claim(Map<String, Claim> seen, String name, NameSlot slot, SourceLoc declared) {
        boolean explicit = slot.explicit() && slot.namedAt() != null;
        Claim mine = new Claim(explicit ? slot.namedAt() : declared, explicit);
        Claim first = seen.putIfAbsent(name, mine);
        if (first == null) return;
        // Blame the explicit .named() call when only one side has one: that is the line to change.
        Claim blamed = first.explicit() && !mine.explicit() ? first : mine;
        Claim other = blamed == mine ? first : mine;
        throw new HdlException(
                blamed.at(), "name clash: '" + name + "' is already used by a declaration at " + other.at());
    }
}
