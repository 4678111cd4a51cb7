package org.rapgen.hdl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiConsumer;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.OpKind;

/** A fixed-size vector of elements of one type; elements flatten to {@code name_0, name_1, ...}. */
public final class Vec<T extends Data> extends Data {
    private List<T> elems;

    Vec(int n, T gen) {
        if (n < 1) throw new HdlException(SourceLoc.capture(), "Vec size must be >= 1, got " + n);
        List<T> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) list.add(copyOf(gen));
        this.elems = list;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Data> T copyOf(T gen) {
        return (T) gen.cloneType();
    }

    public int size() {
        return elems.size();
    }

    public T get(int i) {
        if (i < 0 || i >= elems.size())
            throw new HdlException(SourceLoc.capture(), "Vec index " + i + " out of range 0.." + (elems.size() - 1));
        return elems.get(i);
    }

    public List<T> elements() {
        return Collections.unmodifiableList(elems);
    }

    /** Dynamic read of a ground-element vector: {@code vec(index)}. Out-of-range indices read the last element. */
    @SuppressWarnings("unchecked")
    public T read(UInt index) {
        if (!(elems.get(0) instanceof Bits first)) {
            throw new HdlException(SourceLoc.capture(), "dynamic indexing is supported for Vecs of UInt/SInt/Bool");
        }
        List<Expr> args = new ArrayList<>();
        args.add(index.read());
        for (T e : elems) args.add(first.coerce((Bits) e, "Vec read"));
        Bits result = first.ofWidth(-1);
        result.expr = Builder.current().op(OpKind.DYN_INDEX, args, new int[0], first.isSigned(), null);
        return (T) result;
    }

    /** Dynamic write: {@code vec(index) := value}, lowered to one conditional connect per element. */
    public void write(UInt index, Data value) {
        for (int i = 0; i < elems.size(); i++) {
            T target = elems.get(i);
            Hdl.when(index.eq(Hdl.U(i)), () -> target.connect(value));
        }
    }

    @Override
    void unbindCopy() {
        List<T> copy = new ArrayList<>(elems.size());
        for (T e : elems) copy.add(copyOf(e));
        elems = copy;
    }

    @Override
    void forEachLeaf(String path, BiConsumer<String, Bits> visitor) {
        for (int i = 0; i < elems.size(); i++) elems.get(i).forEachLeaf(path + "_" + i, visitor);
    }

    @Override
    NameSlot nameSlot() {
        return elems.get(0).nameSlot();
    }
}
