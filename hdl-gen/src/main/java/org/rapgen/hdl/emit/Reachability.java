package org.rapgen.hdl.emit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.ir.CondMux;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.FormalProperty;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.SimCheck;

/**
 * Walks everything the module drives: orders the temporaries that are actually used (operands first), and records
 * which bits of each signal and temporary are read, so bits nothing reads can be declared as intentionally unused.
 * The design and its formal-only logic are walked apart: what only properties read is still unused by the design.
 */
final class Reachability {
    /** Non-inline ops in definition order (operands before users). */
    final List<Op> temps = new ArrayList<>();
    /** Signal or Op -> bits read. */
    final Map<Object, BitSet> used = new IdentityHashMap<>();
    /** Shared with the formal part, so a temporary the design defines is not defined again there. */
    private final Set<Op> visited;

    private Reachability(Set<Op> visited) {
        this.visited = visited;
    }

    /** The design's logic; formal-only logic is walked apart ({@link #formalPart}) and must not be read by it. */
    Reachability(ModuleDef def) {
        this(new HashSet<>());
        for (Map.Entry<Signal, Expr> d : def.drivers.entrySet()) {
            if (!d.getKey().formal) readDriver(d.getKey(), d.getValue());
        }
        for (Memory m : def.memories) {
            for (Memory.WritePort w : m.writePorts) {
                read(w.addr());
                read(w.data());
                w.guards().forEach(g -> read(g.cond()));
            }
            for (Memory.ReadPort r : m.readPorts) {
                read(r.addr);
                r.guards.forEach(g -> read(g.cond()));
            }
        }
        for (SimCheck c : def.checks) {
            read(c.cond);
            c.args.forEach(this::read);
            c.guards.forEach(g -> read(g.cond()));
        }
        for (Signal s : def.signals) {
            if (s.formal && used.containsKey(s)) {
                throw new HdlException(
                        s.loc,
                        "formal-only " + s.name() + " is read by the design; only formal properties may read it");
            }
        }
    }

    /** The formal-only logic: temporaries the design does not already define, in definition order. */
    Reachability formalPart(ModuleDef def) {
        Reachability f = new Reachability(visited);
        for (Map.Entry<Signal, Expr> d : def.drivers.entrySet()) {
            if (d.getKey().formal) f.readDriver(d.getKey(), d.getValue());
        }
        for (FormalProperty p : def.properties) {
            f.read(p.cond);
            p.guards.forEach(g -> f.read(g.cond()));
        }
        return f;
    }

    private void readDriver(Signal sink, Expr driver) {
        if (!(driver instanceof Ref r && r.signal == sink)) read(driver);
        if (sink.init != null) read(sink.init);
    }

    private void mark(Object key, int from, int to) {
        used.computeIfAbsent(key, k -> new BitSet()).set(from, to);
    }

    /** Records a full read of {@code e}. */
    void read(Expr e) {
        readBits(e, 0, e.width());
    }

    /** A read of bits [from, to) of an expression still to walk, or an op whose operands have all been walked. */
    private record Read(Expr e, int from, int to) {}

    private record Defined(Op op) {}

    /**
     * Walks {@code e} depth first with a stack of its own, not the call stack: a design may chain thousands of
     * operators (a flat priority chain over N entries), deeper than a thread's stack. The order is the recursive
     * walk's: operands left to right, each op defined after its operands.
     */
    private void readBits(Expr e, int from, int to) {
        Deque<Object> stack = new ArrayDeque<>();
        stack.push(new Read(e, from, to));
        while (!stack.isEmpty()) {
            Object item = stack.pop();
            if (item instanceof Defined d) {
                temps.add(d.op());
                continue;
            }
            Read r = (Read) item;
            List<Read> next = new ArrayList<>();
            if (r.e() instanceof Ref ref) {
                mark(ref.signal, r.from(), r.to());
            } else if (r.e() instanceof CondMux m) {
                next.add(full(m.cond));
                next.add(new Read(m.whenTrue, r.from(), r.to()));
                next.add(new Read(m.whenFalse, r.from(), r.to()));
            } else if (r.e() instanceof Op op) {
                if (op.kind.inline) {
                    Expr a = op.args.get(0);
                    next.add(new Read(a, Math.min(r.from(), a.width()), Math.min(r.to(), a.width())));
                } else {
                    mark(op, r.from(), r.to());
                    if (visited.add(op)) {
                        stack.push(new Defined(op));
                        operands(op, next);
                    }
                }
            }
            for (int i = next.size() - 1; i >= 0; i--) stack.push(next.get(i));
        }
    }

    /** The reads defining {@code op} makes of its operands, in order. */
    private static void operands(Op op, List<Read> out) {
        switch (op.kind) {
            case BITS -> out.add(new Read(op.args.get(0), op.consts[1], op.consts[0] + 1));
            case SHR -> {
                Expr a = op.args.get(0);
                int n = op.consts[0];
                if (n < a.width()) out.add(new Read(a, n, a.width()));
                else if (a.signed()) out.add(new Read(a, a.width() - 1, a.width()));
            }
            case DYN_INDEX -> {
                Expr idx = op.args.get(0);
                out.add(full(idx));
                int reachable = idx.width() >= 31 ? op.args.size() - 1 : Math.min(op.args.size() - 1, 1 << idx.width());
                for (int i = 1; i <= reachable; i++) out.add(full(op.args.get(i)));
            }
            default -> op.args.forEach(a -> out.add(full(a)));
        }
    }

    private static Read full(Expr e) {
        return new Read(e, 0, e.width());
    }

    /** Unused bit runs of {@code key} (width {@code width}) as Verilog selects of {@code name}. */
    List<String> unusedSelects(Object key, String name, int width) {
        BitSet u = used.getOrDefault(key, new BitSet());
        List<String> out = new ArrayList<>();
        int i = u.nextClearBit(0);
        while (i < width) {
            int end = Math.min(u.nextSetBit(i) < 0 ? width : u.nextSetBit(i), width);
            if (i == 0 && end == width) out.add(name);
            else out.add(end - 1 == i ? name + "[" + i + "]" : name + "[" + (end - 1) + ":" + i + "]");
            i = u.nextClearBit(end);
        }
        return out;
    }
}
