package org.rapgen.hdl.emit;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.rapgen.hdl.ir.Expr;
import org.rapgen.hdl.ir.Instance;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.NameSlot;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Ref;
import org.rapgen.hdl.ir.Signal;

/** What the Velocity template renders for one module: every field is derived from the IR, nothing is Verilog-by-hand. */
public record ModuleView(
        String version,
        String name,
        String javaClass,
        String params,
        List<Decl> ports,
        List<Decl> regs,
        List<Decl> memories,
        List<Decl> wires,
        List<Decl> temps,
        List<Assign> assigns,
        List<RegUpdate> regUpdates,
        List<MemWrite> memWrites,
        List<MemRead> memReads,
        List<Inst> instances,
        List<CheckLines.Check> checks,
        String unused,
        List<RomInit> romInits,
        FormalLines.Block formal) {

    /** A declaration: keyword, range, name, trailing text (initializer or unpacked range), Java location. */
    public record Decl(String dir, String range, String name, String suffix, String loc) {}

    public record Assign(String name, String rhs) {}

    /** {@code init} is null for a register without reset; {@code next} is null for one that never changes after reset. */
    public record RegUpdate(String name, String init, String next) {}

    public record MemWrite(String memory, String enable, String addr, String data) {}

    public record MemRead(String memory, String enable, String addr, String data) {}

    /** A ROM's words as {@code memory[addr] = word} assignments of an {@code initial} block. */
    public record RomInit(String memory, boolean written, List<Assign> words) {}

    /** {@code params}: a BlackBox's Verilog parameter overrides ({@code #(.NAME(value))}), empty for rapgen's modules. */
    public record Inst(String module, List<Assign> params, String name, List<Assign> ports, String loc) {}

    static ModuleView of(ModuleDef def, String version) {
        Reachability reach = new Reachability(def);
        markClockReset(def, reach);
        Reachability formalReach = reach.formalPart(def);
        Map<Op, String> tempNames = new IdentityHashMap<>();
        Map<String, Integer> counters = new HashMap<>();
        // The formal part's temporaries are numbered after the design's, whose names so stay as without properties.
        for (List<Op> temps : List.of(reach.temps, formalReach.temps)) {
            for (Op op : temps) {
                if (op.nameSlot != null && op.nameSlot.hasName()) tempNames.put(op, op.nameSlot.name());
                else
                    tempNames.put(
                            op,
                            "_" + op.kind.name().toLowerCase() + "_"
                                    + (counters.merge(op.kind.name(), 1, Integer::sum) - 1));
            }
        }
        ExprPrinter p = new ExprPrinter(tempNames);

        List<Decl> ports = new ArrayList<>();
        List<Decl> regs = new ArrayList<>();
        List<Decl> wires = new ArrayList<>();
        List<Assign> assigns = new ArrayList<>();
        List<RegUpdate> updates = new ArrayList<>();
        List<String> unused = new ArrayList<>();
        for (Signal s : def.signals) {
            if (s.formal) continue;
            String range = VerilogText.range(s.width());
            switch (s.kind) {
                case INPUT -> ports.add(new Decl("input ", range, s.name(), "", s.loc.toString()));
                case OUTPUT -> ports.add(new Decl("output", range, s.name(), "", s.loc.toString()));
                case REG, MEM_RDATA -> regs.add(new Decl("reg", range, s.name(), "", s.loc.toString()));
                default ->
                    wires.add(new Decl(keepAttribute(s.nameSlot()) + "wire", range, s.name(), "", s.loc.toString()));
            }
            if (s.kind == Signal.Kind.REG) {
                updates.add(regUpdate(def, p, s));
            } else if (s.isSink()) {
                assigns.add(new Assign(s.name(), p.atom(def.drivers.get(s))));
            }
            if (s.kind != Signal.Kind.OUTPUT && s.kind != Signal.Kind.INST_IN)
                unused.addAll(reach.unusedSelects(s, s.name(), s.width()));
        }
        List<Decl> temps = new ArrayList<>();
        for (Op op : reach.temps) {
            String name = tempNames.get(op);
            if (op.nameSlot != null && op.nameSlot.keep()) {
                // Icarus discards an attribute on a net declaration assignment (and warns), so a kept value is
                // declared with its attribute and assigned apart.
                wires.add(new Decl(
                        keepAttribute(op.nameSlot) + "wire",
                        VerilogText.range(op.width()),
                        name,
                        "",
                        op.loc.toString()));
                assigns.add(new Assign(name, p.define(op)));
            } else {
                temps.add(
                        new Decl("wire", VerilogText.range(op.width()), name, " = " + p.define(op), op.loc.toString()));
            }
            unused.addAll(reach.unusedSelects(op, name, op.width()));
        }
        List<Decl> mems = new ArrayList<>();
        List<MemWrite> writes = new ArrayList<>();
        List<MemRead> reads = new ArrayList<>();
        List<RomInit> roms = new ArrayList<>();
        for (Memory m : def.memories) {
            mems.add(new Decl(
                    VerilogText.attributes(m.attributes) + "reg",
                    VerilogText.range(m.width),
                    m.name(),
                    " [0:" + (m.depth - 1) + "]",
                    m.loc.toString()));
            for (Memory.WritePort w : m.writePorts) {
                writes.add(
                        new MemWrite(m.name(), guard(p, w.guards()), p.ext(w.addr(), m.addrWidth()), p.atom(w.data())));
            }
            for (Memory.ReadPort r : m.readPorts) {
                reads.add(new MemRead(m.name(), guard(p, r.guards), p.ext(r.addr, m.addrWidth()), r.rdata.name()));
            }
            if (m.init != null) roms.add(romInit(m));
        }
        List<Inst> insts = new ArrayList<>();
        for (Instance i : def.instances) {
            List<Assign> conns = new ArrayList<>();
            i.portNets.forEach((port, net) -> conns.add(new Assign(port.name(), net.name())));
            List<Assign> overrides = new ArrayList<>();
            if (i.child.external != null) {
                i.child.external.params().forEach((k, v) -> overrides.add(new Assign(k, v)));
                // A BlackBox's undeclared outputs: a wire each, read by nothing, so every pin is connected.
                i.child.external.openOutputs().forEach((port, width) -> {
                    String net = i.name() + "_" + port;
                    wires.add(new Decl("wire", VerilogText.range(width), net, "", i.loc.toString()));
                    conns.add(new Assign(port, net));
                    unused.add(net);
                });
            }
            insts.add(new Inst(i.child.name, overrides, i.name(), conns, i.loc.toString()));
        }
        String params = def.params.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
        String unusedExpr =
                unused.isEmpty() ? null : unused.size() == 1 ? unused.get(0) : "{" + String.join(", ", unused) + "}";
        return new ModuleView(
                version,
                def.name,
                def.javaClass,
                params,
                ports,
                regs,
                mems,
                wires,
                temps,
                assigns,
                updates,
                writes,
                reads,
                insts,
                CheckLines.of(def, p),
                unusedExpr,
                roms,
                FormalLines.of(def, p, formalReach.temps, tempNames));
    }

    static RegUpdate regUpdate(ModuleDef def, ExprPrinter p, Signal reg) {
        Expr next = def.drivers.get(reg);
        boolean holds = next instanceof Ref r && r.signal == reg;
        return new RegUpdate(reg.name(), reg.init == null ? null : p.atom(reg.init), holds ? null : p.atom(next));
    }

    private static String keepAttribute(NameSlot slot) {
        return slot != null && slot.keep() ? VerilogText.attributes(Collections.singletonMap("keep", null)) : "";
    }

    private static RomInit romInit(Memory m) {
        List<Assign> words = new ArrayList<>();
        for (int i = 0; i < m.init.size(); i++) {
            words.add(new Assign(
                    VerilogText.literal(BigInteger.valueOf(i), m.addrWidth()),
                    VerilogText.literal(m.init.get(i), m.width)));
        }
        return new RomInit(m.name(), !m.writePorts.isEmpty(), words);
    }

    static String guard(ExprPrinter p, List<Memory.Guard> guards) {
        if (guards.isEmpty()) return null;
        return guards.stream()
                .map(g -> (g.negated() ? "!" : "") + p.atom(g.cond()))
                .collect(Collectors.joining(" && "));
    }

    /** The clock is read by every always block (a ROM, written never and read combinationally, has none), child and check; reset by every register with a reset
     * value, child and check. */
    private static void markClockReset(ModuleDef def, Reachability reach) {
        boolean checked = !def.checks.isEmpty();
        // A BlackBox child may take no clock or no reset (BlackBox.clockPort; resets are ordinary inputs).
        boolean clocked = checked
                || def.instances.stream().anyMatch(i -> i.child.clock != null)
                || def.memories.stream().anyMatch(m -> !m.writePorts.isEmpty() || !m.readPorts.isEmpty())
                || def.signals.stream().anyMatch(s -> s.kind == Signal.Kind.REG);
        boolean reset = checked
                || def.instances.stream().anyMatch(i -> i.child.reset != null)
                || def.signals.stream().anyMatch(s -> s.init != null);
        if (clocked) reach.read(new Ref(def.clock));
        if (reset) reach.read(new Ref(def.reset));
    }
}
