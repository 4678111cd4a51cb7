package org.rapgen.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import org.rapgen.Version;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.designs.SamplerDesign;
import org.rapgen.engines.sampler.SamplerEngine;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.synth.FmaxHarness;

/**
 * Writes each sampler configuration's engine inside {@link FmaxHarness} (top {@code FmaxHarness_dut<name>}) into
 * {@code OUT/<name>/}; bench/sampler-fmax.sh synthesizes and places them. Usage: {@code SamplerFmax OUT CONFIG...}.
 */
public final class SamplerFmax {
    private SamplerFmax() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        for (int i = 1; i < args.length; i++) {
            DesignConfig cfg = ConfigReader.read(Path.of(args[i]));
            SamplerParams p = SamplerDesign.params(cfg.params());
            String name = cfg.name().replace("_", "");
            Path dir = out.resolve(cfg.name());
            Files.createDirectories(dir);
            var design = Elaborator.elaborate(() -> new FmaxHarness(name, () -> new SamplerEngine(p), e -> e.io));
            for (var f : new VerilogEmitter(Version.get()).emit(design).entrySet())
                Files.writeString(dir.resolve(f.getKey()), f.getValue());
            System.out.println(cfg.name() + " " + design.top().name);
        }
    }
}
