package org.rapgen.hdl.emit;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rapgen.hdl.ir.CondMux;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.SimCheck;

/**
 * Walks everything the module drives: orders the temporaries that are actually used (operands first), and records
 * which bits of each signal and temporary are read, so bits nothing reads can be declared as intentionally unused.
 */
final class Reachability {
    /** Non-inline ops in definition order (operands before users). */
    final List<Op> temps = new ArrayList<>();
    /** Signal or Op -> bits read. */
    final Map<Object, BitSet> used = new IdentityHashMap<>();
    private final Set<Op> visited = new HashSet<>();

    Reachability(ModuleDef def) {
        for (Map.Entry<Signal, Expr> d : def.drivers.entrySet()) {
            if (!(d.getValue() instanceof Ref r && r.signal == d.getKey())) read(d.getValue());
            if (d.getKey().init != null) read(d.getKey().init);
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
    }

    private void mark(Object key, int from, int to) {
        used.computeIfAbsent(key, k -> new BitSet()).set(from, to);
    }

    /** Records a full read of {@code e}. */
    void read(Expr e) {
        readBits(e, 0, e.width());
    }

    private void readBits(Expr e, int from, int to) {
        if (e instanceof Ref r) {
            mark(r.signal, from, to);
        } else if (e instanceof CondMux m) {
            read(m.cond);
            readBits(m.whenTrue, from, to);
            readBits(m.whenFalse, from, to);
        } else if (e instanceof Op op) {
            if (op.kind.inline) {
                Expr a = op.args.get(0);
                readBits(a, Math.min(from, a.width()), Math.min(to, a.width()));
                return;
            }
            mark(op, from, to);
            define(op);
        }
    }

    private void define(Op op) {
        if (!visited.add(op)) return;
        switch (op.kind) {
            case BITS -> readBits(op.args.get(0), op.consts[1], op.consts[0] + 1);
            case SHR -> {
                Expr a = op.args.get(0);
                int n = op.consts[0];
                if (n < a.width()) readBits(a, n, a.width());
                else if (a.signed()) readBits(a, a.width() - 1, a.width());
            }
            case DYN_INDEX -> {
                Expr idx = op.args.get(0);
                read(idx);
                int reachable = idx.width() >= 31 ? op.args.size() - 1 : Math.min(op.args.size() - 1, 1 << idx.width());
                for (int i = 1; i <= reachable; i++) read(op.args.get(i));
            }
            default -> op.args.forEach(this::read);
        }
        temps.add(op);
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
