package org.rapgen.hdl.passes;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.ir.CondMux;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.Lit;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.OpKind;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.Stmt;
import org.rapgen.hdl.ir.Uninit;

/**
 * Last-connect semantics: folds the statement list into one driver expression per sink, muxing on when-conditions
 * (FIRRTL's ExpandWhens). Registers default to holding their value; every other sink must be driven on every path.
 */
public final class ExpandWhens {
    private final ModuleDef def;
    private final List<Memory.Guard> path = new ArrayList<>();

    private ExpandWhens(ModuleDef def) {
        this.def = def;
    }

    public static void run(ModuleDef def) {
        new ExpandWhens(def).lower();
    }

    private void lower() {
        Map<Signal, Expr> env = new HashMap<>();
        block(def.body, env);
        for (Signal s : def.signals) {
            if (!s.isSink() || s.aheadOf != null) continue;
            Expr v = env.getOrDefault(s, defaultOf(s));
            if (containsUninit(v)) throw undriven(s, v == Uninit.INSTANCE);
            if (s.kind == Signal.Kind.REG && s.init == null && v instanceof Ref r && r.signal == s) {
                throw new HdlException(
                        s.loc,
                        "register " + s.name() + " has no reset value and is never connected: it would"
                                + " hold an unknown value forever (connect it, or use RegInit)");
            }
            def.drivers.put(s, v);
            if (s.init != null) s.init = pad(s.init, s.width(), s.loc);
        }
        // A register's ahead value takes its driver, and the register loads the wire: the logic is built once.
        for (Signal s : def.signals) {
            if (s.aheadOf == null) continue;
            def.drivers.put(s, def.drivers.get(s.aheadOf));
            def.drivers.put(s.aheadOf, new Ref(s));
        }
    }

    private static Expr defaultOf(Signal s) {
        return s.kind == Signal.Kind.REG ? new Ref(s) : Uninit.INSTANCE;
    }

    private HdlException undriven(Signal s, boolean never) {
        String how = never
                ? "is never driven"
                : "is not driven on every path (add a default connect or an otherwise branch)";
        return switch (s.kind) {
            case INST_IN ->
                new HdlException(
                        s.instance.loc,
                        "unconnected submodule input: " + s.instance.name() + "." + s.childPort.name() + " " + how);
            case OUTPUT -> new HdlException(s.loc, "undriven output: " + s.name() + " " + how);
            default -> new HdlException(s.loc, "undriven wire: " + s.name() + " " + how);
        };
    }

    private void block(List<Stmt> stmts, Map<Signal, Expr> env) {
        for (Stmt st : stmts) {
            if (st instanceof Stmt.Connect c) {
                if (c.sink().aheadOf != null)
                    throw new HdlException(
                            c.loc(),
                            "an AheadValue wire is driven by its register alone: "
                                    + c.sink().name());
                env.put(c.sink(), fit(c.sink(), c.src(), c));
            } else if (st instanceof Stmt.When w && w.inSwitch() != null) {
                switchArms(w, env);
            } else if (st instanceof Stmt.When w) {
                Map<Signal, Expr> t = new HashMap<>();
                Map<Signal, Expr> e = new HashMap<>();
                path.add(new Memory.Guard(w.cond(), false));
                block(w.then(), overlay(env, t));
                path.set(path.size() - 1, new Memory.Guard(w.cond(), true));
                block(w.otherwise(), overlay(env, e));
                path.remove(path.size() - 1);
                Set<Signal> touched = new LinkedHashSet<>(t.keySet());
                touched.addAll(e.keySet());
                for (Signal s : touched) {
                    Expr before = env.getOrDefault(s, defaultOf(s));
                    Expr a = t.getOrDefault(s, before);
                    Expr b = e.getOrDefault(s, before);
                    env.put(s, mux(w.cond(), a, b));
                }
            } else if (st instanceof Stmt.MemWrite m) {
                m.memory()
                        .writePorts
                        .add(new Memory.WritePort(
                                m.addr(), pad(m.data(), m.memory().width, m.loc()), List.copyOf(path), m.loc()));
            } else if (st instanceof Stmt.ReadEnable r) {
                List<Memory.Guard> guards = new ArrayList<>(path);
                if (!(r.enable() instanceof Lit l && l.value.equals(BigInteger.ONE)))
                    guards.add(new Memory.Guard(r.enable(), false));
                r.port().guards = List.copyOf(guards);
            } else if (st instanceof Stmt.Check c) {
                c.check().guards = List.copyOf(path);
            } else if (st instanceof Stmt.Property p) {
                p.property().guards = List.copyOf(path);
            }
        }
    }

