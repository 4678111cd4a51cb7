package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.GateSpec;
import org.rapgen.golden.sampler.PhaseGate;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.Rom;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * The gates in front of a sampler composition (docs/gates.md), bit-exact with the golden models' {@code BurstGate}
 * and {@code PcFilter}: each tuple from the input queue is judged by every gate in spec order, a gate seeing only the
 * tuples the gates before it passed. A passed tuple goes on; a held-back tuple is dropped here, unless it ends a frame:
 * then it goes on with {@code skip} set, so the frame's end still reaches A_k, and the stages behind change nothing
 * for it (no counter, no LFSR step, no message). One register stage, as the hash unit's first: a tuple accepted on
 * edge t is presented from edge t+1, or dropped there.
 */
public final class GateStage extends Module {
    /** A judged tuple. */
    public static final class Gated extends Bundle {
        public final UInt pc;
        public final UInt w;
        public final Bool last = Bool();
        /** Held back by a gate: only its {@code last} counts. */
        public final Bool skip = Bool();

        public Gated(int keyBits) {
            pc = UInt(keyBits);
            w = UInt(keyBits);
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<HashUnit.Tuple> in;
        public final DecoupledIO<Gated> out;
        /** The stage holds a tuple (going on, or held back and gone at the next edge), or a phase gate is deciding. */
        public final Bool holding = Output(Bool());

        IO(int keyBits) {
            in = Flipped(Decoupled(new HashUnit.Tuple(keyBits, 1)));
            out = Decoupled(new Gated(keyBits));
        }
    }

    public final IO io;

    /**
     * @param seed the hash table seed (unsigned 32 bits), for the filters' and the phase gate's randomize
     * @param lfsrSeed the sampler's LFSR seed; a phase gate's LFSR starts from {@code PhaseGate.gateSeed} of it
     */
    public GateStage(int keyBits, List<GateSpec> gates, long seed, int lfsrSeed) {
        super(K, keyBits, G, tag(gates), SEED, Long.toHexString(seed));
        SourceLoc loc = SourceLoc.callerOf(GateStage.class);
        if (gates.isEmpty()) throw new HdlException(loc, "GateStage needs at least one gate");
        if (gates.stream().filter(g -> g.kind() == 'H').count() > 1)
            throw new HdlException(loc, "at most one phase gate PH[...] in a spec");
        for (GateSpec g : gates) {
            if (g.highestBit() >= keyBits)
                throw new HdlException(
                        loc, "filter mask " + Long.toHexString(g.first()) + " is wider than K = " + keyBits);
        }
        io = IO(new IO(keyBits));
        HashUnit.Tuple t = io.in.bits;
        // The stage holds the last tuple taken and whether it goes on (keep): its enable is only the handshake, and the
        // gates' verdict is data, so no compare reaches the enables of the stage or of the hash unit behind it.
        Bool valid = RegInit(B(false)).named("out_valid");
        Bool keep = Reg(Bool()).named("keep");
        Gated held = Reg(new Gated(keyBits)).named("held");
        // a phase gate classifying an interval takes no tuple (null without one)
        Bool phaseBusy =
                gates.stream().anyMatch(g -> g.kind() == 'H') ? Wire(Bool()).named("phase_busy") : null;
        Bool free = valid.not().or(keep.not()).or(io.out.ready);
        io.in.ready.connect(phaseBusy == null ? free : free.and(phaseBusy.not()));
        Bool enter = io.in.fire().named("enter");

        UInt randomized = null;
        if (gates.stream()
                .anyMatch(g -> g.kind() == 'F' || (g.kind() == 'H' && g.phase().buckets() > 1))) {
            Rom perm = Rom(8, HashUnit.permutation(seed));
            List<UInt> hashed = new ArrayList<>();
            for (int lo = 0; lo < keyBits; lo += 8) hashed.add(perm.read(t.pc.bits(lo + 7, lo)));
            randomized = CatLsbFirst(hashed).named("pc_randomized");
        }

        Bool reached = B(true); // the tuple passed every gate before this one
        for (int i = 0; i < gates.size(); i++) {
            GateSpec g = gates.get(i);
            Bool passes;
            if (g.kind() == 'F') {
                passes = randomized.and(word(g.first(), keyBits)).eq(word(g.second(), keyBits));
            } else if (g.kind() == 'H') {
                int bucketBits = Integer.numberOfTrailingZeros(g.phase().buckets());
                UInt bucket = bucketBits == 0
                        ? U(0, 1) // one bucket: every tuple counts in it
                        : HashUnit.xorfold(randomized, bucketBits).named("phase_bucket");
                PhaseUnit unit = new PhaseUnit(g.phase(), enter.and(reached), bucket, PhaseGate.gateSeed(lfsrSeed));
                phaseBusy.connect(unit.busy);
                passes = unit.sampling;
            } else if (g.second() == g.first()) {
                passes = B(true); // B[s,s] passes everything
            } else {
                // the position among the tuples that reach this gate, 0..s-1; the first b pass
                UInt position = RegInit(U(0, log2Up(g.first()))).named("burst" + i + "_position");
                passes = position.lt(U(g.second(), position.getWidth()));
                Bool steps = enter.and(reached);
                when(
                        steps,
                        () -> position.connect(
                                Mux(position.eq(g.first() - 1), U(0, position.getWidth()), position.add(1))));
            }
            reached = reached.and(passes.named("gate" + i + "_passes"));
        }
        Bool pass = reached.named("pass");
        when(enter, () -> {
            held.pc.connect(t.pc);
            held.w.connect(t.w);
            held.last.connect(t.payload.bit(0));
            held.skip.connect(pass.not());
            keep.connect(pass.or(t.payload.bit(0)));
        });
        io.holding.connect(phaseBusy == null ? valid : valid.or(phaseBusy));
        // a tuple not kept is gone on the next edge, whether or not another is taken
        valid.connect(enter.or(valid.and(keep).and(io.out.ready.not())));
        io.out.valid.connect(valid.and(keep));
        io.out.bits.connect(held);
    }

    /** A K-bit constant from a 64-bit pattern (bit 63 may be set). */
    private static UInt word(long v, int keyBits) {
        return U(new java.math.BigInteger(Long.toUnsignedString(v)), keyBits);
    }

    /**
     * The gates in the grammar's letters: {@code b100l10} for B[100,10], {@code ff0m3} for F[0xf0,0x3],
     * {@code ph10000b32t10s32p20k3} for the phase gate's defaults.
     */
    public static String tag(List<GateSpec> gates) {
        StringBuilder b = new StringBuilder();
        for (GateSpec g : gates) {
            if (g.kind() == 'B') b.append('b').append(g.first()).append('l').append(g.second());
            else if (g.kind() == 'H') {
                var p = g.phase();
                b.append("ph")
                        .append(p.len())
                        .append('b')
                        .append(p.buckets())
                        .append('t')
                        .append(p.threshold())
                        .append('s')
                        .append(p.signatures())
                        .append('p')
                        .append(p.phases())
                        .append('k')
                        .append(p.pick());
            } else b.append('f').append(Long.toHexString(g.first())).append('m').append(Long.toHexString(g.second()));
        }
        return b.toString();
    }
}
