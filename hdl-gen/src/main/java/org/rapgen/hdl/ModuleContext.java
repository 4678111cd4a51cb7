package org.rapgen.hdl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.Lit;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.OpKind;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;
import org.rapgen.hdl.ir.Stmt;
import org.rapgen.hdl.ir.UnresolvedWidthException;

/** Elaboration state of one module: where statements go, and how values from other modules resolve. */
final class ModuleContext {
    final Module module;
    final ModuleDef def;
    private final Deque<List<Stmt>> blocks = new ArrayDeque<>();
    private final List<Runnable> deferredChecks = new ArrayList<>();
    /** Child port signal -> the net in this module that is wired to it. */
    final Map<Signal, Signal> childPortNets = new HashMap<>();
    /** Child module object -> its instance here, for naming instances after the fields that hold them. */
    final Map<Module, org.rapgen.hdl.ir.Instance> instancesByModule = new java.util.IdentityHashMap<>();
    /** Inside {@code Formal.properties}: what is declared now is formal-only (see {@link Formal}). */
    boolean formal;
    /** The module's {@code Formal.pastValid} flip-flop, made on first use. */
    Bool pastValid;

    ModuleContext(Module module, ModuleDef def) {
        this.module = module;
        this.def = def;
        blocks.push(def.body);
    }

    void add(Stmt s) {
        if (formal && (s instanceof Stmt.MemWrite || s instanceof Stmt.ReadEnable)) {
            throw new HdlException(
                    s.loc(), "formal properties cannot use memories; describe the expected contents with registers");
        }
        blocks.peek().add(s);
    }

    void inBlock(List<Stmt> block, Runnable body) {
        blocks.push(block);
        try {
            body.run();
        } finally {
            blocks.pop();
        }
    }

    Signal signal(Signal.Kind kind, Bits type, NameSlot slot, String path, SourceLoc loc) {
        Signal s = new Signal(kind, type.width, type.isSigned(), loc, def, slot, path);
        s.formal = formal;
        def.signals.add(s);
        return s;
    }

    /** Binds a clone of {@code type}: one signal per ground element, sharing one name slot. */
    <T extends Data> T bind(T type, Signal.Kind kind, String autoPrefix, SourceLoc loc) {
        if (type.isHardwareAny())
            throw new HdlException(
                    loc,
                    "expected a type but got a hardware value; pass a type such as UInt(8), or use RegNext/WireInit");
        @SuppressWarnings("unchecked")
        T copy = (T) type.cloneType();
        // Formal-only values are numbered apart, so adding properties never renames the design's own temporaries.
        NameSlot slot = new NameSlot(formal ? "_f" + autoPrefix : autoPrefix);
        copy.forEachLeaf("", (path, leaf) -> {
            if (kind != Signal.Kind.WIRE && kind != Signal.Kind.REG && leaf.width < 0) {
                throw new HdlException(loc, "ports and memories need explicit widths (" + autoPrefix + path + ")");
            }
            leaf.expr = new Ref(signal(kind, leaf, slot, path, loc));
        });
        return copy;
    }

    Op op(OpKind kind, List<Expr> args, int[] consts, boolean signed, Memory memory) {
        SourceLoc loc = SourceLoc.capture();
        Op op = new Op(kind, args, consts, signed, loc, def, memory);
        def.ops.add(op);
        checkLater(() -> OpChecks.check(op));
        return op;
    }

    /** Runs a width-dependent check now if widths are known, otherwise after width inference. */
    void checkLater(Runnable check) {
        try {
            check.run();
        } catch (UnresolvedWidthException e) {
            deferredChecks.add(check);
        }
    }

    void runDeferredChecks() {
        deferredChecks.forEach(Runnable::run);
        deferredChecks.clear();
    }

    /**
     * Maps a value to what this module reads: its own signals as-is, a child's ports through their nets. The error
     * location is captured only when there is an error: the user's frame is still on the stack then, and capturing
     * on every read would dominate elaboration time.
     */
    Expr resolve(Expr e) {
        if (e instanceof Lit) return e;
        if (e instanceof Ref r) {
            if (r.signal.owner == def) return e;
            Signal net = childPortNets.get(r.signal);
            if (net != null) return new Ref(net);
            throw foreign(r.signal.name(), r.signal.owner, r.signal.loc);
        }
        if (e instanceof Op op) {
            if (op.owner == def || op.kind.inline && op.args.stream().allMatch(a -> resolve(a) == a)) return e;
            throw foreign("an expression", op.owner, op.loc);
        }
        return e;
    }

    private HdlException foreign(String what, ModuleDef owner, SourceLoc declared) {
        Builder.checkTopStillConstructing();
        return new HdlException(
                SourceLoc.capture(),
                what + " (created at " + declared + ") belongs to module " + owner.name
                        + " and cannot be used in module " + def.name + "; pass it through a port");
    }
}
