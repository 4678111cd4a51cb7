package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.rapgen.cosim.Sim;

/**
 * {@link StreamBench} for a {@code Tcam}: searches come from {@link #search} (a holding producer), writes from
 * {@link #write()}, result backpressure and search gaps from {@link Traffic}; {@link TcamRef} gives every expected
 * output.
 */
abstract class TcamBench extends StreamBench {
    /** One table write: entry {@code index} gets value/mask/valid. */
    record Write(int index, long value, long mask, boolean valid) {
    }

    /** One search: key and payload. */
    record Search(long key, long payload) {
    }

    final TcamRef ref;
    final Random rnd;
    final Traffic traffic;
    final HoldingSource<Search> search = new HoldingSource<>();
    /** Searches accepted on the same edge as a write that changes their match bit (the write must not be seen). */
    long sameEdgeWriteChanges;
    private final int reset, wValid, wIndex, wValue, wMask, wBit, sValid, sKey, sPayload, rReady;
    private final int searchReady, resultValid, rKey, rPayload, rMatch, entryValid;

    private final long keyMask, payloadMask;
    private final int indexMask;

    /** Sizes are read from the DUT's ports. */
    TcamBench(Sim sim, long seed) {
        super(sim,
                List.of("reset", "io_write_valid", "io_write_bits_index", "io_write_bits_value", "io_write_bits_mask",
                        "io_write_bits_valid", "io_search_valid", "io_search_bits_key", "io_search_bits_payload", "io_result_ready"),
                List.of("io_search_ready", "io_result_valid", "io_entryValid", "io_result_bits_key", "io_result_bits_payload", "io_result_bits_match"),
                List.of("io_search_ready", "io_result_valid", "io_entryValid"),
                "io_search_valid", "io_search_ready", "io_result_valid", "io_result_ready");
        ref = new TcamRef(sim.port("io_entryValid").width());
        rnd = new Random(seed);
        traffic = new Traffic(rnd);
        keyMask = bits(sim.port("io_search_bits_key").width());
        payloadMask = bits(sim.port("io_search_bits_payload").width());
        indexMask = (int) bits(sim.port("io_write_bits_index").width());
        sim.reset(2);
        reset = inCol("reset");
        wValid = inCol("io_write_valid");
        wIndex = inCol("io_write_bits_index");
        wValue = inCol("io_write_bits_value");
        wMask = inCol("io_write_bits_mask");
        wBit = inCol("io_write_bits_valid");
        sValid = inCol("io_search_valid");
        sKey = inCol("io_search_bits_key");
        sPayload = inCol("io_search_bits_payload");
        rReady = inCol("io_result_ready");
        searchReady = outCol("io_search_ready");
        resultValid = outCol("io_result_valid");
        entryValid = outCol("io_entryValid");
        rKey = outCol("io_result_bits_key");
        rPayload = outCol("io_result_bits_payload");
        rMatch = outCol("io_result_bits_match");
    }

    /** This cycle's table write, or null. Called once per cycle, before the search is chosen. */
    abstract Write write();

    /** Whether to hold reset this cycle (default never). */
    boolean resetNow() {
        return false;
    }

    @Override
    final List<BigInteger> drive(int r, Lanes in, Lanes want) {
        traffic.tick();
        boolean rst = !draining() && resetNow();
        Write w = draining() ? null : fit(write());
        Search s = draining() ? null : fit(search.present(traffic.idle()));
        boolean ready = draining() || traffic.ready();
        in.set(r, reset, rst);
        in.set(r, wValid, w != null);
        in.set(r, wIndex, w == null ? rnd.nextInt(1 << 12) : w.index());  // data under a low valid is random on purpose
        in.set(r, wValue, w == null ? rnd.nextLong() : w.value());
        in.set(r, wMask, w == null ? rnd.nextLong() : w.mask());
        in.set(r, wBit, w == null ? rnd.nextBoolean() : w.valid());
        in.set(r, sValid, s != null);
        in.set(r, sKey, s == null ? rnd.nextLong() : s.key());
        in.set(r, sPayload, s == null ? rnd.nextLong() : s.payload());
        in.set(r, rReady, ready);

        TcamRef.Result out = ref.out();
        want.set(r, searchReady, ref.searchReady(ready));
        want.set(r, resultValid, out != null);
        want.set(r, entryValid, ref.entryValid());
        if (out != null) {
            want.set(r, rKey, out.key());
            want.set(r, rPayload, out.payload());
            want.set(r, rMatch, out.match());
        }
        List<BigInteger> owed = s == null ? null : List.of(u(s.key()), u(s.payload()), ref.match(s.key()));
        boolean taken = s != null && ref.searchReady(ready) && !rst;
        if (taken && w != null && w.index() < ref.entries
                && ref.match(s.key()).testBit(w.index()) != (w.valid() && TcamRef.matches(s.key(), w.value(), w.mask()))) {
            sameEdgeWriteChanges++;
        }
        ref.clock(rst, w == null
                ? new TcamRef.TcamIn(false, 0, 0, 0, false, s != null, s == null ? 0 : s.key(), s == null ? 0 : s.payload(), ready)
                : new TcamRef.TcamIn(true, w.index(), w.value(), w.mask(), w.valid(), s != null, s == null ? 0 : s.key(), s == null ? 0 : s.payload(), ready));
        if (taken) search.taken();
        return owed;
    }

    @Override
    final boolean referenceIdle() {
        return ref.out() == null;
    }

    /** The write or search as the DUT's ports see it (cut to the port widths). */
    private Write fit(Write w) {
        return w == null ? null : new Write(w.index() & indexMask, w.value() & keyMask, w.mask() & keyMask, w.valid());
    }

    private Search fit(Search s) {
        return s == null ? null : new Search(s.key() & keyMask, s.payload() & payloadMask);
    }

    static long bits(int n) {
        return n >= 64 ? -1L : (1L << n) - 1;
    }

    private static BigInteger u(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }
}
