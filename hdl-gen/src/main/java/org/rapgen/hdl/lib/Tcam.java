package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.P;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * Register-based ternary CAM (SPEC §5 stage 1). Entry i matches a key when it is valid and
 * {@code (key | mask[i]) == (value[i] | mask[i])}: a mask bit of 1 is "don't care".
 *
 * <p>{@code search} goes through one register stage to {@code result}, which carries the key, the payload and the
 * match vector (bit i = entry i). The match vector is computed when the search is accepted and held in that register,
 * so {@code result} is the table as it was at acceptance: a {@code write} on the same clock edge is not seen, and
 * later writes never change a result already taken. {@code search.ready = !result.valid || result.ready}: one
 * search per clock while the consumer accepts.
 *
 * <p>The table lives in flip-flops because every entry is compared every cycle. Reset clears only the valid bits;
 * values and masks are datapath state and stay reset-free.
 */
public final class Tcam extends Module {
    /** Entry {@code index} gets {@code value}, {@code mask} and {@code valid} on the clock edge. */
    public static final class Write extends Bundle {
        public final UInt index;
        public final UInt value;
        public final UInt mask;
        public final Bool valid = Bool();

        public Write(int entries, int keyBits) {
            index = UInt(log2Up(entries));
            value = UInt(keyBits);
            mask = UInt(keyBits);
        }
    }

    public static final class Search extends Bundle {
        public final UInt key;
        public final UInt payload;

        public Search(int keyBits, int payloadBits) {
            key = UInt(keyBits);
            payload = UInt(payloadBits);
        }
    }

    public static final class Result extends Bundle {
        public final UInt key;
        public final UInt payload;
        /** Bit i: entry i matched. */
        public final UInt match;

        public Result(int entries, int keyBits, int payloadBits) {
            key = UInt(keyBits);
            payload = UInt(payloadBits);
            match = UInt(entries);
        }
    }

    public static final class IO extends Bundle {
        /** A table write. The register Tcam always takes it ({@code ready = 1}); {@link BramTcam} is busy while it sweeps. */
        public final DecoupledIO<Write> write;

        public final DecoupledIO<Search> search;
        public final DecoupledIO<Result> result;
        /** The valid bit of every entry (bit i = entry i), e.g. for finding a free slot. */
        public final UInt entryValid;

        IO(int entries, int keyBits, int payloadBits) {
            write = Flipped(Decoupled(new Write(entries, keyBits)));
            search = Flipped(Decoupled(new Search(keyBits, payloadBits)));
            result = Decoupled(new Result(entries, keyBits, payloadBits));
            entryValid = Output(UInt(entries));
        }
    }

    public final IO io;

    /** Clocks from a search's acceptance to its result on {@code result} (with the consumer ready). */
    public static int latency() {
        return 1;
    }

    public Tcam(int entries, int keyBits, int payloadBits) {
        super(N, entries, K, keyBits, P, payloadBits);
        ParamCheck.range(Tcam.class, "entries", entries, 2, 4096);
        ParamCheck.range(Tcam.class, "keyBits", keyBits, 1, 128);
        ParamCheck.range(Tcam.class, "payloadBits", payloadBits, 1, 4096);
        io = IO(new IO(entries, keyBits, payloadBits));

        Vec<UInt> value = Reg(Vec(entries, UInt(keyBits))).named("value");
        Vec<UInt> mask = Reg(Vec(entries, UInt(keyBits))).named("mask");
        Vec<Bool> valid = RegInitAll(Vec(entries, Bool()), 0).named("valid");

        // One decoder shared by the three fields; an index >= entries (non-power-of-two sizes) writes nothing.
        Write w = io.write.bits;
        io.write.ready.connect(B(true));
        for (int i = 0; i < entries; i++) {
            int e = i;
            when(io.write.valid.and(w.index.eq(U(i, w.index.getWidth()))), () -> {
                value.get(e).connect(w.value);
                mask.get(e).connect(w.mask);
                valid.get(e).connect(w.valid);
            });
        }

        UInt key = io.search.bits.key;
        List<Bool> hits = new ArrayList<>();
        for (int i = 0; i < entries; i++) {
            hits.add(valid.get(i).and(key.or(mask.get(i)).eq(value.get(i).or(mask.get(i)))));
        }

        Bool outValid = RegInit(B(false)).named("out_valid");
        Result out = Reg(new Result(entries, keyBits, payloadBits)).named("out");
        Bool accept = io.search.fire().named("accept");
        io.search.ready.connect(outValid.not().or(io.result.ready));
        when(io.search.ready, () -> outValid.connect(io.search.valid));
        when(accept, () -> {
            out.key.connect(key);
            out.payload.connect(io.search.bits.payload);
            out.match.connect(CatLsbFirst(hits));
        });
        io.result.valid.connect(outValid);
        io.result.bits.connect(out);
        io.entryValid.connect(CatLsbFirst(valid.elements()));
        TcamProperties.check(io, entries, value, mask, valid);
    }
}
