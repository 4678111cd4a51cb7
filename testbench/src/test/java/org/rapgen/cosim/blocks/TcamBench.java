package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.List;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;

/** {@link SearchBench} for a {@code Tcam} or {@code BramTcam}: {@link TcamRef} gives every expected output. */
abstract class TcamBench extends SearchBench {
    final TcamRef ref;
    /** Searches accepted on the same edge as a write that changes their match bit (the write must not be seen). */
    long sameEdgeWriteChanges;
    /** Writes taken while searches were in flight, while the result was stalled; cycles a sweep waited on a stall. */
    long writesWhileSearching, writesWhileStalled, sweepHeldCycles;

    private final int rKey, rPayload, rMatch, entryValid;

    /** A register {@code Tcam}; sizes are read from the DUT's ports. */
    TcamBench(Sim sim, long seed) {
        this(sim, seed, 1, 0);
    }

    /** A TCAM with {@code latency} stages whose valid writes sweep for {@code sweepClocks} (see {@link TcamRef}). */
    TcamBench(Sim sim, long seed, int latency, int sweepClocks) {
        super(
                sim,
                seed,
                "io_result",
                List.of(
                        "io_search_ready",
                        "io_write_ready",
                        "io_result_valid",
                        "io_entryValid",
                        "io_result_bits_key",
                        "io_result_bits_payload",
                        "io_result_bits_match"),
                List.of("io_search_ready", "io_write_ready", "io_result_valid", "io_entryValid"));
        ref = new TcamRef(sim.port("io_entryValid").width(), latency, sweepClocks);
        entryValid = outCol("io_entryValid");
        rKey = outCol("io_result_bits_key");
        rPayload = outCol("io_result_bits_payload");
        rMatch = outCol("io_result_bits_match");
    }

    @Override
    final SearchRef reference() {
        return ref;
    }

    @Override
    final List<BigInteger> expect(int r, Lanes want, boolean reset, Write w, Search s, boolean ready) {
        TcamRef.Result out = ref.out();
        want.set(r, entryValid, ref.entryValid());
        if (out != null) {
            want.set(r, rKey, out.key());
            want.set(r, rPayload, out.payload());
            want.set(r, rMatch, out.match());
        }
        List<BigInteger> owed = s == null ? null : List.of(u(s.key()), u(s.payload()), ref.match(s.key()));
        boolean taken = s != null && ref.searchReady(ready) && !reset;
        if (taken
                && w != null
                && ref.writeReady()
                && w.index() < ref.entries
                && ref.match(s.key()).testBit(w.index())
                        != (w.valid() && TcamRef.matches(s.key(), w.value(), w.mask()))) {
            sameEdgeWriteChanges++;
        }
        if (w != null && ref.writeReady() && !reset) {
            if (ref.searching()) writesWhileSearching++;
            if (ref.outputValid() && !ready) writesWhileStalled++;
        }
        if (ref.sweepHeld(ready) && !reset) sweepHeldCycles++;
        ref.clock(reset, w, s, ready);
        return owed;
    }

    @Override
    final boolean referenceIdle() {
        return !ref.searching();
    }
}
