package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.UInt;

/**
 * A value hotlist's path through the engine: the input queue's head, the hash unit for the row index of the pc alone
 * ({@code index(pc, 0)}, as the golden model; w rides in the payload), then the {@link HotlistStage}.
 */
final class HotlistPath {
    private HotlistPath() {}

    /** Builds the hash unit and the hotlist in the caller's module; the head is {skip?, last, w, pc}. */
    static HotlistStage build(SamplerParams p, DecoupledIO<UInt> tuples, UInt head) {
        int k = p.keyBits();
        int rowBits = p.indexBits();
        Keyed shape = p.hasGates() ? new Keyed.Gated(k, rowBits, 1) : new Keyed(k, rowBits, 1);
        HotlistStage h =
                Module(new HotlistStage(shape, p.spec().values, p.spec().strata, p.counterBits(), p.lfsrSeed()));
        // the payload: w, then last, and behind gates skip above it
        int payloadBits = k + (p.hasGates() ? 2 : 1);
        HashUnit hash = Module(new HashUnit(k, rowBits, 0, p.hashSeed() & 0xffffffffL, payloadBits, p.hashStages()));
        hash.io.in.valid.connect(tuples.valid);
        tuples.ready.connect(hash.io.in.ready);
        hash.io.in.bits.pc.connect(head.bits(k - 1, 0));
        hash.io.in.bits.w.connect(U(0, k));
        hash.io.in.bits.payload.connect(head.bits(2 * k + payloadBits - k - 1, k));
        DecoupledIO<Keyed> in = h.io.in;
        in.valid.connect(hash.io.out.valid);
        hash.io.out.ready.connect(in.ready);
        UInt payload = hash.io.out.bits.payload;
        in.bits.pc.connect(hash.io.out.bits.pc);
        in.bits.w.connect(payload.bits(k - 1, 0));
        in.bits.last.connect(payload.bit(k));
        if (in.bits instanceof Keyed.Gated g) g.skip.connect(payload.bit(k + 1));
        in.bits.index.connect(hash.io.out.bits.index);
        in.bits.tag.connect(U(0, 1));
        in.bits.sample.connect(B(false));
        return h;
    }

    /** The message's count field on the stream: the level in the top byte, the count below. */
    static UInt countField(SamplerParams p, HotlistStage.Message m) {
        int countBytes = SamplerEngine.countBytes(p) - 1;
        return Cat(m.level.pad(8), m.count.pad(8 * countBytes));
    }
}
