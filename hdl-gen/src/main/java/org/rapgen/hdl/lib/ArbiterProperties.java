package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Formal.*;
import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Formal;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * The {@link Arbiter}'s contract as formal properties: the grant ({@code in[i].ready}) is one-hot or zero, goes only
 * to a requester, and to the lowest-indexed one, exactly when the output is taken; {@code out} carries the granted
 * input's word and index.
 */
final class ArbiterProperties {
    private ArbiterProperties() {}

    static void check(Arbiter.IO io) {
        Formal.properties(() -> {
            int n = io.in.size();
            List<Bool> grants = new ArrayList<>();
            List<Bool> requests = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                grants.add(io.in.get(i).ready);
                requests.add(io.in.get(i).valid);
            }
            UInt grant = CatLsbFirst(grants).named("f_grant");
            UInt request = CatLsbFirst(requests).named("f_request");
            Bool anyRequest = request.orR();
            Formal.Assert("grant_one_hot", grant.and(grant.sub(1)).eq(0));
            Formal.Assert("grant_only_to_requesters", grant.and(request.not()).eq(0));
            Formal.Assert("grant_iff_taken", grant.orR().eq(io.out.ready.and(anyRequest)));
            Formal.Assert("out_valid_iff_request", io.out.valid.eq(anyRequest));
            // Fixed priority, for an input the checker picks: it wins when no lower input requests, and then always.
            UInt fInput = anyconst(UInt(log2Up(n))).named("f_input");
            Formal.Assume("input_exists", fInput.lt(n));
            UInt inputBit = U(1, n).shl(fInput).bits(n - 1, 0).named("f_input_bit");
            Bool inputWins = request.and(inputBit)
                    .orR()
                    .and(request.and(inputBit.sub(1)).eq(0))
                    .named("f_input_wins");
            Formal.Assert("priority_lowest_index", grant.and(inputBit).orR().eq(inputWins.and(io.out.ready)));
            Vec<UInt> words = Wire(Vec(n, UInt(io.out.bits.getWidth()))).named("f_words");
            for (int i = 0; i < n; i++) words.get(i).connect(io.in.get(i).bits);
            when(
                    inputWins,
                    () -> Formal.Assert(
                            "out_is_the_winner", io.chosen.eq(fInput).and(io.out.bits.eq(Mux1H(inputBit, words)))));
        });
    }
}
