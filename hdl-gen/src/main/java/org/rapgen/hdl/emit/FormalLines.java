package org.rapgen.hdl.emit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rapgen.hdl.ir.FormalProperty;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.hdl.ir.Op;
import org.rapgen.hdl.ir.Signal;

/**
 * Spells a module's formal-only logic and properties for the template's {@code `ifdef FORMAL} block: declarations,
 * connections and register updates as in the design, and one labelled immediate {@code assert}, {@code assume} or
 * {@code cover} per property, enabled outside reset on its when-path.
 */
public final class FormalLines {
    private FormalLines() {}

    /** The block, or null when the module has no formal content. */
    public record Block(
            List<ModuleView.Decl> decls,
            List<ModuleView.Assign> assigns,
            List<ModuleView.RegUpdate> regUpdates,
            List<Property> properties) {}

    /** One property: its label, keyword ({@code assert}, {@code assume}, {@code cover}), enable, condition, Java location. */
    public record Property(String label, String keyword, String enable, String cond, String loc) {}

    static Block of(ModuleDef def, ExprPrinter p, List<Op> temps, Map<Op, String> tempNames) {
        List<ModuleView.Decl> decls = new ArrayList<>();
        List<ModuleView.Assign> assigns = new ArrayList<>();
        List<ModuleView.RegUpdate> updates = new ArrayList<>();
        for (Signal s : def.signals) {
            if (!s.formal) continue;
            String range = VerilogText.range(s.width());
            if (s.freeChoice != null) {
                decls.add(new ModuleView.Decl("(* " + s.freeChoice + " *) reg", range, s.name(), "", s.loc.toString()));
            } else if (s.kind == Signal.Kind.REG) {
                decls.add(new ModuleView.Decl("reg", range, s.name(), "", s.loc.toString()));
                updates.add(ModuleView.regUpdate(def, p, s));
            } else {
                decls.add(new ModuleView.Decl("wire", range, s.name(), "", s.loc.toString()));
                assigns.add(new ModuleView.Assign(s.name(), p.atom(def.drivers.get(s))));
            }
        }
        for (Op op : temps) {
            decls.add(new ModuleView.Decl(
                    "wire", VerilogText.range(op.width()), tempNames.get(op), " = " + p.define(op), op.loc.toString()));
        }
        List<Property> properties = new ArrayList<>();
        for (FormalProperty fp : def.properties) {
            String path = ModuleView.guard(p, fp.guards);
            String enable = path == null ? "!reset" : "!reset && " + path;
            properties.add(
                    new Property(fp.label, fp.kind.name().toLowerCase(), enable, p.atom(fp.cond), fp.loc.toString()));
        }
        if (decls.isEmpty() && properties.isEmpty()) return null;
        return new Block(decls, assigns, updates, properties);
    }
}
