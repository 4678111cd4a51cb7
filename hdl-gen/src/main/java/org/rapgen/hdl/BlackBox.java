package org.rapgen.hdl;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rapgen.hdl.ir.ExternalModule;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Signal;

/**
 * Chisel's {@code BlackBox}: a module whose body is external Verilog. The subclass names the Verilog module (its
 * class name, or {@link #baseName()}), gives its file ({@link #addPath}, Chisel's {@code HasBlackBoxPath}) and declares
 * the ports it uses with {@code IO(new Bundle...)}; they are named by their fields alone, as the Verilog names them.
 * There is no implicit clock or reset: {@link #clockPort} names the port that takes the parent's clock, and a reset
 * is an ordinary input the parent drives.
 *
 * <p>When the module closes, the declared ports are checked against the Verilog module's own port list (with the
 * parameters and defines given here): a name it does not have, the wrong direction or width is an elaboration error at
 * the port's declaration; an input of the Verilog module that is not declared is one at the {@code new} of this box.
 * Outputs may be left out (they stay unconnected). A BlackBox holds no hardware of its own, and its outputs are
 * assumed not to depend combinationally on its inputs.
 */
public abstract class BlackBox extends Module {
    private final Map<String, String> params = new LinkedHashMap<>();
    private final List<Path> sources = new ArrayList<>();
    private final Set<String> defines = new LinkedHashSet<>();
    private final SourceLoc declaredAt = SourceLoc.capture();
    private String clockPortName;

    /**
     * @param params Verilog parameter overrides, in the order they are written on the instance: values are Integer,
     *               Long, BigInteger (as decimal literals) or Boolean (1'b1 / 1'b0)
     */
    protected BlackBox(Map<String, ?> params) {
        super();
        ctx.def.signals.remove(ctx.def.clock);
        ctx.def.signals.remove(ctx.def.reset);
        ctx.def.clock = null;
        ctx.def.reset = null;
        params.forEach((name, value) -> this.params.put(name, literal(name, value)));
    }

    protected BlackBox() {
        this(Map.of());
    }

    /** The Verilog file that defines this module; more than one if it instantiates modules of other files. */
    protected final void addPath(Path verilog) {
        SourceLoc loc = SourceLoc.capture();
        if (!Files.isRegularFile(verilog))
            throw new HdlException(loc, "BlackBox source " + verilog + " is not a readable file");
        sources.add(verilog);
    }

    /** A macro the Verilog needs defined ({@code `ifdef NAME}); the tools that read the design are given it too. */
    protected final void addDefine(String name) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*"))
            throw new HdlException(SourceLoc.capture(), "illegal define name '" + name + "'");
        defines.add(name);
    }

    /** The 1-bit input that is wired straight to the parent's clock, as a Module's implicit clock is. */
    protected final void clockPort(String name) {
        SourceLoc loc = SourceLoc.capture();
        if (ctx.def.clock != null) throw new HdlException(loc, "clockPort is already " + clockPortName);
        NameSlot slot = new NameSlot(name);
        slot.set(name, true, loc);
        ctx.def.clock = ctx.signal(Signal.Kind.INPUT, new Bool(), slot, "", loc);
        clockPortName = name;
    }

    private static String literal(String name, Object value) {
        SourceLoc loc = SourceLoc.capture();
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*"))
            throw new HdlException(loc, "illegal parameter name '" + name + "'");
        if (value instanceof Boolean b) return b ? "1'b1" : "1'b0";
        if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
            BigInteger v = new BigInteger(value.toString());
            if (v.signum() < 0)
                throw new HdlException(
                        loc, "parameter " + name + " = " + v + ": only non-negative values are supported");
            return v.bitLength() > 31 ? v.bitLength() + "'h" + v.toString(16) : v.toString();
        }
        throw new HdlException(
                loc, "parameter " + name + " must be an Integer, Long, BigInteger or Boolean, not " + value);
    }

    /** Called when the module closes: the ports against the Verilog module's, then the IR marked external. */
    final void checkAgainstVerilog() {
        ModuleContext c = ctx;
        if (!c.def.body.isEmpty() || !c.def.memories.isEmpty() || !c.def.instances.isEmpty()) {
            throw new HdlException(
                    declaredAt, "a BlackBox holds no hardware of its own: connect its ports from the parent");
        }
        if (sources.isEmpty())
            throw new HdlException(declaredAt, "BlackBox " + c.def.name + " has no Verilog source: call addPath(...)");
        Map<String, VerilogHeader.Port> verilog = null;
        List<String> problems = new ArrayList<>();
        for (Path file : sources) {
            try {
                verilog = VerilogHeader.ports(file, c.def.name, defines, params);
                break;
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (verilog == null)
            throw new HdlException(declaredAt, "BlackBox " + c.def.name + ": " + String.join("; ", problems));
        for (Signal s : c.def.ports()) {
            VerilogHeader.Port v = verilog.get(s.name());
            if (v == null) {
                throw new HdlException(
                        s.loc,
                        "Verilog module " + c.def.name + " has no port '" + s.name() + "' (its ports: "
                                + String.join(", ", verilog.keySet()) + ")");
            }
            VerilogHeader.Dir want = s.kind == Signal.Kind.INPUT ? VerilogHeader.Dir.INPUT : VerilogHeader.Dir.OUTPUT;
            if (v.dir() != want) {
                throw new HdlException(
                        s.loc,
                        "port '" + s.name() + "' of " + c.def.name + " is an "
                                + v.dir().name().toLowerCase() + ", declared here as an "
                                + want.name().toLowerCase());
            }
            if (v.width() != s.width()) {
                throw new HdlException(
                        s.loc,
                        "port '" + s.name() + "' of " + c.def.name + " is " + v.width()
                                + " bits wide, declared here as " + s.width());
            }
        }
        Set<String> declared = new LinkedHashSet<>();
        for (Signal s : c.def.ports()) declared.add(s.name());
        Map<String, Integer> open = new LinkedHashMap<>();
        for (VerilogHeader.Port v : verilog.values()) {
            if (v.dir() == VerilogHeader.Dir.OUTPUT && !declared.contains(v.name())) open.put(v.name(), v.width());
            if (v.dir() != VerilogHeader.Dir.OUTPUT && !declared.contains(v.name())) {
                throw new HdlException(
                        instantiatedAt(),
                        "BlackBox " + c.def.name + " leaves its "
                                + v.dir().name().toLowerCase() + " '" + v.name()
                                + "' undeclared: every input of the Verilog module must be declared and driven");
            }
        }
        c.def.external = new ExternalModule(
                c.def.name,
                List.copyOf(sources),
                List.copyOf(defines),
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params)),
                clockPortName,
                java.util.Collections.unmodifiableMap(open));
    }
}
