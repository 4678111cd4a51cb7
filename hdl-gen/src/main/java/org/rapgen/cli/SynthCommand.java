package org.rapgen.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.rapgen.config.ConfigException;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.hdl.HdlException;
import org.rapgen.synth.SynthException;
import org.rapgen.synth.SynthResult;
import org.rapgen.synth.SynthTarget;
import org.rapgen.synth.Synthesis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code synth}: the open-source flow (Yosys, nextpnr) for one configuration and target; results are cached. */
@Command(
        name = "synth",
        mixinStandardHelpOptions = true,
        description = {
            "Synthesize one configuration with Yosys for a target and print its resources;",
            "ice40 (iCE40 HX8K ct256) and ecp5 (ECP5 LFE5U-85F CABGA381) are also placed and routed with nextpnr, giving Fmax and the critical path.",
            "xilinx (synth_xilinx -flatten) and intel (synth_intel_alm, Cyclone V) give cell counts.",
            "Results are cached by content hash in ~/.cache/rapgen/synth/."
        })
final class SynthCommand implements Callable<Integer> {
    @PathOption(PathOption.Kind.INPUT)
    @Option(names = "--config", required = true, paramLabel = "FILE", description = "design configuration (YAML)")
    Path config;

    @Option(names = "--target", required = true, paramLabel = "TARGET", description = "ice40, ecp5, xilinx or intel")
    String target;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description =
                    "nextpnr placement seed, 1.. (ice40, ecp5; default 1): Fmax moves by several MHz from seed to seed")
    int seed;

    @Override
    public Integer call() {
        SynthTarget t = SynthTarget.find(target)
                .orElseThrow(() -> new BadInputException(
                        "unknown synth target '" + target + "' (one of " + String.join(", ", SynthTarget.ids()) + ")"));
        if (!Files.isRegularFile(config)) throw new BadInputException(config + ":0: no such configuration file");
        DesignConfig cfg;
        try {
            cfg = ConfigReader.read(config);
        } catch (ConfigException e) {
            throw new BadInputException(e.getMessage());
        }
        if (seed < 1) throw new BadInputException("--seed must be at least 1, got " + seed);
        Synthesis.Outcome o;
        try {
            o = new Synthesis().withSeed(seed).run(cfg, t);
        } catch (HdlException e) {
            throw new BadInputException(config + ":0: elaboration failed: " + e.getMessage());
        } catch (SynthException e) {
            throw new BadInputException((e.aboutDesign() ? config + ":0: " : "") + e.getMessage());
        }
        print(o);
        return 0;
    }

    private void print(Synthesis.Outcome o) {
        SynthResult r = o.result();
        SynthTarget t = SynthTarget.find(r.target()).orElseThrow();
        System.out.println(r.design() + " (" + r.top() + ") on " + t.id + ": " + r.device()
                + (t.pnr == null ? " (Yosys cell counts against its capacity; no place-and-route)" : ""));
        System.out.println("  cells (design alone, yosys " + t.yosysCommand + "): "
                + r.cells().entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", ")));
        System.out.println(
                "  resources: " + r.area().stream().map(SynthCommand::usage).collect(Collectors.joining(", ")));
        if (!r.placed().isEmpty()) {
            System.out.println("  placed (" + t.pnr.tool() + ", design inside the Fmax harness): "
                    + r.placed().stream()
                            .filter(u -> u.used() > 0)
                            .map(SynthCommand::usage)
                            .collect(Collectors.joining(", ")));
            System.out.printf(
                    Locale.ROOT,
                    "  fmax: %.1f MHz (constraint %s MHz, register to register through the design, seed %d)%n",
                    r.fmaxMhz(),
                    clock(r.clockMhz()),
                    seed);
            SynthResult.CriticalPath p = r.criticalPath();
            if (p != null) {
                System.out.printf(
                        Locale.ROOT,
                        "  critical path: %.2f ns = %.2f ns logic + %.2f ns routing, from %s to %s%n",
                        p.totalNs(),
                        p.logicNs(),
                        p.routingNs(),
                        p.from(),
                        p.to());
            }
        }
        System.out.println("  " + (o.cached() ? "cached result: " : "logs: ") + o.folder());
    }

    private static String usage(SynthResult.Usage u) {
        String used = Synthesis.count(u.used());
        if (u.available() <= 0) return u.name() + " " + used;
        return String.format(
                Locale.ROOT, "%s %s/%d (%.1f%%)", u.name(), used, u.available(), 100 * u.used() / u.available());
    }

    private static String clock(double mhz) {
        return mhz == Math.rint(mhz) ? String.valueOf((long) mhz) : String.valueOf(mhz);
    }
}
