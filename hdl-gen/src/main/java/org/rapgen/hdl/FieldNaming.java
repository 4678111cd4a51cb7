package org.rapgen.hdl;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rapgen.hdl.ir.Instance;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Signal;

/**
 * Names hardware after the module fields that hold it (Java has no access to local variable names, so locals stay
 * {@code _wire_N} unless named with {@code .named()}), then numbers whatever is still unnamed.
 */
final class FieldNaming {
    private FieldNaming() {}

    static void apply(ModuleContext ctx) {
        Set<NameSlot> owned = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Signal s : ctx.def.signals)
            if (s.kind != Signal.Kind.INST_IN && s.kind != Signal.Kind.INST_OUT) owned.add(s.nameSlot());
        for (Memory m : ctx.def.memories) owned.add(m.nameSlot);
        for (Instance i : ctx.def.instances) owned.add(i.nameSlot);

        for (Field f : fields(ctx.module.getClass())) {
            Object v;
            try {
                v = f.get(ctx.module);
            } catch (IllegalAccessException e) {
                continue;
            }
            if (v instanceof Bits b && b.expr instanceof Op op && op.owner == ctx.def && !op.kind.inline)
                owned.add(b.nameSlot());
            NameSlot slot = slotOf(ctx, v);
            if (slot != null && owned.contains(slot) && !slot.hasName()) {
                Names.checkUserName(f.getName(), ctx.def.loc);
                slot.set(f.getName(), false, ctx.def.loc);
            }
        }
        Map<String, Integer> counters = new HashMap<>();
        List<NameSlot> ordered = new ArrayList<>();
        for (Signal s : ctx.def.signals) ordered.add(s.nameSlot());
        for (Memory m : ctx.def.memories) ordered.add(m.nameSlot);
        for (Instance i : ctx.def.instances) ordered.add(i.nameSlot);
        for (NameSlot slot : ordered) {
            if (slot.hasName()) continue;
            // IO bundles keep the bare name "io" (Chisel's port convention); the first instance of a kind keeps its
            // bare name.
            String prefix = slot.autoPrefix;
            int n = counters.merge(prefix, 1, Integer::sum) - 1;
            boolean bare = n == 0 && !prefix.startsWith("_");
            slot.set(bare ? prefix : prefix + "_" + n, false, null);
        }
    }

    private static NameSlot slotOf(ModuleContext ctx, Object v) {
        if (v instanceof Data d) return d.nameSlot();
        if (v instanceof Mem<?> m) return m.memory.nameSlot;
        if (v instanceof Rom r) return r.mem.memory.nameSlot;
        if (v instanceof Module m) {
            Instance i = ctx.instancesByModule.get(m);
            return i == null ? null : i.nameSlot;
        }
        return null;
    }

    private static List<Field> fields(Class<?> cls) {
        List<Field> out = new ArrayList<>();
        for (Class<?> k = cls; k != null && k != Module.class; k = k.getSuperclass()) {
            List<Field> mine = new ArrayList<>();
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                try {
                    f.setAccessible(true);
                } catch (RuntimeException e) {
                    continue;
                }
                mine.add(f);
            }
            out.addAll(0, mine);
        }
        return out;
    }
}
