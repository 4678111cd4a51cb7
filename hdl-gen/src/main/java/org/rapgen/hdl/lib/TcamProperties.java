package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.HandshakeProperties.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * The {@link Tcam}'s contract as formal properties, on one entry the checker picks: a shadow of that entry, written
 * by the same writes (reset clears its valid bit), decides at acceptance whether a search's key matches it
 * ({@code (key | mask) == (value | mask)}); the result's match bit for the entry is that decision, with the key and
 * payload of the search, so a result is the table as it was at acceptance.
 */
final class TcamProperties {
    private TcamProperties() {}

    /** {@code value}, {@code mask} and {@code valid} are the table itself, for the lemma that keeps the checks local. */
    static void check(Tcam.IO io, int entries, Vec<UInt> tableValue, Vec<UInt> tableMask, Vec<Bool> tableValid) {
        Formal.properties(() -> {
            Tcam.Write w = io.write.bits;
            Tcam.Search search = io.search.bits;
            int keyBits = search.key.getWidth();
            UInt slot = anyconst(UInt(w.index.getWidth())).named("f_slot");
            Formal.Assume("slot_exists", slot.lt(entries));
            UInt value = Reg(UInt(keyBits)).named("f_slot_value");
            UInt mask = Reg(UInt(keyBits)).named("f_slot_mask");
            Bool valid = RegInit(B(false)).named("f_slot_valid");
            when(io.write.fire().and(w.index.eq(slot)), () -> {
                value.connect(w.value);
                mask.connect(w.mask);
                valid.connect(w.valid);
            });
            Formal.Assert("entry_valid_bit", io.entryValid.bit(slot).eq(valid));
            // A lemma on the table's registers: without it each check would replay every write since reset.
            when(
                    valid,
                    () -> Formal.Assert(
                            "entry_is_its_shadow",
                            tableValue
                                    .read(slot)
                                    .eq(value)
                                    .and(tableMask.read(slot).eq(mask))
                                    .and(CatLsbFirst(tableValid.elements()).bit(slot))));

            Bool hit = valid.and(search.key.or(mask).eq(value.or(mask)));
            Bool expectedHit = Reg(Bool()).named("f_expected_hit");
            UInt key = Reg(UInt(keyBits)).named("f_expected_key");
            UInt payload = Reg(UInt(search.payload.getWidth())).named("f_expected_payload");
            when(io.search.fire(), () -> {
                expectedHit.connect(hit);
                key.connect(search.key);
                payload.connect(search.payload);
            });
            when(io.result.valid, () -> {
                Formal.Assert(
                        "match_bit_at_acceptance",
                        io.result.bits.match.bit(slot).eq(expectedHit));
                Formal.Assert(
                        "result_of_the_search", io.result.bits.key.eq(key).and(io.result.bits.payload.eq(payload)));
            });
            Formal.Assert(
                    "search_ready_iff_result_free",
                    io.search.ready.eq(io.result.valid.not().or(io.result.ready)));
            holdsUntilTaken("result_holds_until_taken", io.result);
            Formal.Cover("masked_hit", io.result.valid.and(expectedHit).and(mask.orR()));
        });
    }
}
