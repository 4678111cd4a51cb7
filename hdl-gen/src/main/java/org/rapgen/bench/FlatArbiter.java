package org.rapgen.bench;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.W;

import org.rapgen.hdl.Module;
import org.rapgen.hdl.lib.Arbiter;

/**
 * Baseline for the arbiter benchmark: the same ports and behaviour as {@link Arbiter}, written as the obvious
 * priority for-loop (last connect wins), which becomes a chain of N muxes.
 */
public final class FlatArbiter extends Module {
    public final Arbiter.IO io;

    public FlatArbiter(int n, int width) {
        super(N, n, W, width);
        io = IO(Arbiter.ioType(n, width));
        io.out.bits.connect(DontCare);
        io.chosen.connect(DontCare);
        io.out.valid.connect(B(false));
        for (int i = n - 1; i >= 0; i--) {
            int idx = i;
            when(io.in.get(i).valid, () -> {
                io.out.valid.connect(B(true));
                io.out.bits.connect(io.in.get(idx).bits);
                io.chosen.connect(U(idx, log2Up(n)));
            });
        }
        for (int i = 0; i < n; i++) {
            io.in.get(i).ready.connect(io.out.ready.and(io.in.get(i).valid).and(io.chosen.eq(U(i, log2Up(n)))));
        }
    }
}
