package org.rapgen.bench;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.L;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.P;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.PrefixSelector;

/**
 * Baseline for the CAM benchmark: the same ports and answers as {@link PrefixSelector} with one register stage, written
 * as the obvious loop over the slots ("if this slot matches and is longer than the best so far, take it"), which
 * becomes a chain of N compare-and-select steps.
 */
public final class FlatPrefixSelector extends Module {
    public final PrefixSelector.IO io;

    public FlatPrefixSelector(int entries, int lenBits, int payloadBits) {
        super(N, entries, L, lenBits, P, payloadBits);
        io = IO(PrefixSelector.ioType(entries, lenBits, payloadBits));
        int slotBits = log2Up(entries);
        Bool found = B(false);
        UInt len = U(0, lenBits);
        UInt slot = U(0, slotBits);
        for (int i = 0; i < entries; i++) {
            UInt li = io.in.bits.lens.get(i);
            Bool better = io.in.bits.match.bit(i).and(found.not().or(li.gt(len)));
            len = Mux(better, li, len);
            slot = Mux(better, U(i, slotBits), slot);
            found = found.or(io.in.bits.match.bit(i));
        }

        Bool valid = RegInit(B(false)).named("out_valid");
        PrefixSelector.Out out =
                Reg(new PrefixSelector.Out(entries, lenBits, payloadBits)).named("out");
        Bool advance = valid.not().or(io.out.ready).named("advance");
        Bool foundNow = found;
        UInt lenNow = len;
        UInt slotNow = slot;
        when(advance, () -> {
            valid.connect(io.in.valid);
            out.found.connect(foundNow);
            out.len.connect(lenNow);
            out.slot.connect(slotNow);
            out.payload.connect(io.in.bits.payload);
        });
        io.in.ready.connect(advance);
        io.out.valid.connect(valid);
        io.out.bits.connect(out);
    }
}
