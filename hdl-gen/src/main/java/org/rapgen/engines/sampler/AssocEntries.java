package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Mem;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * The k entries of {@link AssocStage}, in flip-flops so that every one is compared at once, and their keys again in
 * distributed RAM ({@code emittedKeys}, null for k = 1) for the one entry read out (a drain or an eviction): that
 * read then sits in a few LUT RAM cells instead of a k-way multiplexer across the compared entries' flip-flops.
 */
record AssocEntries(Vec<Bool> valid, Vec<UInt> pcs, Vec<UInt> ws, Vec<UInt> cnts, Mem<UInt> emittedKeys) {
    static AssocEntries create(int k, int keyBits, int countBits) {
        Vec<Bool> valid = RegInitAll(Vec(k, Bool()), 0).named("valid");
        Vec<UInt> pcs = Reg(Vec(k, UInt(keyBits))).named("pcs");
        Vec<UInt> ws = Reg(Vec(k, UInt(keyBits))).named("ws");
        Vec<UInt> cnts = Reg(Vec(k, UInt(countBits))).named("cnts");
        Mem<UInt> emittedKeys = k == 1 ? null : Mem(k, UInt(2 * keyBits)).named("emitted_keys");
        return new AssocEntries(valid, pcs, ws, cnts, emittedKeys);
    }

    int size() {
        return valid.size();
    }

    /** The entries holding (pc, w), one bit each (entry 0 in bit 0). */
    UInt matches(UInt pc, UInt w) {
        List<Bool> bits = new ArrayList<>();
        for (int i = 0; i < size(); i++)
            bits.add(valid.get(i).and(pcs.get(i).eq(pc)).and(ws.get(i).eq(w)));
        return WireDefault(UInt(bits.size()), CatLsbFirst(bits));
    }

    /** Entry {@code at}'s key {w, pc} from the flip-flops (the reference {@code emittedKeys} is checked against). */
    UInt key(UInt at) {
        return Cat(entry(ws, at), entry(pcs, at));
    }

    /** {@code v[at]}; a one-entry table has nothing to select (and a dynamic read would leave {@code at} unused). */
    static UInt entry(Vec<UInt> v, UInt at) {
        return at == null ? v.get(0) : v.read(at);
    }
}
