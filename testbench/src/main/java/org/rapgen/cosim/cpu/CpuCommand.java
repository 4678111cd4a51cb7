package org.rapgen.cosim.cpu;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rapgen.RepositoryRoot;
import org.rapgen.cli.BadInputException;
import org.rapgen.cli.HotRangeReport;
import org.rapgen.cli.PathOption;
import org.rapgen.config.ConfigException;
import org.rapgen.cosim.VerilatorModel;
import org.rapgen.cosim.cli.DumpFile;
import org.rapgen.cpu.program.Elf32;
import org.rapgen.cpu.program.FunctionMap;
import org.rapgen.cpu.program.Program;
import org.rapgen.cpu.program.ProgramBuild;
import org.rapgen.designs.CpuSystemDesign;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.rap.HotRange;
import org.rapgen.golden.rap.HotRanges;
import org.rapgen.golden.rap.TreeDump;
import org.rapgen.golden.sampler.Message;
import org.rapgen.hdl.HdlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./rapgen cpu --program dhrystone --config configs/rap_n32_k32.yaml}: builds the program and the PicoRV32
 * system, runs it under Verilator to its exit, and prints what the engines saw (docs/cpu-system.md). Exit 0 when the
 * program exited with 0 and RTL and golden models agree, 1 otherwise, 2 on bad input.
 */
@Command(
        name = "cpu",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description =
                "Run a program on PicoRV32 with the RAP engine and a sampler watching it live (see docs/cpu-system.md).")
public final class CpuCommand implements Callable<Integer> {
    @Option(names = "--program", required = true, paramLabel = "NAME", description = "dhrystone or sort")
    String program;

    @PathOption(PathOption.Kind.INPUT)
    @Option(
            names = "--config",
            required = true,
            paramLabel = "FILE",
            description = "the RAP engine's configuration, e.g. configs/rap_n32_k32.yaml")
    Path config;

    @PathOption(PathOption.Kind.INPUT)
    @Option(
            names = "--sampler-config",
            paramLabel = "FILE",
            description = "the sampler's configuration (default configs/cpu/sampler_hp16_256_a16.yaml)")
    Path samplerConfig;

    @Option(
            names = "--sort-keys",
            paramLabel = "N",
            defaultValue = "1024",
            description = "keys the sort program sorts, 2..4096 (default 1024)")
    int sortKeys;

    @Option(
            names = "--hot",
            paramLabel = "H",
            defaultValue = "0.05",
            description = "a range is hot if H(v) >= H*n (default 0.05)")
    double hot;

    @Option(
            names = "--max-cycles",
            paramLabel = "N",
            defaultValue = "200000000",
            description = "give up if the program has not exited by then")
    long maxCycles;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(
            names = "--dump",
            paramLabel = "FILE",
            description = "write the pc trace the RAP engine took (text events, profile reads it)")
    Path dump;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(
            names = "--tuples",
            paramLabel = "FILE",
            description = "write the (pc, load address) trace the sampler took (text tuples, sample reads it)")
    Path tuples;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(
            names = "--tree",
            paramLabel = "FILE",
            description = "write the tree the firmware read out (profile --dump's format)")
    Path tree;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(
            names = "--messages",
            paramLabel = "FILE",
            description = "write the sampler's messages (sample --out's format)")
    Path messages;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(names = "--report", paramLabel = "FILE.svg", description = "draw the hot ranges with their functions (SVG)")
    Path report;

    @Override
    public Integer call() throws IOException {
        ProgramBuild.Name name = programName();
        if (sortKeys < 2 || sortKeys > 4096)
            throw new BadInputException("--sort-keys must be 2..4096, got " + sortKeys);
        if (!(hot > 0 && hot <= 1)) throw new BadInputException("--hot must be in (0, 1], got " + hot);
        if (maxCycles < 1) throw new BadInputException("--max-cycles must be at least 1, got " + maxCycles);
        RapConfig rap = CpuCommand.<RapConfig>config(() -> CpuSystemDesign.rap(config), config);
        Path sFile = samplerConfig != null
                ? samplerConfig
                : RepositoryRoot.find(CpuCommand.class)
                        .orElseThrow(() -> new BadInputException("give --sampler-config"))
                        .resolve("configs/cpu/sampler_hp16_256_a16.yaml");
        SamplerParams sampler = CpuCommand.<SamplerParams>config(() -> CpuSystemDesign.sampler(sFile), sFile);
        long start = System.nanoTime();
        Path work = Files.createTempDirectory("rapgen-cpu");
        try {
            Program prog = ProgramBuild.build(name, sortKeys, work);
            VerilatorModel model;
            try {
                model = CpuRun.model(rap, sampler, prog);
            } catch (HdlException e) {
                throw new BadInputException(config + ":0: elaboration failed: " + e.getMessage());
            }
            CpuTaps taps = CpuRun.run(model, maxCycles);
            FirmwareReport fw = FirmwareReport.parse(taps.console(), rap);
            GoldenChecks checks = GoldenChecks.of(rap, sampler, taps, fw);
            List<HotRange> hotRanges = fw.tree().n() == 0 ? List.of() : HotRanges.find(fw.tree(), hot);
            FunctionMap functions = new FunctionMap(prog.functions());
            List<String> notes = hotRanges.stream()
                    .map(h -> functionsIn(functions, h, rap.keyBits()))
                    .toList();
            writeOutputs(taps, fw, checks, hotRanges, notes, prog, rap);
            print(System.out, prog, rap, sampler, taps, fw, checks, hotRanges, notes, start);
            return taps.exitCode() == 0
                            && checks.mismatches() == 0
                            && checks.problems().isEmpty()
                    ? 0
                    : 1;
        } finally {
            try (var files = Files.list(work)) {
                for (Path f : files.toList()) Files.deleteIfExists(f);
            }
            Files.deleteIfExists(work);
        }
    }

