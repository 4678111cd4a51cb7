package org.rapgen.hdl.passes;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.rapgen.hdl.ir.CondMux;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;

/**
 * Which input ports each output port of a module depends on combinationally; a parent needs this to see loops that
 * pass through a child. Computed on first use (a top module never needs it) with one bit set per expression node.
 */
public final class CombPaths {
    private static final Map<ModuleDef, CombPaths> CACHE = new WeakHashMap<>();

    private final ModuleDef def;
    private final List<Signal> inputs = new ArrayList<>();
    private final Map<Signal, Integer> inputIndex = new IdentityHashMap<>();
    private final Map<Object, BitSet> memo = new IdentityHashMap<>();

    private CombPaths(ModuleDef def) {
        this.def = def;
        for (Signal s : def.ports()) {
            if (s.kind == Signal.Kind.INPUT && s != def.clock && s != def.reset) {
                inputIndex.put(s, inputs.size());
                inputs.add(s);
            }
        }
    }

    public static synchronized CombPaths of(ModuleDef def) {
        return CACHE.computeIfAbsent(def, CombPaths::new);
    }

    /** The input ports that {@code output} reads through combinational logic only. */
    List<Signal> inputsOf(Signal output) {
        BitSet b = deps(output);
        List<Signal> out = new ArrayList<>();
        for (int i = b.nextSetBit(0); i >= 0; i = b.nextSetBit(i + 1)) out.add(inputs.get(i));
        return out;
    }

    private BitSet deps(Object node) {
        BitSet cached = memo.get(node);
        if (cached != null) return cached;
        BitSet out = new BitSet();
        memo.put(node, out); // loops were rejected when the module closed, so no node is revisited mid-walk
        if (node instanceof Signal s) {
            switch (s.kind) {
                case INPUT -> {
                    Integer i = inputIndex.get(s);
                    if (i != null) out.set(i);
                }
                case REG, MEM_RDATA -> {}
                case INST_OUT -> {
                    for (Signal childIn : of(s.instance.child).inputsOf(s.childPort))
                        out.or(deps(s.instance.portNets.get(childIn)));
                }
                default -> {
                    Expr d = def.drivers.get(s);
                    if (d != null) out.or(deps(d));
                }
            }
        } else if (node instanceof Ref r) {
            out.or(deps(r.signal));
        } else if (node instanceof Op op) {
            for (Expr a : op.args) out.or(deps(a));
        } else if (node instanceof CondMux m) {
            out.or(deps(m.cond));
            out.or(deps(m.whenTrue));
            out.or(deps(m.whenFalse));
        }
        return out;
    }
}
