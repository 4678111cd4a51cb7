package org.rapgen.bench;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.N;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * Baseline for the RAP engine's match stages in docs/performance.md: {@code n} register entries (value, mask where a
 * 1 means "don't care", prefix length, valid), one written per clock, a key compared against every entry as
 * {@code (key | mask) == (value | mask)}, and the longest matching prefix chosen by the obvious flat priority loop (a
 * chain of n compare-and-select steps; among equally long matches the lowest slot wins), registered. It does the job
 * of a TCAM plus a longest-prefix arbiter, written the naive way.
 */
public final class NaiveTcam extends Module {
    public static final class IO extends Bundle {
        public final Bool wr_en = Input(Bool());
        public final UInt wr_index;
        public final UInt wr_value;
        public final UInt wr_mask;
        public final UInt wr_len;
        public final UInt key;
        public final Bool hit = Bool();
        public final UInt index;
        public final UInt len;

        IO(int n, int keyBits) {
            wr_index = Input(UInt(log2Up(n)));
            wr_value = Input(UInt(keyBits));
            wr_mask = Input(UInt(keyBits));
            wr_len = Input(UInt(log2Up(keyBits + 1)));
            key = Input(UInt(keyBits));
            index = UInt(log2Up(n));
            len = UInt(log2Up(keyBits + 1));
        }
    }

    public final IO io;

    public NaiveTcam(int n, int keyBits) {
        super(N, n, K, keyBits);
        io = IO(new IO(n, keyBits));
        int lenBits = log2Up(keyBits + 1);
        int indexBits = log2Up(n);
        Vec<UInt> value = Reg(Vec(n, UInt(keyBits))).named("value");
        Vec<UInt> mask = Reg(Vec(n, UInt(keyBits))).named("mask");
        Vec<UInt> len = Reg(Vec(n, UInt(lenBits))).named("len");
        Vec<Bool> valid = RegInitAll(Vec(n, Bool()), 0).named("valid");
        when(io.wr_en, () -> {
            value.write(io.wr_index, io.wr_value);
            mask.write(io.wr_index, io.wr_mask);
            len.write(io.wr_index, io.wr_len);
            valid.write(io.wr_index, B(true));
        });

        // The flat loop: entry i replaces the best so far when it matches with a longer prefix.
        Bool found = B(false);
        UInt bestLen = U(0, lenBits);
        UInt bestIndex = U(0, indexBits);
        for (int i = 0; i < n; i++) {
            Bool match = valid.get(i).and(io.key.or(mask.get(i)).eq(value.get(i).or(mask.get(i))));
            Bool take = match.and(found.not().or(len.get(i).gt(bestLen)));
            found = found.or(match);
            bestLen = Mux(take, len.get(i), bestLen);
            bestIndex = Mux(take, U(i, indexBits), bestIndex);
        }
        io.hit.connect(RegNext(found));
        io.index.connect(RegNext(bestIndex));
        io.len.connect(RegNext(bestLen));
    }
}
