package org.rapgen.generate;

import java.io.StringWriter;
import java.util.Map;
import java.util.Properties;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.VelocityEngine;
import org.apache.velocity.runtime.RuntimeConstants;

/** Renders the non-Verilog text files (constraints, vendor scripts, FuseSoC cores) from Velocity templates. */
final class TextTemplates {
    private static final String DIR = "org/rapgen/generate/";
    private final VelocityEngine engine;

    TextTemplates() {
        Properties props = new Properties();
        props.setProperty(RuntimeConstants.RESOURCE_LOADERS, "classpath");
        props.setProperty(
                "resource.loader.classpath.class",
                "org.apache.velocity.runtime.resource.loader.ClasspathResourceLoader");
        props.setProperty("runtime.strict_mode.enable", "true");
        props.setProperty(RuntimeConstants.SPACE_GOBBLING, "lines");
        engine = new VelocityEngine(props);
        engine.init();
    }

    /** Renders {@code DIR/name.vm} with the given variables. */
    String render(String name, Map<String, Object> vars) {
        VelocityContext ctx = new VelocityContext();
        vars.forEach(ctx::put);
        StringWriter out = new StringWriter();
        engine.getTemplate(DIR + name + ".vm", "UTF-8").merge(ctx, out);
        return out.toString();
    }
}
