package org.rapgen.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.config.ConfigReader;
import org.rapgen.config.DesignConfig;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapDesign;
import org.rapgen.engines.rap.RapEngine;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;

/**
 * Writes a RAP engine configuration for bench/rap-fmax.sh: {@code harness/} wraps it in {@link FmaxHarness} (for
 * place and route on a small part), {@code bare/} is the engine alone (for cell counts).
 * Usage: {@code RapFmax OUT_DIR CONFIG.yaml}.
 */
public final class RapFmax {
    private RapFmax() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        DesignConfig cfg = ConfigReader.read(Path.of(args[1]));
        RapConfig c = RapDesign.config(cfg.params());
        write(out.resolve("harness"), () -> new FmaxHarness(cfg.name(), () -> new RapEngine(c), e -> e.io));
        write(out.resolve("bare"), () -> new RapEngine(c));
    }

    private static void write(Path dir, Supplier<Module> top) throws Exception {
        Files.createDirectories(dir);
        for (var f : new VerilogEmitter(Version.get()).emit(Elaborator.elaborate(top)).entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
        }
    }
}
