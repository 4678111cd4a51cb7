package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.rapgen.cosim.Sim;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;

/**
 * {@link StreamBench} for blocks driven like a {@code Tcam}: a write port ({@code io_write_*}, with {@code len} if
 * the block has one), searches from {@link #search} (a holding producer), output backpressure and search gaps from
 * {@link Traffic}. Subclasses supply the writes and the reference's side of each cycle.
 */
abstract class SearchBench extends StreamBench {
    final Random rnd;
    final Traffic traffic;
    final HoldingSource<Search> search = new HoldingSource<>();
    private Write heldWrite; // presented and not yet taken: a write is held, unchanged, until write.ready
    /** Cycles driven so far (this one included while {@link #write} and {@link #resetNow} run). */
    int cycle;

    private final int reset, wValid, wIndex, wValue, wMask, wBit, wLen, sValid, sKey, sPayload, outReady;
    private final int searchReadyOut, outValid, writeReadyOut;
    private final long keyMask, payloadMask;
    private final int indexMask;

    /** @param out the output port's prefix ({@code io_result}); sizes are read from the DUT's ports */
    SearchBench(Sim sim, long seed, String out, List<String> outputs, List<String> always) {
        super(
                sim,
                inputs(sim, out),
                outputs,
                always,
                "io_search_valid",
                "io_search_ready",
                out + "_valid",
                out + "_ready");
        rnd = new Random(seed);
        traffic = new Traffic(rnd);
        keyMask = Lanes.ones(sim.port("io_search_bits_key").width());
        payloadMask = Lanes.ones(sim.port("io_search_bits_payload").width());
        indexMask = (int) Lanes.ones(sim.port("io_write_bits_index").width());
        sim.reset(2);
        reset = inCol("reset");
        wValid = inCol("io_write_valid");
        wIndex = inCol("io_write_bits_index");
        wValue = inCol("io_write_bits_value");
        wMask = inCol("io_write_bits_mask");
        wBit = inCol("io_write_bits_valid");
        wLen = hasLen(sim) ? inCol("io_write_bits_len") : -1;
        sValid = inCol("io_search_valid");
        sKey = inCol("io_search_bits_key");
        sPayload = inCol("io_search_bits_payload");
        outReady = inCol(out + "_ready");
        searchReadyOut = outCol("io_search_ready");
        outValid = outCol(out + "_valid");
        writeReadyOut = outputs.contains("io_write_ready") ? outCol("io_write_ready") : -1;
    }

    private static boolean hasLen(Sim sim) {
        return sim.model().ports().stream().anyMatch(p -> p.name().equals("io_write_bits_len"));
    }

    private static List<String> inputs(Sim sim, String out) {
        List<String> in = new ArrayList<>(List.of(
                "reset",
                "io_write_valid",
                "io_write_bits_index",
                "io_write_bits_value",
                "io_write_bits_mask",
                "io_write_bits_valid",
                "io_search_valid",
                "io_search_bits_key",
                "io_search_bits_payload",
                out + "_ready"));
        if (hasLen(sim)) in.add("io_write_bits_len");
        return in;
    }

    /**
     * The next table write, or null. Called once per cycle, before the search is chosen, except while a write it
     * returned waits for write.ready (that write is presented again instead).
     */
    abstract Write write();

    /** Whether to hold reset this cycle (default never). */
    boolean resetNow() {
        return false;
    }

    /** The reference's handshakes. */
    abstract SearchRef reference();

    /**
     * Writes the reference's other outputs for this cycle into row {@code r} of {@code want}, then clocks it.
     * Returns what the block owes for {@code s} if it is accepted (null if {@code s} is null).
     */
    abstract List<BigInteger> expect(int r, Lanes want, boolean reset, Write w, Search s, boolean outReady);

    @Override
    final List<BigInteger> drive(int r, Lanes in, Lanes want) {
        traffic.tick();
        cycle++;
        boolean rst = !draining() && resetNow();
        if (!draining() && heldWrite == null) heldWrite = fit(write());
        Write w = draining() ? null : heldWrite;
        Search s = draining() ? null : fit(search.present(traffic.idle()));
        boolean ready = draining() || traffic.ready();
        in.set(r, reset, rst);
        in.set(r, wValid, w != null);
        in.set(r, wIndex, w == null ? rnd.nextInt(1 << 12) : w.index()); // data under a low valid is random on purpose
        in.set(r, wValue, w == null ? rnd.nextLong() : w.value());
        in.set(r, wMask, w == null ? rnd.nextLong() : w.mask());
        in.set(r, wBit, w == null ? rnd.nextBoolean() : w.valid());
        if (wLen >= 0) in.set(r, wLen, w == null ? rnd.nextInt(1 << 12) : w.len());
        in.set(r, sValid, s != null);
        in.set(r, sKey, s == null ? rnd.nextLong() : s.key());
        in.set(r, sPayload, s == null ? rnd.nextLong() : s.payload());
        in.set(r, outReady, ready);
        boolean taken = s != null && reference().searchReady(ready) && !rst;
        if (w != null && reference().writeReady() && !rst) heldWrite = null;
        if (writeReadyOut >= 0) want.set(r, writeReadyOut, reference().writeReady());
        want.set(r, searchReadyOut, reference().searchReady(ready));
        want.set(r, outValid, reference().outputValid());
        List<BigInteger> owed = expect(r, want, rst, w, s, ready);
        if (taken) search.taken();
        return owed;
    }

    /** The write or search as the DUT's ports see it (cut to the port widths). */
    private Write fit(Write w) {
        return w == null
                ? null
                : new Write(w.index() & indexMask, w.value() & keyMask, w.mask() & keyMask, w.valid(), w.len());
    }

    private Search fit(Search s) {
        return s == null ? null : new Search(s.key() & keyMask, s.payload() & payloadMask);
    }

    static BigInteger u(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }
}
