package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.rapgen.cosim.Sim;

/**
 * Runs a block with one ready/valid input and one ready/valid output under Verilator, in batches, against a
 * cycle-accurate reference. For every cycle the subclass writes the stimulus row and the reference's outputs; the
 * stimulus may look at the reference (to hold an input until the reference says it was taken), never at the DUT.
 * After each batch:
 * <ul>
 *   <li>every cycle is compared: the {@code always} ports in every cycle, the {@code bits} ports while out.valid;</li>
 *   <li>independently of the reference's timing, a scoreboard fed only by the DUT's observed handshakes checks that
 *       each accepted input yields exactly one output, in order, carrying the bits the reference function gives for
 *       that input, and that an output presented while not taken stays presented, unchanged, next cycle.</li>
 * </ul>
 */
abstract class StreamBench {
    private static final int CHUNK = 4096;

    final Sim sim;
    private Lanes in;
    private Lanes want;
    private Lanes got;
    private final int inValid, inReady, outValid, outReady;
    private final int[] always;
    private final int[] bits;
    private List<BigInteger>[] ifAccepted;
    private final ArrayDeque<List<BigInteger>> pending = new ArrayDeque<>();
    private List<BigInteger> heldOut; // the output left presented and not taken at the end of the last cycle
    private boolean draining;
    // Handshake statistics from the DUT's behaviour, for coverage assertions.
    long accepts, deliveries, outputStalls, inputBlocked, acceptsWhileOutputValid;
    /** Accepts in the cycle right after another accept (full rate). */
    long backToBackAccepts;

    private boolean acceptedLast;

    /**
     * @param inputs the driven ports (reset and the valid/ready named below included)
     * @param outputs the sampled ports
     * @param always outputs compared every cycle; the remaining outputs are compared while out.valid
     */
    StreamBench(
            Sim sim,
            List<String> inputs,
            List<String> outputs,
            List<String> always,
            String inValid,
            String inReady,
            String outValid,
            String outReady) {
        this.sim = sim;
        in = new Lanes(sim, CHUNK, inputs);
        got = new Lanes(sim, CHUNK, outputs);
        want = new Lanes(sim, CHUNK, outputs);
        this.inValid = in.col(inValid);
        this.outReady = in.col(outReady);
        this.inReady = got.col(inReady);
        this.outValid = got.col(outValid);
        this.always = always.stream().mapToInt(got::col).toArray();
        List<Integer> rest = new ArrayList<>();
        for (int c = 0; c < outputs.size(); c++) if (!always.contains(outputs.get(c))) rest.add(c);
        bits = rest.stream().mapToInt(Integer::intValue).toArray();
        allocate(CHUNK);
    }

    /**
     * Fills row {@code r} of {@code in} with this cycle's stimulus and of {@code want} with the reference's outputs,
     * then clocks the reference. Returns the output bits (in the order of the non-{@code always} outputs) the block
     * must eventually deliver if it accepts this row's input; null when in.valid is low.
     */
    abstract List<BigInteger> drive(int r, Lanes in, Lanes want);

    /** The reference holds nothing in flight. */
    abstract boolean referenceIdle();

    int inCol(String port) {
        return in.col(port);
    }

    int outCol(String port) {
        return got.col(port);
    }

    /** Called with the bits of every output the DUT delivered (and the scoreboard accepted), e.g. for coverage. */
    void delivered(List<BigInteger> bits) {}

    /** True while {@link #drain} runs: stimulus must keep in.valid low and out.ready high. */
    final boolean draining() {
        return draining;
    }

    final void run(int cycles) {
        while (cycles > 0) {
            int n = Math.min(CHUNK, cycles);
            if (n != in.rows) allocate(n);
            long first = sim.cycle();
            for (int r = 0; r < n; r++) ifAccepted[r] = drive(r, in, want);
            sim.runBatch(n, in.ids, in.data, got.ids, got.data);
            for (int r = 0; r < n; r++) check(r, first + r);
            cycles -= n;
        }
    }

    /** Runs with no new input and the output always taken until the reference is empty; then nothing may be owed. */
    final void drain() {
        draining = true;
        for (int i = 0; i < 64 && !referenceIdle(); i++) run(1);
        run(2);
        draining = false;
        if (!referenceIdle()) throw new AssertionError("reference did not drain");
        if (!pending.isEmpty())
            throw new AssertionError(
                    pending.size() + " accepted inputs never produced an output; first owed: " + pending.peek());
    }

    @SuppressWarnings("unchecked")
    private void allocate(int rows) {
        in = in.resized(sim, rows);
        got = got.resized(sim, rows);
        want = want.resized(sim, rows);
        ifAccepted = new List[rows];
    }

    private void check(int r, long cycle) {
        boolean reset = in.bit(r, in.col("reset"));
        for (int c : always) if (!want.same(r, c, got)) fail(r, cycle, c);
        if (want.bit(r, outValid)) for (int c : bits) if (!want.same(r, c, got)) fail(r, cycle, c);

        // The scoreboard: DUT handshakes only.
        boolean outV = got.bit(r, outValid), outR = in.bit(r, outReady);
        List<BigInteger> out = outV ? bitsOf(r) : null;
        if (heldOut != null && !heldOut.equals(out)) {
            throw new AssertionError(where(r, cycle) + "output changed or was withdrawn while not taken: was " + heldOut
                    + ", now " + out);
        }
        heldOut = outV && !outR && !reset ? out : null;
        if (reset) {
            pending.clear();
            acceptedLast = false;
            return;
        }
        if (outV && outR) {
            deliveries++;
            List<BigInteger> owed = pending.poll();
            if (owed == null)
                throw new AssertionError(
                        where(r, cycle) + "output " + out + " delivered but no accepted input is owed one");
            if (!owed.equals(out))
                throw new AssertionError(
                        where(r, cycle) + "delivered " + out + " but the oldest accepted input needs " + owed);
            delivered(out);
        }
        if (outV && !outR) outputStalls++;
        boolean inV = in.bit(r, inValid);
        boolean accepted = inV && got.bit(r, inReady);
        if (accepted && acceptedLast) backToBackAccepts++;
        acceptedLast = accepted;
        if (accepted) {
            accepts++;
            if (outV) acceptsWhileOutputValid++;
            pending.add(ifAccepted[r]);
        } else if (inV) {
            inputBlocked++;
        }
    }

    private List<BigInteger> bitsOf(int r) {
        List<BigInteger> v = new ArrayList<>(bits.length);
        for (int c : bits) v.add(got.big(r, c));
        return v;
    }

    private String where(int r, long cycle) {
        return sim.model().top() + " cycle " + cycle + ":";
    }

    private void fail(int r, long cycle, int col) {
        throw new AssertionError(where(r, cycle) + " " + got.names.get(col) + " = 0x"
                + got.big(r, col).toString(16)
                + ", reference 0x" + want.big(r, col).toString(16) + "\n  inputs:" + in.describe(r)
                + "\n  outputs:" + got.describe(r) + "\n  reference:" + want.describe(r));
    }
}
