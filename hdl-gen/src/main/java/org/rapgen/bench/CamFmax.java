package org.rapgen.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.synth.FmaxHarness;

/**
 * Writes the CAM Fmax designs inside {@link FmaxHarness}: {@link LongestPrefixCam} with the tree selector at the
 * given levels per stage, and with the flat baseline; bench/cam-fmax.sh times them.
 * Arguments: output dir, entries, key bits, levels per stage.
 */
public final class CamFmax {
    private CamFmax() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int n = Integer.parseInt(args[1]), k = Integer.parseInt(args[2]), s = Integer.parseInt(args[3]);
        int lenBits = 32 - Integer.numberOfLeadingZeros(k); // lengths 0..k
        write(
                out.resolve("tree"),
                () -> new FmaxHarness("tree", () -> new LongestPrefixCam(n, k, lenBits, 8, s), c -> c.io));
        write(
                out.resolve("flat"),
                () -> new FmaxHarness("flat", () -> new LongestPrefixCam(n, k, lenBits, 8, 0), c -> c.io));
    }

    static void write(Path dir, Supplier<Module> top) throws Exception {
        Files.createDirectories(dir);
        for (var f : new VerilogEmitter(Version.get())
                .emit(Elaborator.elaborate(top))
                .entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
        }
    }
}
