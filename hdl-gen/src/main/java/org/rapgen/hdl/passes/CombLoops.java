package org.rapgen.hdl.passes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.ir.CondMux;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;

/**
 * Finds combinational loops: a depth-first search over signals and expression nodes, linear in the size of the
 * module. Registers and synchronous memory reads cut paths; a submodule's outputs depend on exactly the inputs its
 * own {@link CombPaths} say.
 */
public final class CombLoops {
    private final ModuleDef def;

    private CombLoops(ModuleDef def) {
        this.def = def;
    }

    public static void run(ModuleDef def) {
        new CombLoops(def).findLoop();
    }

    /** What a node reads combinationally. */
    private List<Object> edges(Object node) {
        if (node instanceof Signal s) {
            return switch (s.kind) {
                case INPUT, REG, MEM_RDATA -> List.of();
                case INST_OUT -> {
                    List<Object> out = new ArrayList<>();
                    for (Signal childIn : CombPaths.of(s.instance.child).inputsOf(s.childPort))
                        out.add(s.instance.portNets.get(childIn));
                    yield out;
                }
                default -> def.drivers.containsKey(s) ? List.of(def.drivers.get(s)) : List.of();
            };
        }
        if (node instanceof Ref r) return List.of(r.signal);
        if (node instanceof Op op) return new ArrayList<>(op.args);
        if (node instanceof CondMux m) return List.of(m.cond, m.whenTrue, m.whenFalse);
        return List.of();
    }

    private void findLoop() {
        Map<Object, Boolean> onStack = new IdentityHashMap<>(); // true: on the DFS stack; false: finished
        for (Signal root : def.signals) {
            if (onStack.containsKey(root)) continue;
            // Iterative: deep expression chains would overflow the Java stack.
            List<Object> stack = new ArrayList<>();
            List<Iterator<Object>> iters = new ArrayList<>();
            stack.add(root);
            iters.add(edges(root).iterator());
            onStack.put(root, true);
            while (!stack.isEmpty()) {
                Iterator<Object> it = iters.get(iters.size() - 1);
                if (it.hasNext()) {
                    Object next = it.next();
                    Boolean st = onStack.get(next);
                    if (st == null) {
                        onStack.put(next, true);
                        stack.add(next);
                        iters.add(edges(next).iterator());
                    } else if (st) {
                        throw loop(stack.subList(stack.indexOf(next), stack.size()));
                    }
                } else {
                    onStack.put(stack.remove(stack.size() - 1), false);
                    iters.remove(iters.size() - 1);
                }
            }
        }
    }

    private HdlException loop(List<Object> cycle) {
        List<Signal> signals = new ArrayList<>();
        for (Object o : cycle) if (o instanceof Signal s) signals.add(s);
        Collections.reverse(signals); // edges point from a sink to what it reads; print in signal-flow order
        StringBuilder sb = new StringBuilder("combinational loop: ");
        for (Signal s : signals) sb.append(s.name()).append(" (").append(s.loc).append(") -> ");
        sb.append(signals.get(0).name());
        return new HdlException(signals.get(0).loc, sb.toString());
    }
}
