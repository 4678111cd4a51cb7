package org.rapgen.synth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.config.DesignConfig;
import org.rapgen.designs.DesignCatalog;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.ir.ExternalModule;

/**
 * The open-source flow behind {@code ./rapgen synth}: Yosys maps the design for the target and counts its cells;
 * where a place-and-route tool exists, nextpnr places the design inside {@link FmaxHarness} (inputs from a shift
 * chain, outputs registered, so every timed path is register to register through the design and any port count fits
 * the package) and reports Fmax and the critical path. Results are cached by a hash of everything that determines
 * them: the Verilog, the flow, the part and the tool versions.
 */
public final class Synthesis {
    /** Bump when the flow (scripts, options, what is parsed) changes: it is part of the cache key. */
    private static final String FLOW = "rapgen synth flow 1";

    public static final int SEED = 1;

    private final SynthCache cache;
    private final int seed;

    public Synthesis() {
        this(SynthCache.user());
    }

    Synthesis(SynthCache cache) {
        this(cache, SEED);
    }

    private Synthesis(SynthCache cache, int seed) {
        this.cache = cache;
        this.seed = seed;
    }

    /** The same flow with nextpnr placed from another seed (one seed's Fmax is one sample of a spread). */
    public Synthesis withSeed(int placementSeed) {
        return new Synthesis(cache, placementSeed);
    }

    public int seed() {
        return seed;
    }

    /** The version line of Yosys and of each place-and-route tool, or that it is missing. */
    public static List<String> toolVersions() {
        List<String> versions = new ArrayList<>();
        try {
            versions.add(Toolchain.version(Toolchain.yosys(), "-V"));
        } catch (SynthException e) {
            versions.add("yosys missing");
        }
        for (SynthTarget t : SynthTarget.values()) {
            if (t.pnr == null) continue;
            try {
                versions.add(Toolchain.version(Toolchain.pnr(t), "--version"));
            } catch (SynthException e) {
                versions.add(t.pnr.tool() + " missing");
            }
        }
        return versions;
    }

    /**
     * A result, and whether it came from the cache and where its logs are. {@code pnrSkipped} says why place-and-route
     * was left out ({@link #run(String, double, Supplier, SynthTarget, double)}); null when it ran or the target has
     * none. Such a result has Yosys's figures only, and is not cached.
     */
    public record Outcome(SynthResult result, boolean cached, Path folder, String pnrSkipped) {}

    public Outcome run(DesignConfig cfg, SynthTarget target) {
        return run(cfg, target, Double.POSITIVE_INFINITY);
    }

    /** As {@link #run(DesignConfig, SynthTarget)}, with place-and-route limited as in the five-argument run. */
    public Outcome run(DesignConfig cfg, SynthTarget target, double pnrMaxLogic) {
        Supplier<Module> top =
                DesignCatalog.find(cfg.design()).orElseThrow().top().apply(cfg.params());
        return run(cfg.name(), cfg.clockMhz(), top, target, pnrMaxLogic);
    }

    /** Synthesizes any DSL module (benchmarks use this for designs that are not in the catalogue). */
    public Outcome run(String name, double clockMhz, Supplier<? extends Module> top, SynthTarget target) {
        return run(name, clockMhz, top, target, Double.POSITIVE_INFINITY);
    }

