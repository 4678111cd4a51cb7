package org.rapgen.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.designs.RapDesign;
import org.rapgen.engines.rap.EventQueue;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapController;
import org.rapgen.engines.rap.RapEngine;
import org.rapgen.engines.rap.ReplayWindow;
import org.rapgen.engines.rap.ThresholdUnit;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.lib.BramTcam;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.PrefixSelector;
import org.rapgen.hdl.lib.Tcam;
import org.rapgen.synth.FmaxHarness;

/**
 * Writes a RAP engine configuration for bench/rap-fmax.sh: {@code harness/} wraps the whole engine in
 * {@link FmaxHarness} (for place and route on a small part), {@code bare/} is the engine alone (for cell counts), and
 * {@code blocks/<name>/} wraps each pipeline block of that configuration on its own, for when the whole engine does not
 * fit the part. Usage: {@code RapFmax OUT_DIR CONFIG.yaml}.
 */
public final class RapFmax {
    private RapFmax() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        DesignConfig cfg = ConfigReader.read(Path.of(args[1]));
        RapConfig c = RapDesign.config(cfg.params());
        write(out.resolve("harness"), () -> new FmaxHarness(cfg.name(), () -> new RapEngine(c), e -> e.io));
        write(out.resolve("bare"), () -> new RapEngine(c));
        int depth = RapEngine.windowDepth(c);
        Path b = out.resolve("blocks");
        // The blocks as the engine builds them for this configuration (TCAM kind, counter read register).
        write(
                b.resolve("tcam"),
                () -> c.tcamChunkBits() == 0
                        ? new FmaxHarness("tcam", () -> new Tcam(c.nodes(), c.keyBits(), c.weightBits()), m -> m.io)
                        : new FmaxHarness(
                                "tcam",
                                () -> new BramTcam(c.nodes(), c.keyBits(), c.weightBits(), c.tcamChunkBits()),
                                m -> m.io));
        write(
                b.resolve("selector"),
                () -> new FmaxHarness(
                        "selector",
                        () -> new PrefixSelector(c.nodes(), c.lenBits(), c.weightBits(), c.selectLevels()),
                        m -> m.io));
        write(
                b.resolve("counters"),
                () -> new FmaxHarness(
                        "counters",
                        () -> new CounterSram(c.nodes(), c.counterBits(), c.counterReadRegister()),
                        m -> m.io));
        write(
                b.resolve("controller"),
                () -> new FmaxHarness("controller", () -> new RapController(c, depth), m -> m.io));
        write(b.resolve("window"), () -> new FmaxHarness("window", () -> new ReplayWindow(c, depth), m -> m.io));
        write(b.resolve("threshold"), () -> new FmaxHarness("threshold", () -> new ThresholdUnit(c), m -> m.io));
        write(
                b.resolve("queue"),
                () -> new FmaxHarness(
                        "queue",
                        () -> new EventQueue(
                                c.keyBits(), c.weightBits(), c.queueDepth(), c.combine(), c.trie() && !c.combine()),
                        m -> m.io));
    }

    private static void write(Path dir, Supplier<Module> top) throws Exception {
        Files.createDirectories(dir);
        for (var f : new VerilogEmitter(Version.get())
                .emit(Elaborator.elaborate(top))
                .entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
        }
    }
}
