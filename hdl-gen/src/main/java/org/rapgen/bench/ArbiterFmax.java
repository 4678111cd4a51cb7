package org.rapgen.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.lib.Arbiter;
import org.rapgen.synth.FmaxHarness;

/** Writes the two arbiter Fmax designs (tree, flat loop) inside {@link FmaxHarness}; bench/arbiter-fmax.sh times them. */
public final class ArbiterFmax {
    private ArbiterFmax() {}

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[1]);
        Path out = Path.of(args[0]);
        write(out.resolve("tree"), () -> new FmaxHarness("tree", () -> new Arbiter(n, 8), a -> a.io));
        write(out.resolve("flat"), () -> new FmaxHarness("flat", () -> new FlatArbiter(n, 8), a -> a.io));
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
