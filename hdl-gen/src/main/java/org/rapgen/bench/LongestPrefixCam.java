package org.rapgen.bench;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.L;
import static org.rapgen.hdl.lib.NameKey.LS;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.P;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ValidIO;
import org.rapgen.hdl.Vec;
import org.rapgen.hdl.lib.PrefixSelector;
import org.rapgen.hdl.lib.Tcam;

/**
 * SPEC §5 stages 1 and 2 back to back, as the RAP engine will chain them: a {@link Tcam}, a register per slot holding
 * its prefix length, and a {@link PrefixSelector} (or, for the benchmark's baseline, a {@link FlatPrefixSelector}).
 * A search gives the slot of the longest matching entry. The lengths are read when a result enters the selector, so
 * a write must not overlap searches in flight (the engine stalls around table changes, SPEC §5).
 */
public final class LongestPrefixCam extends Module {
    /** Entry {@code index} gets value/mask/valid and prefix length {@code len}. */
    public static final class Write extends Bundle {
        public final UInt index;
        public final UInt value;
        public final UInt mask;
        public final Bool valid = Bool();
        public final UInt len;

        Write(int entries, int keyBits, int lenBits) {
            index = UInt(log2Up(entries));
            value = UInt(keyBits);
            mask = UInt(keyBits);
            len = UInt(lenBits);
        }
    }

    public static final class IO extends Bundle {
        public final ValidIO<Write> write;
        public final DecoupledIO<Tcam.Search> search;
        public final DecoupledIO<PrefixSelector.Out> out;

        IO(int entries, int keyBits, int lenBits, int payloadBits) {
            write = Flipped(Valid(new Write(entries, keyBits, lenBits)));
            search = Flipped(Decoupled(new Tcam.Search(keyBits, payloadBits)));
            out = Decoupled(new PrefixSelector.Out(entries, lenBits, payloadBits));
        }
    }

    public final IO io;

    /** @param levelsPerStage the tree selector's pipelining; 0 selects the flat baseline instead */
    public LongestPrefixCam(int entries, int keyBits, int lenBits, int payloadBits, int levelsPerStage) {
        super(N, entries, K, keyBits, L, lenBits, P, payloadBits, LS, levelsPerStage);
        io = IO(new IO(entries, keyBits, lenBits, payloadBits));
        Tcam tcam = Module(new Tcam(entries, keyBits, payloadBits));
        tcam.io.write.valid.connect(io.write.valid);
        tcam.io.write.bits.index.connect(io.write.bits.index);
        tcam.io.write.bits.value.connect(io.write.bits.value);
        tcam.io.write.bits.mask.connect(io.write.bits.mask);
        tcam.io.write.bits.valid.connect(io.write.bits.valid);
        tcam.io.search.biConnect(io.search);

        Vec<UInt> lens = Reg(Vec(entries, UInt(lenBits))).named("lens");
        when(io.write.valid, () -> lens.write(io.write.bits.index, io.write.bits.len));

        PrefixSelector.IO sel = levelsPerStage == 0
                ? Module(new FlatPrefixSelector(entries, lenBits, payloadBits)).io
                : Module(new PrefixSelector(entries, lenBits, payloadBits, levelsPerStage)).io;
        sel.in.valid.connect(tcam.io.result.valid);
        tcam.io.result.ready.connect(sel.in.ready);
        sel.in.bits.match.connect(tcam.io.result.bits.match);
        sel.in.bits.lens.connect(lens);
        sel.in.bits.payload.connect(tcam.io.result.bits.payload);
        io.out.biConnect(sel.out);
    }
}
