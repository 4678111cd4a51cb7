package org.rapgen.bench;

import java.nio.file.Path;
import org.rapgen.hdl.lib.BramTcam;
import org.rapgen.hdl.lib.Tcam;
import org.rapgen.synth.FmaxHarness;

/**
 * Writes the TCAM Fmax designs inside {@link FmaxHarness}: the register {@link Tcam} ({@code reg}) and a
 * {@link BramTcam} per chunk width ({@code bram<chunkBits>}), 8 payload bits each; bench/tcam-fmax.sh times them.
 * Arguments: output dir, entries, key bits, chunk bits (one or more).
 */
public final class TcamFmax {
    private TcamFmax() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int n = Integer.parseInt(args[1]), k = Integer.parseInt(args[2]);
        CamFmax.write(out.resolve("reg"), () -> FmaxHarness.around("reg", () -> new Tcam(n, k, 8)));
        for (int i = 3; i < args.length; i++) {
            int c = Integer.parseInt(args[i]);
            CamFmax.write(
                    out.resolve("bram" + c), () -> FmaxHarness.around("bram" + c, () -> new BramTcam(n, k, 8, c)));
        }
    }
}
