package org.rapgen.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.designs.RapDesign;
import org.rapgen.designs.SamplerDesign;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.sampler.SamplerEngine;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.lib.CounterSram;
import org.rapgen.hdl.lib.PrefixSelector;
import org.rapgen.hdl.lib.RmwMemory;
import org.rapgen.synth.FmaxHarness;

/**
 * Writes the read-modify-write memories with and without the read register, and the RAP selector at one and two tree
 * levels per stage, each alone inside {@link FmaxHarness}, for bench/sram-fmax.sh: the RAP configuration's
 * {@code CounterSram} and {@code PrefixSelector}, and each sampler configuration's counter table
 * ({@link SamplerEngine#counterMemory}). Prints one line per design, {@code <dir> <top>}.
 * Usage: {@code SramFmax OUT RAP_CONFIG.yaml [SAMPLER_CONFIG.yaml...]}.
 */
public final class SramFmax {
    private SramFmax() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        RapConfig c = RapDesign.config(ConfigReader.read(Path.of(args[1])).params());
        for (boolean reg : new boolean[] {false, true}) {
            write(out, "counters" + tag(reg), () -> new CounterSram(c.nodes(), c.counterBits(), reg));
        }
        for (int s = 1; s <= 2; s++) {
            int levels = s;
            write(out, "selectors" + s, () -> new PrefixSelector(c.nodes(), c.lenBits(), c.weightBits(), levels));
        }
        for (int i = 2; i < args.length; i++) {
            DesignConfig cfg = ConfigReader.read(Path.of(args[i]));
            SamplerParams p = SamplerDesign.params(cfg.params());
            for (boolean reg : new boolean[] {false, true}) {
                write(
                        out,
                        cfg.name().replace("_", "") + "table" + tag(reg),
                        () -> SamplerEngine.counterMemory(p, RmwMemory.latency(reg)));
            }
        }
    }

    private static String tag(boolean registerRead) {
        return registerRead ? "reg" : "";
    }

    private static void write(Path out, String name, Supplier<Module> dut) throws Exception {
        Path dir = out.resolve(name);
        Files.createDirectories(dir);
        var design = Elaborator.elaborate(() -> FmaxHarness.around(name, dut));
        for (var f : new VerilogEmitter(Version.get()).emit(design).entrySet())
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
        System.out.println(name + " " + design.top().name);
    }
}
