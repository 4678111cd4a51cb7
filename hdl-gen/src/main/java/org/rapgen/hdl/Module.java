package org.rapgen.hdl;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;

/**
 * Base class of hardware modules. The subclass constructor describes the hardware; parents instantiate children with
 * {@code Module(new Child(...))}. Java-level parameters passed to this constructor name the module
 * ({@code Fifo_w32_d1024}), and every distinct parameterization is emitted once.
 */
public abstract class Module {
    final ModuleContext ctx;
    private final SourceLoc createdAt;
    /** The user's {@code new ...} of this module (errors about how it is instantiated point here). */
    private final SourceLoc instantiatedAt;

    private ModuleDef closed;

    /** @param params alternating short parameter names and values, e.g. {@code "w", width, "d", depth} */
    protected Module(Object... params) {
        if (params.length % 2 != 0)
            throw new HdlException(SourceLoc.capture(), "module parameters come in name/value pairs");
        Map<String, Object> map = new LinkedHashMap<>();
        StringBuilder name = new StringBuilder(baseName());
        for (int i = 0; i < params.length; i += 2) {
            map.put(String.valueOf(params[i]), params[i + 1]);
            name.append('_').append(params[i]).append(Names.paramValue(params[i + 1]));
        }
        createdAt = SourceLoc.capture();
        instantiatedAt = SourceLoc.captureConstruction(getClass(), Module.class);
        ModuleDef def = new ModuleDef(name.toString(), createdAt, map);
        def.javaClass = getClass().getName();
        ctx = new ModuleContext(this, def);
        Builder.push(ctx);
        def.clock = implicitPort("clock");
        def.reset = implicitPort("reset");
    }

    private Signal implicitPort(String name) {
        NameSlot slot = new NameSlot(name);
        slot.set(name, true, createdAt);
        return ctx.signal(Signal.Kind.INPUT, new Bool(), slot, "", createdAt);
    }

    /** The Verilog module name stem; override for anonymous classes or to rename. */
    protected String baseName() {
        String n = getClass().getSimpleName();
        if (n.isEmpty())
            throw new HdlException(SourceLoc.capture(), "anonymous module classes must override baseName()");
        return n;
    }

    /** Declares this module's ports. Leaves are outputs unless flipped or marked Input. */
    protected final <T extends Data> T IO(T bundle) {
        return this instanceof BlackBox
                ? Ports.declareBare(ctx, bundle, SourceLoc.capture())
                : Ports.declare(ctx, bundle, SourceLoc.capture());
    }

    /** The implicit clock and synchronous active-high reset, as readable values. */
    protected final Bool clock() {
        return Bool.wrap(new Ref(implicit(ctx.def.clock, "clock")));
    }

    protected final Bool reset() {
        return Bool.wrap(new Ref(implicit(ctx.def.reset, "reset")));
    }

    private Signal implicit(Signal s, String what) {
        if (s == null)
            throw new HdlException(
                    SourceLoc.capture(), "a BlackBox has no implicit " + what + "; declare it as a port");
        return s;
    }

    public final String moduleName() {
        return ctx.def.name;
    }

    /** The elaborated IR; available once the module has been closed by {@code Module(...)} or elaboration. */
    public final ModuleDef def() {
        if (closed == null)
            throw new HdlException(
                    createdAt, getClass().getSimpleName() + " has not been elaborated; wrap it in Module(new ...)");
        return closed;
    }

    final void close() {
        Builder.pop(ctx, createdAt);
        closed = Closer.close(ctx);
    }

    final SourceLoc instantiatedAt() {
        return instantiatedAt;
    }
}
