package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.HandshakeProperties.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.UInt;

/**
 * The {@link PrefixSelector}'s contract as formal properties, on one request the checker picks by its position in the
 * stream and one slot it picks: the result comes out at the same position; {@code found} says some slot matched; if
 * the slot wins, it matched and its length is {@code len}; if it matched, it is not longer, and if as long, not lower
 * than the winner (ties to the lowest slot); no match gives slot 0 and length 0. Since the slot is any slot, whichever
 * holds the longest match wins.
 */
final class PrefixSelectorProperties {
    private PrefixSelectorProperties() {}

    static void check(PrefixSelector.IO io, int entries, int latency) {
        Formal.properties(() -> {
            PrefixSelector.In in = io.in.bits;
            PrefixSelector.Out out = io.out.bits;
            int bits = log2Up(latency + 2) + 3;
            UInt inPosition = position(io.in.fire(), bits).named("f_in_position");
            UInt outPosition = position(io.out.fire(), bits).named("f_out_position");
            Formal.Assert("holds_at_most_latency", inPosition.sub(outPosition).le(latency));
            holdsUntilTaken("out_holds_until_taken", io.out);

            UInt trackedPosition = anyconst(UInt(bits)).named("f_tracked_position");
            // One slot, which the checker picks: the request's length there is all the properties need of it.
            UInt slot = anyconst(UInt(out.slot.getWidth())).named("f_slot");
            Formal.Assume("slot_exists", slot.lt(entries));
            Bool entered = RegInit(B(false)).named("f_tracked_entered");
            UInt match = Reg(UInt(entries)).named("f_tracked_match");
            UInt len = Reg(UInt(out.len.getWidth())).named("f_tracked_slot_len");
            UInt payload = Reg(UInt(in.payload.getWidth())).named("f_tracked_payload");
            when(io.in.fire().and(inPosition.eq(trackedPosition)), () -> {
                entered.connect(B(true));
                match.connect(in.match);
                len.connect(in.lens.read(slot));
                payload.connect(in.payload);
            });
            Bool matched = match.bit(slot);
            when(io.out.valid.and(outPosition.eq(trackedPosition)), () -> {
                Formal.Assert("result_of_a_request", entered.and(out.payload.eq(payload)));
                Formal.Assert("found_iff_a_slot_matched", out.found.eq(match.orR()));
                when(
                        out.found.not(),
                        () -> Formal.Assert(
                                "no_match_gives_zero", out.slot.eq(0).and(out.len.eq(0))));
                when(
                        out.found.and(out.slot.eq(slot)),
                        () -> Formal.Assert("winner_matched_with_its_length", matched.and(len.eq(out.len))));
                when(matched, () -> {
                    Formal.Assert("matching_slot_not_longer", len.le(out.len));
                    Formal.Assert("tie_to_lowest_slot", len.ne(out.len).or(out.slot.le(slot)));
                });
            });
            Formal.Cover(
                    "longest_is_not_first_match",
                    io.out
                            .valid
                            .and(outPosition.eq(trackedPosition))
                            .and(match.bit(0))
                            .and(out.slot.ne(0)));
        });
    }
}