    /**
     * A when's mux, folded where the choice is known while elaborating (a literal condition, or the same literal on
     * both sides), so a generator's constant flags do not reach the Verilog as {@code 1'd0 ? a : b}.
     */
    private static Expr mux(Expr cond, Expr a, Expr b) {
        if (cond instanceof Lit c && !c.dontCare) return c.value.signum() != 0 ? a : b;
        if (a == b || a instanceof Lit la && b instanceof Lit lb && la.sameAs(lb)) return a;
        return new CondMux(cond, a, b);
    }

    /**
     * A switch's arms test one subject against distinct literals, so at most one holds. A sink is muxed over only the
     * arms that give it a value other than the switch's fallthrough (its otherwise branch, or the value before the
     * switch): a register written in two of fifteen states gets two muxes, not a fifteen-deep priority chain. Each
     * arm's memory writes and checks are guarded by its own condition alone; the otherwise branch by every arm's
     * negation.
     */
    private void switchArms(Stmt.When first, Map<Signal, Expr> env) {
        List<Stmt.When> arms = new ArrayList<>();
        List<Stmt> fallthrough = List.of(first);
        while (fallthrough.size() == 1
                && fallthrough.get(0) instanceof Stmt.When w
                && w.inSwitch() == first.inSwitch()) {
            arms.add(w);
            fallthrough = w.otherwise();
        }
        List<Map<Signal, Expr>> armEnvs = new ArrayList<>();
        Set<Signal> touched = new LinkedHashSet<>();
        for (Stmt.When arm : arms) {
            Map<Signal, Expr> t = new HashMap<>();
            path.add(new Memory.Guard(arm.cond(), false));
            block(arm.then(), overlay(env, t));
            path.remove(path.size() - 1);
            armEnvs.add(t);
            touched.addAll(t.keySet());
        }
        Map<Signal, Expr> other = new HashMap<>();
        for (Stmt.When arm : arms) path.add(new Memory.Guard(arm.cond(), true));
        block(fallthrough, overlay(env, other));
        path.subList(path.size() - arms.size(), path.size()).clear();
        touched.addAll(other.keySet());
        for (Signal s : touched) {
            Expr before = env.getOrDefault(s, defaultOf(s));
            Expr fallback = other.getOrDefault(s, before);
            Expr v = fallback;
            for (int i = arms.size() - 1; i >= 0; i--) {
                Expr a = armEnvs.get(i).getOrDefault(s, before);
                if (a != fallback) v = mux(arms.get(i).cond(), a, v);
            }
            env.put(s, v);
        }
    }

    /**
     * Copy-on-write view: writes go to {@code local}, reads fall back to the enclosing environment. Keeps lowering
     * linear in the number of statements.
     */
    private static Map<Signal, Expr> overlay(Map<Signal, Expr> parent, Map<Signal, Expr> local) {
        return new HashMap<>() {
            @Override
            public Expr get(Object k) {
                Expr v = local.get(k);
                return v != null ? v : parent.get(k);
            }

            @Override
            public Expr getOrDefault(Object k, Expr d) {
                Expr v = get(k);
                return v != null ? v : d;
            }

            @Override
            public Expr put(Signal k, Expr v) {
                return local.put(k, v);
            }
        };
    }

    private Expr fit(Signal sink, Expr src, Stmt.Connect c) {
        if (src instanceof Lit l && l.dontCare) return new Lit(BigInteger.ZERO, sink.width(), sink.signed, true);
        Widths.checkConnect(sink, src, c.loc());
        return pad(src, sink.width(), c.loc());
    }

    private Expr pad(Expr src, int width, SourceLoc loc) {
        if (src.width() == width) return src;
        if (src instanceof Lit l) return new Lit(l.value, width, l.signed(), l.dontCare);
        Op p = new Op(OpKind.PAD, List.of(src), new int[] {width}, src.signed(), loc, def, null);
        def.ops.add(p);
        return p;
    }

    private static boolean containsUninit(Expr e) {
        if (e == Uninit.INSTANCE) return true;
        return e instanceof CondMux m && (containsUninit(m.whenTrue) || containsUninit(m.whenFalse));
    }
}
