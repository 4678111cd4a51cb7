package org.rapgen.hdl.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.Stmt;
import org.rapgen.hdl.ir.UnresolvedWidthException;

/**
 * Chisel's rule for wires and registers declared without a width: the width is the maximum width of everything
 * connected to it (and of its reset value). Solved by fixed-point iteration; a width that keeps growing (e.g.
 * {@code r := r.addExpand(1)}) is an error.
 */
public final class WidthInference {
    private static final int MAX_ROUNDS = 64;

    private WidthInference() {}

    public static void run(ModuleDef def) {
        List<Signal> open = new ArrayList<>();
        for (Signal s : def.signals) if (!s.widthKnown()) open.add(s);
        if (open.isEmpty()) return;
        // Sources per inferred sink, gathered once: each round then only looks at what drives each open signal.
        Map<Signal, List<Expr>> sources = new HashMap<>();
        for (Signal s : open) sources.put(s, new ArrayList<>());
        collect(def.body, sources);
        int[] best = new int[open.size()];
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean changed = false;
            for (int i = 0; i < open.size(); i++) {
                Signal s = open.get(i);
                int w = s.init == null ? 0 : widthOrZero(s.init);
                for (Expr src : sources.get(s)) w = Math.max(w, widthOrZero(src));
                if (w > best[i]) {
                    best[i] = w;
                    s.inferWidth(w);
                    changed = true;
                }
            }
            def.ops.forEach(org.rapgen.hdl.ir.Op::clearWidth);
            if (!changed) break;
            if (round == MAX_ROUNDS - 1) {
                Signal s = open.get(0);
                throw new HdlException(
                        s.loc,
                        "width of '" + s.name() + "' cannot be inferred: it keeps growing through a loop of connects");
            }
        }
        for (Signal s : open) {
            if (!s.widthKnown() || s.width() == 0)
                throw new HdlException(
                        s.loc,
                        "width of '" + s.name()
                                + "' cannot be inferred: nothing with a known width is connected to it");
        }
    }

    private static int widthOrZero(Expr e) {
        try {
            return e.width();
        } catch (UnresolvedWidthException x) {
            return 0;
        }
    }

    private static void collect(List<Stmt> body, Map<Signal, List<Expr>> out) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Connect c && out.containsKey(c.sink()))
                out.get(c.sink()).add(c.src());
            else if (s instanceof Stmt.When w) {
                collect(w.then(), out);
                collect(w.otherwise(), out);
            }
        }
    }
}
