package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.G;
import static org.rapgen.hdl.lib.NameKey.I;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.R;
import static org.rapgen.hdl.lib.NameKey.SEED;
import static org.rapgen.hdl.lib.NameKey.TG;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.lib.Lfsr;

/**
 * The random samplers' decision (docs/golden-sampler.md "LFSR"): a register stage that advances the 32-bit LFSR by 16
 * steps as each tuple enters it, so while a tuple waits here the LFSR holds exactly the state that tuple's decision
 * reads: sampled iff the 16 fresh bits {@code state[15:0] < floor(65536 / r)}. The LFSR steps once per tuple whatever
 * its stratum (one shared LFSR). Full throughput: a tuple can enter on the cycle the previous one leaves.
 */
public final class SampleStage extends Module {
    public static final int LFSR_BITS = 32;
    public static final int STEPS = 16;

    public static final class IO extends Bundle {
        public final DecoupledIO<Keyed> in;
        public final DecoupledIO<Keyed> out;

        IO(Keyed shape) {
            in = Flipped(Decoupled(shape.sameShape()));
            out = Decoupled(shape.sameShape());
        }
    }

    public final IO io;

    public SampleStage(int keyBits, int indexBits, int tagBits, int rate, int seed) {
        this(checkedShape(keyBits, indexBits, tagBits, rate, seed), rate, seed);
    }

    /**
     * @param shape the tuples' bundle; a {@link Keyed.Gated} one (behind gates) does not step the LFSR for a tuple a
     *     gate held back, as the golden model never sees it
     */
    public SampleStage(Keyed shape, int rate, int seed) {
        super(nameParams(shape, rate, seed));
        io = IO(new IO(shape));
        Lfsr lfsr = Module(new Lfsr(LFSR_BITS, STEPS, seed & 0xffffffffL));
        Keyed held = Reg(shape.sameShape()).named("held");
        Bool full = RegInit(B(false)).named("full");
        Bool enter = io.in.fire().named("enter");
        when(enter, () -> held.connect(io.in.bits));
        full.connect(enter.or(full.and(io.out.ready.not())));
        lfsr.io.advance.connect(
                shape instanceof Keyed.Gated ? enter.and(io.in.bits.skipped().not()) : enter);
        io.in.ready.connect(full.not().or(io.out.ready));

        int threshold = 65536 / rate;
        Bool sampled = threshold == 65536 ? B(true) : lfsr.io.state.bits(15, 0).lt(U(threshold, 16));
        io.out.valid.connect(full);
        io.out.bits.connect(held);
        io.out.bits.sample.connect(sampled);
    }

    /** The tuples' bundle, built after the checks, so a bad rate is named and not a width it implies. */
    private static Keyed checkedShape(int keyBits, int indexBits, int tagBits, int rate, int seed) {
        check(rate, seed);
        return new Keyed(keyBits, indexBits, tagBits);
    }

    private static void check(int rate, int seed) {
        if (rate < 1 || rate > 65536)
            throw new HdlException(
                    SourceLoc.callerOf(SampleStage.class), "random sampling rate must be 1..65536, got " + rate);
        if (seed == 0) throw new HdlException(SourceLoc.callerOf(SampleStage.class), "LFSR seed must be nonzero");
    }

    private static Object[] nameParams(Keyed shape, int rate, int seed) {
        check(rate, seed);
        Object[] p = {
            K,
            shape.pc.getWidth(),
            I,
            shape.index.getWidth(),
            TG,
            shape.tag.getWidth(),
            R,
            rate,
            SEED,
            Integer.toHexString(seed),
            G,
            1
        };
        return java.util.Arrays.copyOf(p, shape instanceof Keyed.Gated ? p.length : p.length - 2);
    }
}
