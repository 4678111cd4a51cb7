package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.I;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.P;
import static org.rapgen.hdl.lib.NameKey.S;
import static org.rapgen.hdl.lib.NameKey.SEED;
import static org.rapgen.hdl.lib.NameKey.TG;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.Rom;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * The stratified sampler's hash (SPEC &sect;6, docs/golden-sampler.md "Hash"), bit-exact with
 * {@code org.rapgen.golden.sampler.SamplerHash}: {@code index = xorfold(flip(randomize(pc)) ^ randomize(w), indexBits)}
 * and {@code tag = xorfold(pc ^ w, tagBits)}. {@code randomize} maps each byte through one 256-entry permutation ROM
 * (K/8 parallel lookups per word, 2K/8 in all), generated here at elaboration from the 32-bit seed; {@code flip} is
 * wiring. One register stage: a tuple accepted on edge t is presented from edge t+1 with its payload. With two
 * stages the first registers the randomized bytes ({@code mixed}) and the second folds them, so no path runs from
 * the input through the ROM lookups and the fold in one clock; presented from edge t+2.
 *
 * <p>A zero {@code indexBits}, {@code tagBits} or {@code payloadBits} gives a 1-bit field that is always 0 (index,
 * tag) or passed through (payload), so the bundle keeps its shape.
 */
public final class HashUnit extends Module {
    public static final class Tuple extends Bundle {
        public final UInt pc;
        public final UInt w;
        public final UInt payload;

        public Tuple(int keyBits, int payloadBits) {
            pc = UInt(keyBits);
            w = UInt(keyBits);
            payload = UInt(Math.max(payloadBits, 1));
        }
    }

    public static final class Hashed extends Bundle {
        public final UInt pc;
        public final UInt w;
        public final UInt payload;
        public final UInt index;
        public final UInt tag;

        public Hashed(int keyBits, int indexBits, int tagBits, int payloadBits) {
            pc = UInt(keyBits);
            w = UInt(keyBits);
            payload = UInt(Math.max(payloadBits, 1));
            index = UInt(Math.max(indexBits, 1));
            tag = UInt(Math.max(tagBits, 1));
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<Tuple> in;
        public final DecoupledIO<Hashed> out;

        IO(int keyBits, int indexBits, int tagBits, int payloadBits) {
            in = Flipped(Decoupled(new Tuple(keyBits, payloadBits)));
            out = Decoupled(new Hashed(keyBits, indexBits, tagBits, payloadBits));
        }
    }

    public final IO io;
    private final Rom perm;

    /** @param seed the table seed as an unsigned 32-bit value, nonzero (SamplerHash's int seed via Integer.toUnsignedLong) */
    public HashUnit(int keyBits, int indexBits, int tagBits, long seed, int payloadBits) {
        this(keyBits, indexBits, tagBits, seed, payloadBits, 1);
    }

