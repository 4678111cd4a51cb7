package org.rapgen.hdl.emit;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.velocity.Template;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.VelocityEngine;
import org.apache.velocity.runtime.RuntimeConstants;
import org.rapgen.hdl.Elaborator.Design;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.ir.ModuleDef;

/** Renders a design to one Verilog file per module through the Velocity template {@code module.vm}. */
public final class VerilogEmitter {
    private static final String TEMPLATE = "org/rapgen/hdl/emit/module.vm";
    private final Template template;
    private final String version;

    public VerilogEmitter(String version) {
        Properties props = new Properties();
        props.setProperty(RuntimeConstants.RESOURCE_LOADERS, "classpath");
        props.setProperty(
                "resource.loader.classpath.class",
                "org.apache.velocity.runtime.resource.loader.ClasspathResourceLoader");
        props.setProperty("runtime.strict_mode.enable", "true");
        props.setProperty(RuntimeConstants.SPACE_GOBBLING, "lines");
        VelocityEngine engine = new VelocityEngine(props);
        engine.init();
        this.template = engine.getTemplate(TEMPLATE, "UTF-8");
        this.version = version;
    }

    /** File name ({@code Module.v}) -> contents, children before parents. */
    public Map<String, String> emit(Design design) {
        Map<String, String> files = new LinkedHashMap<>();
        design.elaborations().forEach((name, defs) -> {
            String text = render(defs.get(0));
            for (ModuleDef other : defs.subList(1, defs.size())) {
                if (!render(other).equals(text)) {
                    throw new HdlException(
                            other.loc,
                            "two different modules are both named " + name + " (first created at " + defs.get(0).loc
                                    + "); add the distinguishing parameter to the module's constructor parameters");
                }
            }
            files.put(name + ".v", text);
        });
        return files;
    }

    public String render(ModuleDef def) {
        VelocityContext ctx = new VelocityContext();
        ctx.put("v", ModuleView.of(def, version));
        StringWriter out = new StringWriter();
        template.merge(ctx, out);
        return out.toString();
    }
}
