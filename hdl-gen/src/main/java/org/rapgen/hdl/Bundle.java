package org.rapgen.hdl;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.rapgen.hdl.ir.NameSlot;

/**
 * A record of named fields, declared as Java fields of type {@link Data} (superclass fields first, then declaration
 * order). Subclass it, as in Chisel: {@code class Pair extends Bundle { final UInt a = UInt(8); final Bool b = Bool(); }}.
 */
public abstract class Bundle extends Data {
    private static final Map<Class<?>, List<Field>> FIELDS = new ConcurrentHashMap<>();

    /** Field name -> element, in declaration order. */
    public final Map<String, Data> elements() {
        Map<String, Data> out = new LinkedHashMap<>();
        for (Field f : dataFields(getClass())) {
            try {
                Data d = (Data) f.get(this);
                if (d == null)
                    throw new HdlException(
                            SourceLoc.capture(), getClass().getSimpleName() + "." + f.getName() + " is null");
                out.put(f.getName(), d);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return out;
    }

    private static List<Field> dataFields(Class<?> cls) {
        return FIELDS.computeIfAbsent(cls, c -> {
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> k = c; k != Bundle.class; k = k.getSuperclass()) chain.add(0, k);
            List<Field> fields = new ArrayList<>();
            for (Class<?> k : chain) {
                for (Field f : k.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers())
                            || f.isSynthetic()
                            || !Data.class.isAssignableFrom(f.getType())) continue;
                    f.setAccessible(true);
                    fields.add(f);
                }
            }
            return List.copyOf(fields);
        });
    }

    @Override
    void unbindCopy() {
        for (Field f : dataFields(getClass())) {
            try {
                f.set(this, ((Data) f.get(this)).cloneType());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Override
    void forEachLeaf(String path, BiConsumer<String, Bits> visitor) {
        elements().forEach((name, d) -> d.forEachLeaf(path + "_" + name, visitor));
    }

    @Override
    NameSlot nameSlot() {
        List<Bits> leaves = leaves();
        return leaves.isEmpty() ? null : leaves.get(0).nameSlot();
    }
}