    /** @param stages register stages, 1 or 2 (2: the randomized bytes are registered before the fold) */
    public HashUnit(int keyBits, int indexBits, int tagBits, long seed, int payloadBits, int stages) {
        super(nameParams(keyBits, indexBits, tagBits, seed, payloadBits, stages));
        SourceLoc loc = SourceLoc.callerOf(HashUnit.class);
        if (stages < 1 || stages > 2) throw new HdlException(loc, "HashUnit stages must be 1 or 2, got " + stages);
        if (keyBits < 8 || keyBits > 64 || keyBits % 8 != 0)
            throw new HdlException(loc, "HashUnit key bits must be a multiple of 8 in 8..64, got " + keyBits);
        if (indexBits < 0 || indexBits > 64)
            throw new HdlException(loc, "HashUnit index bits must be in 0..64, got " + indexBits);
        if (tagBits < 0 || tagBits > 64)
            throw new HdlException(loc, "HashUnit tag bits must be in 0..64, got " + tagBits);
        if (payloadBits < 0) throw new HdlException(loc, "HashUnit payload bits must be >= 0, got " + payloadBits);
        if (seed <= 0 || seed > 0xFFFFFFFFL)
            throw new HdlException(loc, "HashUnit seed must be a nonzero unsigned 32-bit value, got " + seed);
        io = IO(new IO(keyBits, indexBits, tagBits, payloadBits));
        perm = Rom(8, permutation(seed));

        Tuple t = io.in.bits;
        UInt mixed = Cat(bytes(t.pc)).xor(CatLsbFirst(bytes(t.w))).named("mixed");

        Bool valid = RegInit(B(false)).named("out_valid");
        Hashed held = Reg(new Hashed(keyBits, indexBits, tagBits, payloadBits)).named("held");
        // The last stage loads whenever it is free or being emptied.
        Bool heldLoads = valid.not().or(io.out.ready).named("held_loads");
        Bool loaded;
        Tuple from;
        UInt fromMixed;
        if (stages == 1) {
            io.in.ready.connect(heldLoads);
            loaded = io.in.fire();
            from = t;
            fromMixed = mixed;
        } else {
            Bool mixValid = RegInit(B(false)).named("mix_valid");
            Tuple mixTuple = Reg(new Tuple(keyBits, payloadBits)).named("mix_tuple");
            UInt mixMixed = Reg(UInt(mixed.getWidth())).named("mix_mixed");
            loaded = mixValid.and(heldLoads).named("mix_moves");
            io.in.ready.connect(mixValid.not().or(loaded));
            when(io.in.fire(), () -> {
                mixTuple.connect(t);
                mixMixed.connect(mixed);
            });
            mixValid.connect(io.in.fire().or(mixValid.and(loaded.not())));
            from = mixTuple;
            fromMixed = mixMixed;
        }
        when(loaded, () -> {
            held.pc.connect(from.pc);
            held.w.connect(from.w);
            held.payload.connect(from.payload);
            held.index.connect(xorfold(fromMixed, indexBits));
            held.tag.connect(xorfold(from.pc.xor(from.w), tagBits));
        });
        valid.connect(loaded.or(valid.and(io.out.ready.not())));
        io.out.valid.connect(valid);
        io.out.bits.connect(held);
    }

    /** The module name's parameters; {@code _s2} only with two stages, so one-stage names are as before. */
    private static Object[] nameParams(
            int keyBits, int indexBits, int tagBits, long seed, int payloadBits, int stages) {
        Object[] p = {K, keyBits, I, indexBits, TG, tagBits, SEED, Long.toHexString(seed), P, payloadBits, S, stages};
        return java.util.Arrays.copyOf(p, stages == 2 ? p.length : p.length - 2);
    }

    /**
     * The randomized bytes of {@code x}, byte 0 first. In a Cat (first = most significant) that order is
     * flip(randomize(x)); lsb-first ({@code CatLsbFirst}), it is randomize(x).
     */
    private List<UInt> bytes(UInt x) {
        List<UInt> out = new ArrayList<>();
        for (int lo = 0; lo < x.getWidth(); lo += 8) out.add(perm.read(x.bits(lo + 7, lo)));
        return out;
    }

    /**
     * XOR of the {@code b}-bit chunks of {@code x} from bit 0 up, the last one zero-extended; {@code x} itself when
     * b covers it, and a 1-bit 0 for b = 0.
     */
    public static UInt xorfold(UInt x, int b) {
        int w = x.getWidth();
        if (b == 0) return U(0, 1);
        if (b >= w) return x.pad(b);
        UInt acc = x.bits(b - 1, 0);
        for (int lo = b; lo < w; lo += b) acc = acc.xor(x.bits(Math.min(lo + b, w) - 1, lo));
        return acc;
    }

    /**
     * The byte permutation: the identity shuffled by Fisher&ndash;Yates from index 255 down to 1, each swap partner
     * {@code x mod (i + 1)} for the next state x of the xorshift32 generator (shifts 13, 17, 5) started at the seed.
     */
    static long[] permutation(long seed) {
        long[] t = new long[256];
        for (int i = 0; i < 256; i++) t[i] = i;
        long x = seed;
        for (int i = 255; i > 0; i--) {
            x = (x ^ (x << 13)) & 0xFFFFFFFFL;
            x ^= x >>> 17;
            x = (x ^ (x << 5)) & 0xFFFFFFFFL;
            int j = (int) (x % (i + 1));
            long swap = t[i];
            t[i] = t[j];
            t[j] = swap;
        }
        return t;
    }
}
