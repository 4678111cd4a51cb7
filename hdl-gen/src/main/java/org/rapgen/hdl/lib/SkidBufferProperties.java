package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.HandshakeProperties.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.UInt;

/**
 * The {@link SkidBuffer}'s contract as formal properties: every word comes out once, unchanged and in order; it holds
 * at most two; {@code enq.ready} is "the skid register is empty"; {@code deq} holds its word until taken.
 */
final class SkidBufferProperties {
    private SkidBufferProperties() {}

    static void check(SkidBuffer.IO io, Bool skidValid) {
        Formal.properties(() -> {
            int bits = 3;
            UInt enqPosition = position(io.enq.fire(), bits).named("f_enq_position");
            UInt deqPosition = position(io.deq.fire(), bits).named("f_deq_position");
            UInt held = enqPosition.sub(deqPosition).named("f_held");
            Formal.Assert("never_over_two", held.le(2));
            Formal.Assert("enq_ready_iff_skid_empty", io.enq.ready.eq(skidValid.not()));
            Formal.Assert("deq_valid_iff_a_word", io.deq.valid.eq(held.ne(0)));
            holdsUntilTaken("deq_holds_until_taken", io.deq);

            UInt trackedPosition = anyconst(UInt(bits)).named("f_tracked_position");
            UInt word = Reg(UInt(io.enq.bits.getWidth())).named("f_tracked_word");
            Bool entered = RegInit(B(false)).named("f_tracked_entered");
            when(io.deq.fire().and(deqPosition.eq(trackedPosition)), () -> {
                Formal.Assert("word_out_in_order", entered.and(io.deq.bits.eq(word)));
                entered.connect(B(false));
            });
            when(io.enq.fire().and(enqPosition.eq(trackedPosition)), () -> {
                word.connect(io.enq.bits);
                entered.connect(B(true));
            });
            Formal.Cover("skid_used", skidValid);
        });
    }
}
