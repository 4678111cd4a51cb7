package org.rapgen.designs;

import static org.rapgen.designs.ParamSpec.integer;
import static org.rapgen.designs.ParamSpec.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rapgen.RepositoryRoot;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.cpu.CpuCore;
import org.rapgen.cpu.CpuSystem;
import org.rapgen.cpu.PicoRv32Source;
import org.rapgen.cpu.program.Program;
import org.rapgen.cpu.program.ProgramBuild;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.sampler.SamplerParams;

/**
 * The {@code cpu_system} design: PicoRV32 running a program, with a RAP engine and a sampler watching it
 * (docs/cpu-system.md). Its engines are named by their own configuration files, relative to the rapgen checkout; the
 * program is built when the design is elaborated, since its image is the memory's contents. Not in the default
 * generated set: PicoRV32's Verilog is external.
 */
public final class CpuSystemDesign {
    public static final DesignCatalog.Entry ENTRY = new DesignCatalog.Entry(
            "cpu_system",
            "PicoRV32 running a program, profiled live by a RAP engine and a stratified sampler",
            List.of(
                    text(
                            "rap_config",
                            "the RAP engine's configuration file (key_bits 32), relative to the checkout",
                            "configs/rap_n32_k32.yaml",
                            CpuSystemDesign::fileProblem),
                    text(
                            "sampler_config",
                            "the sampler's configuration file (key_bits 32), relative to the checkout",
                            "configs/cpu/sampler_hp16_256_a16.yaml",
                            CpuSystemDesign::fileProblem),
                    text("program", "dhrystone or sort", "dhrystone", CpuSystemDesign::programProblem),
                    integer("sort_keys", "keys the sort program sorts", 1024, ParamSpec.range(2, 4096))),
            p -> "cpu_system_" + p.get("program"),
            p -> () -> top(p));

    /** The processor side alone (PicoRV32, memory, system registers): what the system is compared with in synthesis. */
    public static final DesignCatalog.Entry CORE = new DesignCatalog.Entry(
            "cpu_core",
            "PicoRV32 with its program memory and system registers, no engines (the CPU alone, for comparison)",
            List.of(
                    text("program", "dhrystone or sort", "dhrystone", CpuSystemDesign::programProblem),
                    integer("sort_keys", "keys the sort program sorts", 1024, ParamSpec.range(2, 4096))),
            p -> "cpu_core_" + p.get("program"),
            p -> () -> {
                Program program = build(p);
                return new CpuCore(
                        PicoRv32Source.verilog(), ProgramBuild.MEMORY_BYTES / 4, program.image(), program.digest());
            });

    private CpuSystemDesign() {}

    private static Program build(Map<String, Object> p) {
        try {
            return ProgramBuild.build(
                    program((String) p.get("program")),
                    (Integer) p.get("sort_keys"),
                    Files.createTempDirectory("rapgen-program"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CpuSystem top(Map<String, Object> p) {
        Program program = build(p);
        return new CpuSystem(
                PicoRv32Source.verilog(),
                rap(resolve((String) p.get("rap_config"))),
                sampler(resolve((String) p.get("sampler_config"))),
                ProgramBuild.MEMORY_BYTES / 4,
                program.image(),
                program.digest());
    }

    public static ProgramBuild.Name program(String name) {
        return ProgramBuild.Name.valueOf(name.toUpperCase(Locale.ROOT));
    }

    /** The RAP engine of a {@code rap} configuration file. */
    public static RapConfig rap(Path file) {
        DesignConfig c = ConfigReader.read(file);
        if (!c.design().equals("rap"))
            throw new IllegalArgumentException(
                    file + ":0: a rap configuration is needed, this one is '" + c.design() + "'");
        return RapDesign.config(c.params());
    }

    /** The sampler of a {@code sampler} configuration file. */
    public static SamplerParams sampler(Path file) {
        DesignConfig c = ConfigReader.read(file);
        if (!c.design().equals("sampler"))
            throw new IllegalArgumentException(
                    file + ":0: a sampler configuration is needed, this one is '" + c.design() + "'");
        return SamplerDesign.params(c.params());
    }

    private static Path resolve(String file) {
        return RepositoryRoot.find(CpuSystemDesign.class)
                .map(r -> r.resolve(file))
                .orElse(Path.of(file));
    }

    private static String fileProblem(String file) {
        return Files.isRegularFile(resolve(file)) ? null : "no such configuration file: " + file;
    }

    private static String programProblem(String name) {
        return name.equals("dhrystone") || name.equals("sort") ? null : "must be dhrystone or sort, got '" + name + "'";
    }
}
