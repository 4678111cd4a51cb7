package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.List;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;

/** {@link SearchBench} for a {@code LongestPrefixCam}: {@link LongestPrefixCamRef} gives every expected output. */
abstract class CamBench extends SearchBench {
    final LongestPrefixCamRef ref;
    private final int searchReady, outValid, found, slot, len, payload;

    /** Widths are read from the DUT's ports; {@code entries} and {@code levelsPerStage} as the DUT's (0 = flat). */
    CamBench(Sim sim, int entries, int levelsPerStage, long seed) {
        super(sim, seed, "io_out",
                List.of("io_search_ready", "io_out_valid", "io_out_bits_found", "io_out_bits_slot", "io_out_bits_len", "io_out_bits_payload"),
                List.of("io_search_ready", "io_out_valid"));
        ref = new LongestPrefixCamRef(entries, levelsPerStage);
        searchReady = outCol("io_search_ready");
        outValid = outCol("io_out_valid");
        found = outCol("io_out_bits_found");
        slot = outCol("io_out_bits_slot");
        len = outCol("io_out_bits_len");
        payload = outCol("io_out_bits_payload");
    }

    @Override
    final boolean searchReady(boolean outReady) {
        return ref.searchReady(outReady);
    }

    @Override
    final List<BigInteger> expect(int r, Lanes want, boolean reset, Write w, Search s, boolean ready) {
        PrefixSelectorRef.Result out = ref.out();
        want.set(r, searchReady, ref.searchReady(ready));
        want.set(r, outValid, out != null);
        if (out != null) {
            want.set(r, found, out.found());
            want.set(r, slot, out.slot());
            want.set(r, len, out.len());
            want.set(r, payload, out.payload());
        }
        PrefixSelectorRef.Result owed = s == null ? null : ref.lookup(s.key(), s.payload());
        ref.clock(reset, w, s, ready);
        return owed == null ? null : PrefixSelectorBench.bits(owed);
    }

    @Override
    final boolean referenceIdle() {
        return ref.empty();
    }
}
