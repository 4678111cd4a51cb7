package org.rapgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.rapgen.config.ConfigException;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.generate.FpgaDeliverables;
import org.rapgen.generate.GeneratedDesign;
import org.rapgen.generate.Generator;
import org.rapgen.generate.OutputWriter;
import org.rapgen.hdl.HdlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code generate}: every configuration is read and elaborated before anything is written. */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        description = {
            "Write Verilog, a manifest, timing constraints (.xdc, .sdc) and a FuseSoC core for each configuration into OUT/<name>/.",
            "With --fpga-root, also write the vendor builds that use them: ROOT/constraints/, ROOT/fpga/vivado/, ROOT/fpga/quartus/."
        })
final class GenerateCommand implements Callable<Integer> {
    @PathOption(PathOption.Kind.INPUT)
    @Option(
            names = "--config",
            required = true,
            arity = "1..*",
            paramLabel = "FILE",
            description = "design configuration (YAML); repeatable")
    List<Path> configs;

    @PathOption(PathOption.Kind.OUTPUT_FOLDER)
    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder (e.g. rtl-out)")
    Path out;

    @PathOption(PathOption.Kind.OUTPUT_FOLDER)
    @Option(
            names = "--fpga-root",
            paramLabel = "ROOT",
            description =
                    "also write each design's constraints/<name>.{xdc,sdc}, fpga/vivado/<name>.tcl and fpga/quartus/<name>/ under ROOT (the repository uses .)")
    Path fpgaRoot;

    @Override
    public Integer call() throws IOException {
        Generator gen = new Generator();
        List<GeneratedDesign> designs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Path file : configs) {
            if (!Files.isRegularFile(file)) throw new BadInputException(file + ":0: no such configuration file");
            try {
                DesignConfig cfg = ConfigReader.read(file);
                if (!names.add(cfg.name()))
                    throw new BadInputException(
                            file + ":0: design name '" + cfg.name() + "' is used by another --config");
                designs.add(gen.generate(cfg));
            } catch (ConfigException e) {
                throw new BadInputException(e.getMessage());
            } catch (HdlException e) {
                throw new BadInputException(file + ":0: elaboration failed: " + e.getMessage());
            }
        }
        try {
            OutputWriter.write(out, designs);
            if (fpgaRoot != null)
                OutputWriter.writeFiles(fpgaRoot, new FpgaDeliverables().tree(designs, fpgaRoot, out));
        } catch (IOException e) {
            throw new BadInputException(ErrorReport.writeFailure(e));
        }
        for (GeneratedDesign d : designs)
            System.out.println(out.resolve(d.name()) + "  (" + d.top() + ", "
                    + d.facts().rtlFiles().size() + " modules)");
        return 0;
    }
}
