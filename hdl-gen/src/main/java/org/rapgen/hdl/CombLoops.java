package org.rapgen.hdl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rapgen.hdl.ir.CondMux;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;

/**
 * Finds combinational loops through wires, ports and submodules (using each child's input-to-output paths), and
 * records this module's own output-to-input paths for its parent. Registers and synchronous memory reads cut paths.
 */
final class CombLoops {
    private final ModuleDef def;
    private final Map<Expr, Set<Signal>> exprDeps = new IdentityHashMap<>();
    private final Map<Signal, Set<Signal>> deps = new HashMap<>();

    private CombLoops(ModuleDef def) {
        this.def = def;
    }

    static void run(ModuleDef def) {
        new CombLoops(def).analyze();
    }

    private void analyze() {
        for (Signal s : def.signals) deps.put(s, directDeps(s));
        findLoop();
        Map<Signal, Set<Signal>> inputs = new HashMap<>();
        for (Signal s : def.signals) {
            if (s.kind == Signal.Kind.OUTPUT) {
                Set<Signal> in = new LinkedHashSet<>();
                for (Signal d : reachableInputs(s, inputs)) if (d != def.clock && d != def.reset) in.add(d);
                def.combPaths.put(s, in);
            }
        }
    }

    private Set<Signal> directDeps(Signal s) {
        return switch (s.kind) {
            case INPUT, REG, MEM_RDATA -> Set.of();
            case INST_OUT -> {
                Set<Signal> out = new LinkedHashSet<>();
                for (Signal childIn : s.instance.child.combPaths.getOrDefault(s.childPort, Set.of())) out.add(s.instance.portNets.get(childIn));
                yield out;
            }
            default -> def.drivers.containsKey(s) ? refs(def.drivers.get(s)) : Set.of();
        };
    }

    /** Signals an expression reads combinationally (memoized: expression graphs share subtrees). */
    private Set<Signal> refs(Expr e) {
        Set<Signal> cached = exprDeps.get(e);
        if (cached != null) return cached;
        Set<Signal> out;
        if (e instanceof Ref r) {
            out = Set.of(r.signal);
        } else if (e instanceof Op op) {
            out = new LinkedHashSet<>();
            for (Expr a : op.args) out.addAll(refs(a));
        } else if (e instanceof CondMux m) {
            out = new LinkedHashSet<>(refs(m.cond));
            out.addAll(refs(m.whenTrue));
            out.addAll(refs(m.whenFalse));
        } else {
            out = Set.of();
        }
        exprDeps.put(e, out);
        return out;
    }

    private void findLoop() {
        Map<Signal, Integer> state = new HashMap<>(); // 1 = on the DFS stack, 2 = done
        for (Signal root : def.signals) {
            if (state.containsKey(root)) continue;
            // Iterative DFS: deep designs would overflow the Java stack.
            List<Signal> stack = new ArrayList<>();
            List<java.util.Iterator<Signal>> iters = new ArrayList<>();
            stack.add(root);
            iters.add(deps.get(root).iterator());
            state.put(root, 1);
            while (!stack.isEmpty()) {
                var it = iters.get(iters.size() - 1);
                if (it.hasNext()) {
                    Signal next = it.next();
                    Integer st = state.get(next);
                    if (st == null) {
                        state.put(next, 1);
                        stack.add(next);
                        iters.add(deps.getOrDefault(next, Set.of()).iterator());
                    } else if (st == 1) {
                        throw loop(stack.subList(stack.indexOf(next), stack.size()));
                    }
                } else {
                    state.put(stack.remove(stack.size() - 1), 2);
                    iters.remove(iters.size() - 1);
                }
            }
        }
    }

    private HdlException loop(List<Signal> cycle) {
        List<Signal> order = new ArrayList<>(cycle);
        Collections.reverse(order); // deps point from sink to source; print in signal-flow order
        StringBuilder sb = new StringBuilder("combinational loop: ");
        for (Signal s : order) sb.append(s.name()).append(" (").append(s.loc).append(") -> ");
        sb.append(order.get(0).name());
        return new HdlException(order.get(0).loc, sb.toString());
    }

    private Set<Signal> reachableInputs(Signal s, Map<Signal, Set<Signal>> memo) {
        Set<Signal> m = memo.get(s);
        if (m != null) return m;
        Set<Signal> out = new LinkedHashSet<>();
        if (s.kind == Signal.Kind.INPUT) out.add(s);
        for (Signal d : deps.get(s)) out.addAll(reachableInputs(d, memo));
        memo.put(s, out);
        return out;
    }
}