    /**
     * As {@link #run(String, double, Supplier, SynthTarget)}, but a result that is not cached yet skips
     * place-and-route when the design alone maps to more than {@code pnrMaxLogic} units of the target's first
     * resource (its LUTs): nextpnr on a large design can take most of an hour (the report's {@code --quick}).
     */
    public Outcome run(
            String name, double clockMhz, Supplier<? extends Module> top, SynthTarget target, double pnrMaxLogic) {
        Path yosys = Toolchain.yosys();
        Path pnr = target.pnr == null ? null : Toolchain.pnr(target);
        Elaborator.Design design = Elaborator.elaborate(target.pnr == null ? top : () -> FmaxHarness.around(name, top));
        String dutTop =
                target.pnr == null ? design.top().name : design.top().instances.get(0).child.name;
        Map<String, String> verilog = new VerilogEmitter(Version.get()).emit(design);

        List<String> keyParts = new ArrayList<>(List.of(
                FLOW,
                target.id,
                target.yosysCommand,
                Toolchain.version(yosys, "-V"),
                String.valueOf(clockMhz),
                String.valueOf(seed),
                design.top().name,
                dutTop));
        if (pnr != null) {
            keyParts.addAll(target.pnr.deviceArgs());
            keyParts.add(Toolchain.version(pnr, "--version"));
        }
        if (target == SynthTarget.ECP5) keyParts.add(Ecp5OutputRegisters.VERSION);
        verilog.forEach((file, text) -> keyParts.add(file + "\n" + text));
        // BlackBoxes: their defines and Verilog are read before the generated files, and are part of the key.
        List<String> files = new ArrayList<>();
        for (ExternalModule x : design.externals()) {
            for (String d : x.defines()) files.add("-D" + d);
            for (Path src : x.sources()) {
                files.add(src.toAbsolutePath().toString());
                keyParts.add(src + "\n" + readSource(src));
            }
        }
        files.addAll(verilog.keySet());
        String key = sha256(String.join("\u0000", keyParts));

        var hit = cache.lookup(key);
        if (hit.isPresent()) return new Outcome(hit.get(), true, cache.entry(key), null);
        var misfit = cache.misfit(key);
        if (misfit.isPresent()) throw SynthException.design(misfit.get());

        Path work = cache.workFolder(key);
        boolean keepWork = true;
        try {
            String storageMisfit = target.storage == null ? null : target.storage.misfit(name, target, design.top());
            if (storageMisfit != null) throw new DoesNotFit(SynthException.design(storageMisfit));
            for (var f : verilog.entrySet()) Files.writeString(work.resolve(f.getKey()), f.getValue());
            Map<String, Integer> cells = yosys(yosys, work, target, files, dutTop);
            List<SynthResult.Usage> area;
            try {
                area = area(name, target, cells);
            } catch (SynthException e) {
                throw new DoesNotFit(e);
            }
            SynthResult mapped = new SynthResult(
                    name, dutTop, target.id, target.device, clockMhz, cells, area, List.of(), null, null);
            SynthResult.Usage logic = area.get(0);
            if (pnr != null && logic.used() > pnrMaxLogic) {
                keepWork = false;
                return new Outcome(
                        mapped,
                        false,
                        null,
                        "place-and-route skipped: the design alone maps to " + count(logic.used()) + " " + logic.name()
                                + ", over the limit of " + count(pnrMaxLogic));
            }
            if (pnr != null) yosysHarness(yosys, work, target, files, design.top().name);
            String placed = "harness.json";
            if (pnr != null && target == SynthTarget.ECP5) {
                placed = "harness-outreg.json";
                int moved = Ecp5OutputRegisters.absorb(work.resolve("harness.json"), work.resolve(placed));
                Files.writeString(
                        work.resolve("output-registers.log"),
                        moved + " block-RAM read ports use their output register\n");
            }
            SynthResult result = pnr == null
                    ? mapped
                    : placeAndRoute(pnr, work, placed, target, name, clockMhz, seed, dutTop, cells, area);
            cache.publish(key, work, result);
            keepWork = false;
            return new Outcome(result, false, cache.entry(key), null);
        } catch (DoesNotFit e) {
            // A misfit is a result too (cached, so a report does not map an engine again to learn it); a tool failure
            // is not, and keeps its work folder for inspection.
            cache.publishMisfit(key, work, e.error.getMessage());
            keepWork = false;
            throw e.error;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (!keepWork && Files.isDirectory(work)) deleteQuietly(work);
        }
    }

    /** Carries a does-not-fit error out of the flow, so it is cached as such. */
    private static final class DoesNotFit extends RuntimeException {
        final SynthException error;

        DoesNotFit(SynthException error) {
            super(null, null, false, false);
            this.error = error;
        }
    }

    private static SynthException doesNotFit(String name, SynthTarget target, SynthResult.Usage u, String note) {
        return SynthException.design(name + " does not fit the " + target.device + ": " + count(u.used()) + " "
                + u.name() + " of " + u.available() + note);
    }

    /**
     * The resources the design alone uses, from the cells of its top module in a Yosys {@code stat} report, or the
     * one-line error of a design that does not fit the part (more than the part's capacity of a checked resource).
     */
    public static List<SynthResult.Usage> designAlone(String name, SynthTarget target, String yosysStat, String top) {
        return area(name, target, YosysStat.cells(yosysStat, top));
    }

    private static List<SynthResult.Usage> area(String name, SynthTarget target, Map<String, Integer> cells) {
        List<SynthResult.Usage> area = target.resources.stream()
                .map(r -> new SynthResult.Usage(r.name(), r.used(cells), r.available()))
                .toList();
        for (SynthResult.Usage u : area) {
            if (u.exceeds()) throw doesNotFit(name, target, u, "");
        }
        return area;
    }

    /**
     * The device utilisation in a nextpnr log (design inside the Fmax harness), or the one-line error of a design
     * that does not fit the part. {@code area} is the design alone, which the message names too.
     */
    public static List<SynthResult.Usage> placed(
            String name, SynthTarget target, String nextpnrLog, List<SynthResult.Usage> area) {
        List<SynthResult.Usage> placed = NextpnrReport.utilisation(nextpnrLog);
        for (SynthResult.Usage u : placed) {
            if (u.exceeds())
                throw doesNotFit(
                        name, target, u, " (with the Fmax harness; the design alone maps to " + summary(area) + ")");
        }
        return placed;
    }