    private ProgramBuild.Name programName() {
        try {
            return CpuSystemDesign.program(program);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--program must be dhrystone or sort, got '" + program + "'");
        }
    }

    private static <T> T config(java.util.function.Supplier<T> read, Path file) {
        try {
            return read.get();
        } catch (ConfigException e) {
            throw new BadInputException(e.getMessage());
        } catch (IllegalArgumentException | HdlException e) {
            throw new BadInputException(
                    e.getMessage().startsWith(file.toString()) ? e.getMessage() : file + ":0: " + e.getMessage());
        }
    }

    /** The functions a hot range of pcs holds, by name; a long list is cut after six. */
    static String functionsIn(FunctionMap map, HotRange h, int keyBits) {
        long lo = h.prefix();
        long hi = h.node().lastKey(keyBits);
        List<String> names =
                map.within(lo, hi).stream().map(Elf32.Function::name).toList();
        if (names.isEmpty()) return "(no function)";
        return names.size() <= 6
                ? String.join(", ", names)
                : String.join(", ", names.subList(0, 6)) + " +" + (names.size() - 6) + " more";
    }

    private void writeOutputs(
            CpuTaps taps,
            FirmwareReport fw,
            GoldenChecks checks,
            List<HotRange> hotRanges,
            List<String> notes,
            Program prog,
            RapConfig rap)
            throws IOException {
        if (dump != null) {
            StringBuilder s = new StringBuilder();
            for (long pc : taps.pcs()) s.append(Long.toHexString(pc)).append('\n');
            DumpFile.write(dump, s.toString());
        }
        if (tuples != null) {
            StringBuilder s = new StringBuilder();
            long[] pcs = taps.tuplePcs();
            long[] addrs = taps.tupleAddrs();
            for (int i = 0; i < pcs.length; i++)
                s.append(Long.toHexString(pcs[i]))
                        .append(' ')
                        .append(Long.toHexString(addrs[i]))
                        .append('\n');
            DumpFile.write(tuples, s.toString());
        }
        if (tree != null) DumpFile.write(tree, TreeDump.toString(fw.tree()));
        if (messages != null) {
            StringBuilder s = new StringBuilder();
            for (Message m : checks.rtlMessages()) s.append(m).append('\n');
            DumpFile.write(messages, s.toString());
        }
        if (report != null) {
            StringWriter svg = new StringWriter();
            HotRangeReport.writeSvg(
                    hotRanges,
                    rap.keyBits(),
                    fw.tree().n(),
                    hot,
                    notes,
                    "RAP hot ranges of " + prog.name() + " on PicoRV32",
                    rap.describe(),
                    svg);
            DumpFile.write(report, svg.toString());
        }
    }

    private void print(
            PrintStream out,
            Program prog,
            RapConfig rap,
            SamplerParams sampler,
            CpuTaps taps,
            FirmwareReport fw,
            GoldenChecks checks,
            List<HotRange> hotRanges,
            List<String> notes,
            long start) {
        out.println("cpu " + prog.name() + " on PicoRV32 (RV32IM) with " + rap.describe() + " and sampler "
                + sampler.spec().text);
        out.println("program     " + prog.name() + ": exit " + taps.exitCode() + ", "
                + prog.image().size() * 4 + " bytes loaded");
        out.printf(Locale.ROOT, "cycles      %d CPU clocks from reset to exit%n", taps.cycles());
        out.printf(
                Locale.ROOT,
                "retired     %d instructions (%.2f clocks each)%n",
                taps.retired(),
                (double) taps.cycles() / Math.max(1, taps.retired()));
        out.printf(
                Locale.ROOT,
                "events      %d taken by the RAP engine, %.4f per clock over the %d clocks from the first to the last%n",
                taps.pcs().length,
                (double) taps.pcs().length / Math.max(1, taps.tracedClocks()),
                taps.tracedClocks());
        out.printf(
                Locale.ROOT,
                "tuples      %d (pc, load address) taken by the sampler; %d messages%n",
                taps.tuplePcs().length,
                taps.messages().size());
        out.printf(
                Locale.ROOT,
                "tree        %d nodes read out by the firmware, n = %s, overflow %s%n",
                fw.tree().nodes().size(),
                Long.toUnsignedString(fw.tree().n()),
                fw.tree().overflow() ? "yes (some split was deferred: H(v) is a lower bound only)" : "no");
        out.println("cpu stalls  " + taps.stalled());
        out.println("mismatches  " + checks.mismatches());
        for (String p : checks.problems()) out.println("  " + p);
        HotRangeReport.printTable(hotRanges, rap.keyBits(), fw.tree().n(), hot, notes, out);
        out.printf(Locale.ROOT, "wall time   %.1f s%n", (System.nanoTime() - start) / 1e9);
    }
}
