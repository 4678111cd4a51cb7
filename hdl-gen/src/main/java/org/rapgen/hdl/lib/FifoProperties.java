package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.HandshakeProperties.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.UInt;

/**
 * The {@link Fifo}'s interface contract as formal properties: every word comes out once, unchanged and in order;
 * {@code count} is the words held; {@code enq.ready} is "not full"; {@code deq} holds its word until taken and
 * presents the oldest word held within {@code latency - 1} cycles of it becoming the oldest.
 */
final class FifoProperties {
    private FifoProperties() {}

    static void check(Fifo.IO io, int depth, int latency) {
        Formal.properties(() -> {
            // Stream positions modulo a power of two above the words the FIFO can hold, which tells them apart.
            int bits = log2Up(depth + 1) + 1;
            UInt enqPosition = position(io.enq.fire(), bits).named("f_enq_position");
            UInt deqPosition = position(io.deq.fire(), bits).named("f_deq_position");
            UInt held = enqPosition.sub(deqPosition).named("f_held");
            Formal.Assert("count_is_words_held", io.count.pad(bits).eq(held));
            Formal.Assert("never_over_depth", io.count.le(depth));
            Formal.Assert("enq_ready_iff_not_full", io.enq.ready.eq(io.count.ne(depth)));
            Formal.Assert("deq_valid_only_with_a_word", io.deq.valid.not().or(io.count.ne(0)));
            holdsUntilTaken("deq_holds_until_taken", io.deq);

            // One word, at a position the checker picks: what comes out at that position is what went in there.
            UInt trackedPosition = anyconst(UInt(bits)).named("f_tracked_position");
            UInt word = Reg(UInt(io.enq.bits.getWidth())).named("f_tracked_word");
            Bool entered = RegInit(B(false)).named("f_tracked_entered");
            when(io.deq.fire().and(deqPosition.eq(trackedPosition)), () -> {
                Formal.Assert("word_out_in_order", entered.and(io.deq.bits.eq(word)));
                // Positions wrap around: the next word at this position is tracked afresh.
                entered.connect(B(false));
            });
            when(io.enq.fire().and(enqPosition.eq(trackedPosition)), () -> {
                word.connect(io.enq.bits);
                entered.connect(B(true));
            });
            // The tracked word, once the oldest held, is on deq within latency - 1 cycles.
            Bool oldest = entered.and(deqPosition.eq(trackedPosition)).named("f_tracked_oldest");
            when(
                    oldest.and(cyclesHeld(oldest, latency).ge(latency - 1)),
                    () -> Formal.Assert("deq_valid_within_latency", io.deq.valid));
            Formal.Cover("fills_up", io.count.eq(depth));
        });
    }
}