    private static String readSource(Path src) {
        try {
            return Files.readString(src);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try {
            SynthCache.delete(dir);
        } catch (IOException e) {
            // a leftover work folder in the cache is harmless
        }
    }

    /** Maps the design alone and returns its cells. */
    private static Map<String, Integer> yosys(
            Path yosys, Path work, SynthTarget target, Iterable<String> files, String dutTop) throws IOException {
        yosysScript(
                yosys,
                work,
                "synth.ys",
                "yosys.log",
                files,
                target.yosysCommand + " -top " + dutTop + "\ntee -q -o design.stat stat\n");
        return YosysStat.cells(Files.readString(work.resolve("design.stat")), dutTop);
    }

    /**
     * Maps the Fmax harness with the design inside for place-and-route (harness.json): a second Yosys run, made only
     * once the design alone is known to fit and not to be over a place-and-route limit, since on an engine it takes
     * as long as the first.
     */
    private static void yosysHarness(
            Path yosys, Path work, SynthTarget target, Iterable<String> files, String harnessTop) throws IOException {
        yosysScript(
                yosys,
                work,
                "harness.ys",
                "harness-yosys.log",
                files,
                target.yosysCommand + " -top " + harnessTop + " -json harness.json\n");
    }

    private static void yosysScript(
            Path yosys, Path work, String name, String log, Iterable<String> files, String commands)
            throws IOException {
        StringBuilder script = new StringBuilder("read_verilog");
        for (String f : files) script.append(' ').append(f);
        script.append('\n').append(commands);
        Files.writeString(work.resolve(name), script);
        Toolchain.Run r = Toolchain.run(List.of(yosys.toString(), "-q", "-l", log, "-s", name), work);
        if (r.exit() != 0) {
            throw SynthException.design(
                    "yosys failed (" + firstError(r.output(), "ERROR") + "); log: " + work.resolve(log));
        }
    }

    private static SynthResult placeAndRoute(
            Path pnr,
            Path work,
            String netlist,
            SynthTarget target,
            String name,
            double clockMhz,
            int seed,
            String dutTop,
            Map<String, Integer> cells,
            List<SynthResult.Usage> area)
            throws IOException {
        List<String> cmd = new ArrayList<>(List.of(pnr.toString()));
        cmd.addAll(target.pnr.deviceArgs());
        cmd.addAll(List.of(
                "--json",
                netlist,
                "--freq",
                String.format(Locale.ROOT, "%.3f", clockMhz),
                "--timing-allow-fail",
                "--seed",
                String.valueOf(seed),
                "--report",
                "report.json",
                // Every routed delay, for bench/sdf-wall.py: nextpnr prints only the worst path.
                "--sdf",
                "timing.sdf",
                "-l",
                "nextpnr.log",
                "-q"));
        Toolchain.Run r = Toolchain.run(cmd, work);
        String log = Files.isRegularFile(work.resolve("nextpnr.log"))
                ? Files.readString(work.resolve("nextpnr.log"))
                : r.output();
        List<SynthResult.Usage> placed;
        try {
            placed = placed(name, target, log, area);
        } catch (SynthException e) {
            throw new DoesNotFit(e);
        }
        if (r.exit() != 0 || !Files.isRegularFile(work.resolve("report.json"))) {
            throw SynthException.design(target.pnr.tool() + " failed (" + firstError(log + r.output(), "ERROR")
                    + "); log: " + work.resolve("nextpnr.log"));
        }
        JsonNode report =
                new ObjectMapper().readTree(work.resolve("report.json").toFile());
        return new SynthResult(
                name,
                dutTop,
                target.id,
                target.device,
                clockMhz,
                cells,
                area,
                placed,
                NextpnrReport.fmaxMhz(report),
                NextpnrReport.criticalPath(report));
    }

    private static String firstError(String log, String marker) {
        return log.lines()
                .filter(l -> l.contains(marker))
                .findFirst()
                .map(String::strip)
                .orElse("no error message");
    }

    /** The nonzero resources, e.g. "9848 LUT4, 7156 FF, 16 RAM4K". */
    public static String summary(List<SynthResult.Usage> area) {
        List<String> parts = new ArrayList<>();
        for (SynthResult.Usage u : area) if (u.used() > 0) parts.add(count(u.used()) + " " + u.name());
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }

    /** Resource units as a whole number where they are one (RAMB18 halves and DSP thirds are not). */
    public static String count(double units) {
        return units == Math.rint(units) ? String.valueOf((long) units) : String.format(Locale.ROOT, "%.1f", units);
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
