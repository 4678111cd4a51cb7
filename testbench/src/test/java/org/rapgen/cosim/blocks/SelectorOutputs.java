package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.List;

/** The columns of a longest-match result port ({@code <out>_bits_found/slot/len/payload}) in a bench's output lanes. */
final class SelectorOutputs {
    private final int found, slot, len, payload;

    SelectorOutputs(StreamBench bench, String out) {
        found = bench.outCol(out + "_bits_found");
        slot = bench.outCol(out + "_bits_slot");
        len = bench.outCol(out + "_bits_len");
        payload = bench.outCol(out + "_bits_payload");
    }

    /** The port names, in the order {@link #bits} lists the values. */
    static List<String> ports(String out) {
        return List.of(out + "_bits_found", out + "_bits_slot", out + "_bits_len", out + "_bits_payload");
    }

    void set(Lanes want, int r, PrefixSelectorRef.Result res) {
        want.set(r, found, res.found());
        want.set(r, slot, res.slot());
        want.set(r, len, res.len());
        want.set(r, payload, res.payload());
    }

    /** A result as the ports carry it. */
    static List<BigInteger> bits(PrefixSelectorRef.Result r) {
        return List.of(
                BigInteger.valueOf(r.found() ? 1 : 0),
                BigInteger.valueOf(r.slot()),
                BigInteger.valueOf(r.len()),
                BigInteger.valueOf(r.payload()));
    }
}
