package org.rapgen.hdl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.rapgen.hdl.ir.Instance;
import org.rapgen.hdl.ir.ModuleDef;

/** Elaborates a top-level module and its hierarchy into a {@link Design}. */
public final class Elaborator {
    private Elaborator() {
    }

    public static Design elaborate(Supplier<? extends Module> top) {
        if (Builder.currentOrNull() != null) throw new HdlException(SourceLoc.capture(), "elaborate() cannot be nested inside a module");
        Module m;
        try {
            m = top.get();
        } catch (RuntimeException e) {
            Builder.reset();
            throw e;
        }
        m.close();
        Map<String, List<ModuleDef>> byName = new LinkedHashMap<>();
        collect(m.def(), byName);
        return new Design(m.def(), byName);
    }

    /** Children before parents; every elaborated definition, grouped by module name. */
    private static void collect(ModuleDef def, Map<String, List<ModuleDef>> out) {
        for (Instance i : def.instances) collect(i.child, out);
        out.computeIfAbsent(def.name, k -> new ArrayList<>()).add(def);
    }

    /**
     * A top module and every module under it, children first. Each name maps to all its elaborations; the emitter
     * checks they are identical, so a parameter missing from a module's name cannot silently merge two designs.
     */
    public record Design(ModuleDef top, Map<String, List<ModuleDef>> elaborations) {
        public List<ModuleDef> modules() {
            return elaborations.values().stream().map(l -> l.get(0)).toList();
        }
    }
}
