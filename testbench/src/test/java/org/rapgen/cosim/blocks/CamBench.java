package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.List;
import java.util.stream.Stream;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;

/** {@link SearchBench} for a {@code LongestPrefixCam}: {@link LongestPrefixCamRef} gives every expected output. */
abstract class CamBench extends SearchBench {
    final LongestPrefixCamRef ref;
    private final SelectorOutputs result;

    /** Widths are read from the DUT's ports; {@code entries} and {@code levelsPerStage} as the DUT's (0 = flat). */
    CamBench(Sim sim, int entries, int levelsPerStage, long seed) {
        super(
                sim,
                seed,
                "io_out",
                Stream.concat(Stream.of("io_search_ready", "io_out_valid"), SelectorOutputs.ports("io_out").stream())
                        .toList(),
                List.of("io_search_ready", "io_out_valid"));
        ref = new LongestPrefixCamRef(entries, levelsPerStage);
        result = new SelectorOutputs(this, "io_out");
    }

    @Override
    final SearchRef reference() {
        return ref;
    }

    @Override
    final List<BigInteger> expect(int r, Lanes want, boolean reset, Write w, Search s, boolean ready) {
        if (ref.out() != null) result.set(want, r, ref.out());
        PrefixSelectorRef.Result owed = s == null ? null : ref.lookup(s.key(), s.payload());
        ref.clock(reset, w, s, ready);
        return owed == null ? null : SelectorOutputs.bits(owed);
    }

    @Override
    final boolean referenceIdle() {
        return ref.empty();
    }
}
