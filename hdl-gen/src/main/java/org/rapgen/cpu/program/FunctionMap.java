package org.rapgen.cpu.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Code addresses to function names, from an ELF's symbol table: which functions a key range (a hot range of pcs)
 * covers. Several names for one address (picolibc's {@code malloc} and {@code __malloc_malloc}) are one function,
 * named by its public name: a global one not starting with an underscore if there is one.
 */
public final class FunctionMap {
    private final List<Elf32.Function> functions;

    public FunctionMap(List<Elf32.Function> symbols) {
        Map<Long, Elf32.Function> byAddress = new LinkedHashMap<>();
        for (Elf32.Function f : symbols) byAddress.merge(f.address(), f, (a, b) -> rank(b) > rank(a) ? b : a);
        this.functions = new ArrayList<>(byAddress.values());
        functions.sort((a, b) -> Long.compare(a.address(), b.address()));
    }

    private static int rank(Elf32.Function f) {
        return (f.global() ? 2 : 0) + (f.name().startsWith("_") ? 0 : 1);
    }

    /** The functions with code in {@code [lo, hi]}, in address order. */
    public List<Elf32.Function> within(long lo, long hi) {
        List<Elf32.Function> out = new ArrayList<>();
        for (Elf32.Function f : functions) if (f.address() <= hi && f.address() + f.size() - 1 >= lo) out.add(f);
        return out;
    }

    /** The function whose code holds {@code pc}, or null. */
    public Elf32.Function at(long pc) {
        for (Elf32.Function f : functions) if (pc >= f.address() && pc < f.address() + f.size()) return f;
        return null;
    }

    public List<Elf32.Function> functions() {
        return List.copyOf(functions);
    }
}
