package org.rapgen.generate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders the FPGA deliverables of a design from templates. Into the design's own folder: its {@code .xdc} and
 * {@code .sdc}, the Quartus virtual-pin assignments and the FuseSoC {@code .core}. Into the repository's FPGA tree
 * ({@code generate --fpga-root}): the same constraints under {@code constraints/}, the Vivado build under
 * {@code fpga/vivado/} and the Quartus project under {@code fpga/quartus/<name>/}.
 */
public final class FpgaDeliverables {
    public static final String CONSTRAINTS_DIR = "constraints";
    public static final String VIVADO_DIR = "fpga/vivado";
    public static final String QUARTUS_DIR = "fpga/quartus";

    private final TextTemplates templates = new TextTemplates();

    /** File name -> text, for the design folder. */
    public Map<String, String> designFolder(DesignFacts d) {
        Map<String, Object> vars = vars(d);
        Map<String, String> files = new LinkedHashMap<>(constraints(d));
        files.put(d.name() + "_virtual_pins.tcl", templates.render("virtual-pins-tcl", vars));
        files.put(d.name() + ".core", templates.render("fusesoc", vars));
        return files;
    }

    /** Path relative to {@code root} -> bytes, for designs written into {@code outDir}. */
    public Map<String, byte[]> tree(List<GeneratedDesign> designs, Path root, Path outDir) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (GeneratedDesign g : designs) {
            tree(g.facts(), root, outDir.resolve(g.name()))
                    .forEach((path, text) -> files.put(path, text.getBytes(StandardCharsets.UTF_8)));
        }
        return files;
    }

    /** Path relative to {@code root} -> text, for a design whose folder is {@code designDir}. */
    Map<String, String> tree(DesignFacts d, Path root, Path designDir) {
        Map<String, String> files = new LinkedHashMap<>();
        constraints(d).forEach((name, text) -> files.put(CONSTRAINTS_DIR + "/" + name, text));

        Map<String, Object> vivado = vars(d);
        vivado.put("designDir", relative(root.resolve(VIVADO_DIR), designDir));
        vivado.put("constraintsDir", relative(root.resolve(VIVADO_DIR), root.resolve(CONSTRAINTS_DIR)));
        files.put(VIVADO_DIR + "/" + d.name() + ".tcl", templates.render("vivado", vivado));

        String project = QUARTUS_DIR + "/" + d.name();
        Map<String, Object> quartus = vars(d);
        quartus.put("designDir", relative(root.resolve(project), designDir));
        quartus.put("constraintsDir", relative(root.resolve(project), root.resolve(CONSTRAINTS_DIR)));
        files.put(project + "/" + d.name() + ".qpf", templates.render("quartus-qpf", quartus));
        files.put(project + "/" + d.name() + ".qsf", templates.render("quartus-qsf", quartus));
        files.put(project + "/" + d.name() + ".tcl", templates.render("quartus-flow", quartus));
        return files;
    }

    private Map<String, String> constraints(DesignFacts d) {
        Map<String, String> files = new LinkedHashMap<>();
        for (boolean xdc : new boolean[] {true, false}) {
            Map<String, Object> vars = vars(d);
            vars.put("xdc", xdc);
            files.put(d.name() + (xdc ? ".xdc" : ".sdc"), templates.render("constraints", vars));
        }
        return files;
    }

    private static Map<String, Object> vars(DesignFacts d) {
        Map<String, Object> vars = new HashMap<>();
        vars.put("d", d);
        vars.put("vivadoPart", FpgaParts.VIVADO_PART);
        vars.put("family", FpgaParts.QUARTUS_FAMILY);
        vars.put("device", FpgaParts.QUARTUS_DEVICE);
        vars.put("quartusVersion", FpgaParts.QUARTUS_VERSION);
        return vars;
    }

    /** {@code to} relative to {@code from}, with forward slashes (Tcl and Quartus accept them everywhere). */
    private static String relative(Path from, Path to) {
        return from.toAbsolutePath()
                .normalize()
                .relativize(to.toAbsolutePath().normalize())
                .toString()
                .replace('\\', '/');
    }
}
