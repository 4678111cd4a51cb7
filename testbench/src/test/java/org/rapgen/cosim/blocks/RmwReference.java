package org.rapgen.cosim.blocks;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.LongBinaryOperator;

/**
 * Contract model of {@code RmwMemory}, written from its documentation rather than its structure: commands take effect
 * one after another in acceptance order on a plain array; the block holds at most {@code latency} commands (2, or 3
 * with the read register), presents the oldest {@code latency} cycles after its acceptance cycle, and accepts when it
 * holds fewer or one leaves this cycle; a clear (or reset) zeroes the array after the commands accepted so far and
 * blocks input for {@code depth} cycles.
 */
final class RmwReference {
    record Result(long addr, long cmd, long old, long updated, long acceptedAt) {}

    private final long[] mem;
    private final long dataMask;
    private final LongBinaryOperator update;
    private final int latency;
    private final ArrayDeque<Result> held = new ArrayDeque<>();
    private long cycle;
    private long clearingUntil;

    RmwReference(int depth, int dataBits, int latency, LongBinaryOperator update) {
        this.latency = latency;
        this.mem = new long[depth];
        this.dataMask = dataBits == 64 ? -1L : (1L << dataBits) - 1;
        this.update = update;
        reset();
    }

    /** Call after the DUT's reset was released: nothing held, the sweep starts in the next cycle. */
    void reset() {
        held.clear();
        Arrays.fill(mem, 0);
        clearingUntil = cycle + mem.length;
    }

    boolean clearing() {
        return cycle < clearingUntil;
    }

    boolean inReady(boolean outReady) {
        return !clearing() && (held.size() < latency || outReady && outValid());
    }

    boolean outValid() {
        return !held.isEmpty() && held.peek().acceptedAt <= cycle - latency;
    }

    Result head() {
        return held.peek();
    }

    int capacity() {
        return latency;
    }

    int held() {
        return held.size();
    }

    /** The clock edge ending this cycle. Returns the accepted command's result, or null. */
    Result clock(boolean inValid, long addr, long cmd, boolean outReady, boolean clear) {
        boolean accept = inValid && inReady(outReady);
        if (outValid() && outReady) held.poll();
        Result r = null;
        if (accept) {
            long old = mem[(int) addr];
            long upd = update.applyAsLong(old, cmd) & dataMask;
            mem[(int) addr] = upd;
            r = new Result(addr, cmd, old, upd, cycle);
            held.add(r);
        }
        if (clear) {
            Arrays.fill(mem, 0);
            clearingUntil = cycle + 1 + mem.length;
        }
        cycle++;
        return r;
    }
}
