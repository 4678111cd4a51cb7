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
    private Elaborator() {}

    public static Design elaborate(Supplier<? extends Module> top) {
        if (Builder.currentOrNull() != null)
            throw new HdlException(SourceLoc.capture(), "elaborate() cannot be nested inside a module");
        Module m = onLargeStack(() -> {
            try {
                Module mod = top.get();
                mod.close();
                return mod;
            } catch (RuntimeException e) {
                Builder.reset();
                throw e;
            }
        });
        Map<String, List<ModuleDef>> byName = new LinkedHashMap<>();
        collect(m.def(), byName);
        return new Design(m.def(), byName);
    }

    /**
     * Elaboration and the passes recurse along expression chains, which a long when-chain makes thousands deep; a
     * dedicated thread with a large stack keeps that from overflowing.
     */
    private static <T> T onLargeStack(Supplier<T> work) {
        Object[] result = new Object[1];
        RuntimeException[] failure = new RuntimeException[1];
        Error[] error = new Error[1];
        Thread t = new Thread(
                null,
                () -> {
                    try {
                        result[0] = work.get();
                    } catch (RuntimeException e) {
                        failure[0] = e;
                    } catch (Error e) {
                        error[0] = e;
                    }
                },
                "rapgen-elaborate",
                1L << 30);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (failure[0] != null) throw failure[0];
        if (error[0] != null) throw error[0];
        @SuppressWarnings("unchecked")
        T r = (T) result[0];
        return r;
    }

    /** Children before parents; every elaborated definition, grouped by module name. */
    private static void collect(ModuleDef def, Map<String, List<ModuleDef>> out) {
        for (Instance i : def.instances) collect(i.child, out);
        // A BlackBox's module is external Verilog: instantiated, never emitted (Design.externals lists it).
        if (def.external != null) return;
        out.computeIfAbsent(def.name, k -> new ArrayList<>()).add(def);
    }

    /**
     * A top module and every module under it, children first. Each name maps to all its elaborations; the emitter
     * checks they are identical, so a parameter missing from a module's name cannot silently merge two designs.
     */
    public record Design(ModuleDef top, Map<String, List<ModuleDef>> elaborations) {
        /** The BlackBoxes under the top, each Verilog module once, in the order they are first instantiated. */
        public List<org.rapgen.hdl.ir.ExternalModule> externals() {
            Map<String, org.rapgen.hdl.ir.ExternalModule> out = new LinkedHashMap<>();
            externals(top, out);
            return List.copyOf(out.values());
        }

        private static void externals(ModuleDef def, Map<String, org.rapgen.hdl.ir.ExternalModule> out) {
            if (def.external != null) out.putIfAbsent(def.external.verilogName(), def.external);
            for (Instance i : def.instances) externals(i.child, out);
        }
    }
}
