package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.HandshakeProperties.*;
import static org.rapgen.hdl.lib.NameKey.K;
import static org.rapgen.hdl.lib.NameKey.L;
import static org.rapgen.hdl.lib.NameKey.LS;
import static org.rapgen.hdl.lib.NameKey.N;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.ValidIO;
import org.rapgen.hdl.Vec;

/**
 * Proof harness for SPEC §5 stages 1 and 2 together: a {@link Tcam}, a length register per slot, and a
 * {@link PrefixSelector} on its results, with their own properties, and the end-to-end one: for any slot the checker
 * picks, if its entry matched a search at acceptance, that search's result is found with a length at least the
 * entry's; and if that slot wins, it matched with its own length. So the longest matching prefix wins, whatever slot
 * it occupies. The environment does not write the table while a search is in flight (the engine stalls around table
 * changes, SPEC §5), since the lengths are read as a result enters the selector.
 */
final class LongestMatchHarness extends Module {
    static final class IO extends Bundle {
        final ValidIO<Tcam.Write> write;
        final UInt writeLen;
        final DecoupledIO<Tcam.Search> search;
        final DecoupledIO<PrefixSelector.Out> out;

        IO(int entries, int keyBits, int lenBits) {
            write = Flipped(Valid(new Tcam.Write(entries, keyBits)));
            writeLen = Input(UInt(lenBits));
            search = Flipped(Decoupled(new Tcam.Search(keyBits, 1)));
            out = Decoupled(new PrefixSelector.Out(entries, lenBits, 1));
        }
    }

    final IO io;

    LongestMatchHarness(int entries, int keyBits, int lenBits, int levelsPerStage, Mutant mutant) {
        super(N, entries, K, keyBits, L, lenBits, LS, levelsPerStage);
        io = IO(new IO(entries, keyBits, lenBits));
        Tcam tcam = Module(new Tcam(entries, keyBits, 1));
        tcam.io.write.valid.connect(io.write.valid);
        tcam.io.write.bits.connect(io.write.bits);
        tcam.io.search.biConnect(io.search);
        Vec<UInt> lens = Reg(Vec(entries, UInt(lenBits))).named("lens");
        when(io.write.valid, () -> lens.write(io.write.bits.index, io.writeLen));

        PrefixSelector select = Module(new PrefixSelector(entries, lenBits, 1, levelsPerStage, mutant));
        select.io.in.valid.connect(tcam.io.result.valid);
        tcam.io.result.ready.connect(select.io.in.ready);
        select.io.in.bits.match.connect(tcam.io.result.bits.match);
        select.io.in.bits.lens.connect(lens);
        select.io.in.bits.payload.connect(tcam.io.result.bits.payload);
        io.out.biConnect(select.io.out);
        longestMatchWins(
                entries, keyBits, lenBits, Tcam.latency() + PrefixSelector.latency(entries, levelsPerStage), lens);
    }

    private void longestMatchWins(int entries, int keyBits, int lenBits, int latency, Vec<UInt> lens) {
        Formal.properties(() -> {
            Tcam.Write w = io.write.bits;
            int bits = log2Up(latency + 2) + 3;
            UInt searchPosition = position(io.search.fire(), bits).named("f_search_position");
            UInt outPosition = position(io.out.fire(), bits).named("f_out_position");
            Formal.Assume(
                    "no_write_while_searching",
                    io.write
                            .valid
                            .not()
                            .or(searchPosition
                                    .eq(outPosition)
                                    .and(io.search.fire().not())));

            UInt slot = anyconst(UInt(w.index.getWidth())).named("f_slot");
            Formal.Assume("slot_exists", slot.lt(entries));
            UInt value = Reg(UInt(keyBits)).named("f_slot_value");
            UInt mask = Reg(UInt(keyBits)).named("f_slot_mask");
            UInt len = Reg(UInt(lenBits)).named("f_slot_len");
            Bool valid = RegInit(B(false)).named("f_slot_valid");
            when(io.write.valid.and(w.index.eq(slot)), () -> {
                value.connect(w.value);
                mask.connect(w.mask);
                len.connect(io.writeLen);
                valid.connect(w.valid);
            });

            // A lemma on the length registers, so that no check replays the writes since reset.
            when(
                    valid,
                    () -> Formal.Assert("length_is_its_shadow", lens.read(slot).eq(len)));

            UInt trackedPosition = anyconst(UInt(bits)).named("f_tracked_position");
            Bool hit = Reg(Bool()).named("f_tracked_hit");
            Bool entered = RegInit(B(false)).named("f_tracked_entered");
            Tcam.Search s = io.search.bits;
            when(io.search.fire().and(searchPosition.eq(trackedPosition)), () -> {
                entered.connect(B(true));
                hit.connect(valid.and(s.key.or(mask).eq(value.or(mask))));
            });
            PrefixSelector.Out out = io.out.bits;
            when(io.out.valid.and(outPosition.eq(trackedPosition)).and(entered), () -> {
                when(hit, () -> Formal.Assert("matching_slot_found_and_not_longer", out.found.and(out.len.ge(len))));
                when(
                        out.found.and(out.slot.eq(slot)),
                        () -> Formal.Assert("winner_matched_with_its_length", hit.and(out.len.eq(len))));
            });
            Formal.Cover(
                    "longest_match_in_a_high_slot", io.out.valid.and(out.found).and(out.slot.eq(entries - 1)));
        });
    }
}
