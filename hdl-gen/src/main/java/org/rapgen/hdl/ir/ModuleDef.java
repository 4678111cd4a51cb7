package org.rapgen.hdl.ir;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rapgen.hdl.SourceLoc;

/** The IR of one elaborated module: declarations in creation order, the body, and analysis results. */
public final class ModuleDef {
    public final String name;
    public final SourceLoc loc;
    public final Map<String, Object> params;
    public final List<Signal> signals = new ArrayList<>();
    public final List<Stmt> body = new ArrayList<>();
    public final List<Instance> instances = new ArrayList<>();
    public final List<Memory> memories = new ArrayList<>();
    public final List<Op> ops = new ArrayList<>();
    /** Simulation-only checks (Assert, Finish), in program order. */
    public final List<SimCheck> checks = new ArrayList<>();
    /** Formal-only properties (Formal.Assert, Assume, Cover), in program order. */
    public final List<FormalProperty> properties = new ArrayList<>();
    /** Filled when the module is closed: the value each sink takes after last-connect lowering. */
    public final Map<Signal, Expr> drivers = new LinkedHashMap<>();
    /** The Java class that describes this module (for the emitted header). */
    public String javaClass;
    /** Set for a {@code BlackBox}: the module is external Verilog, instantiated but never emitted. */
    public ExternalModule external;

    public Signal clock;
    public Signal reset;

    public ModuleDef(String name, SourceLoc loc, Map<String, Object> params) {
        this.name = name;
        this.loc = loc;
        this.params = params;
    }

    public List<Signal> ports() {
        return signals.stream().filter(Signal::isPort).toList();
    }
}
