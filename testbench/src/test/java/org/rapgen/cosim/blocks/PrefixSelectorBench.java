package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.rapgen.cosim.Sim;

/**
 * {@link StreamBench} for a {@code PrefixSelector}: requests come from an iterator through a holding producer, output
 * backpressure and input gaps from {@link Traffic}; {@link PrefixSelectorRef} gives every expected output.
 */
class PrefixSelectorBench extends StreamBench {
    /** One request: match bit and len per slot, and a payload. */
    record Request(boolean[] match, int[] lens, long payload) {}

    final int entries;
    final int lenBits;
    private final PrefixSelectorRef ref;
    private final Random rnd;
    private final Traffic traffic;
    private final Iterator<Request> requests;
    private final HoldingSource<Request> source = new HoldingSource<>();
    private final long payloadMask;
    private final int reset, inValid, match, payload, outReady;
    private final int[] lens;
    private final int inReady, outValid;
    private final SelectorOutputs result;

    /** Sizes are read from the DUT's ports; {@code levelsPerStage} sets the reference's latency. */
    PrefixSelectorBench(Sim sim, int levelsPerStage, long seed, boolean lightTraffic, Iterator<Request> requests) {
        super(
                sim,
                inputs(sim),
                Stream.concat(Stream.of("io_in_ready", "io_out_valid"), SelectorOutputs.ports("io_out").stream())
                        .toList(),
                List.of("io_in_ready", "io_out_valid"),
                "io_in_valid",
                "io_in_ready",
                "io_out_valid",
                "io_out_ready");
        entries = sim.port("io_in_bits_match").width();
        lenBits = sim.port("io_in_bits_lens_0").width();
        payloadMask = Lanes.ones(sim.port("io_in_bits_payload").width());
        ref = new PrefixSelectorRef(entries, levelsPerStage);
        rnd = new Random(seed);
        traffic = new Traffic(rnd, lightTraffic);
        this.requests = requests;
        sim.reset(2);
        reset = inCol("reset");
        inValid = inCol("io_in_valid");
        match = inCol("io_in_bits_match");
        payload = inCol("io_in_bits_payload");
        outReady = inCol("io_out_ready");
        lens = new int[entries];
        for (int i = 0; i < entries; i++) lens[i] = inCol("io_in_bits_lens_" + i);
        inReady = outCol("io_in_ready");
        outValid = outCol("io_out_valid");
        result = new SelectorOutputs(this, "io_out");
    }

    private static List<String> inputs(Sim sim) {
        List<String> in = new ArrayList<>(
                List.of("reset", "io_in_valid", "io_in_bits_match", "io_in_bits_payload", "io_out_ready"));
        for (int i = 0; i < sim.port("io_in_bits_match").width(); i++) in.add("io_in_bits_lens_" + i);
        return in;
    }

    /** Every request has been taken. */
    boolean done() {
        return !requests.hasNext() && source.idle();
    }

    @Override
    final List<BigInteger> drive(int r, Lanes in, Lanes want) {
        traffic.tick();
        while (source.queued() < 2 && requests.hasNext()) source.offer(requests.next());
        Request q = draining() ? null : source.present(traffic.idle());
        boolean ready = draining() || traffic.ready();
        in.set(r, reset, false);
        in.set(r, inValid, q != null);
        in.set(r, outReady, ready);
        if (q == null) { // data under a low valid is random on purpose
            in.set(r, match, new BigInteger(entries, rnd));
            in.set(r, payload, rnd.nextLong());
            for (int i = 0; i < entries; i++) in.set(r, lens[i], rnd.nextInt(1 << lenBits));
        } else {
            BigInteger m = BigInteger.ZERO;
            for (int i = 0; i < entries; i++) if (q.match()[i]) m = m.setBit(i);
            in.set(r, match, m);
            in.set(r, payload, q.payload() & payloadMask);
            for (int i = 0; i < entries; i++) in.set(r, lens[i], q.lens()[i]);
        }

        PrefixSelectorRef.Result out = ref.out();
        want.set(r, inReady, ref.inReady(ready));
        want.set(r, outValid, out != null);
        if (out != null) result.set(want, r, out);
        PrefixSelectorRef.Result owed =
                q == null ? null : PrefixSelectorRef.select(q.match(), q.lens(), q.payload() & payloadMask);
        boolean taken = q != null && ref.inReady(ready);
        ref.clock(false, owed, ready);
        if (taken) source.taken();
        return owed == null ? null : SelectorOutputs.bits(owed);
    }

    @Override
    final boolean referenceIdle() {
        return ref.empty();
    }
}
