package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.rapgen.cosim.Cosim;
import org.rapgen.cosim.DslProvider;
import org.rapgen.cosim.Sim;
import org.rapgen.hdl.lib.CounterSram;

/**
 * CounterSram cycle by cycle against {@link RmwReference} with the counter semantics written out below, with and
 * without the read register. CounterSram(16, 4): same-address bursts, alternating and A,B,A addresses, saturation
 * (4-bit counters clip quickly), SET and READ interleaved with ADD, random backpressure and clear pulses in
 * mid-stream. CounterSram(8, 32): the same traffic with values aimed at the split of the carry-select add (carries out
 * of the low part, into a high part of all ones, wide values with high bits set) and at the maximum.
 */
class CounterSramCosimTest {
    static final int DEPTH = 16;
    static final int BITS = 4;
    static final int WIDE_DEPTH = 8;
    static final int WIDE = 32;

    static final class Small extends DslProvider {
        Small() {
            super(() -> new CounterSram(DEPTH, BITS));
        }
    }

    static final class SmallRegistered extends DslProvider {
        SmallRegistered() {
            super(() -> new CounterSram(DEPTH, BITS, true));
        }
    }

    static final class Wide extends DslProvider {
        Wide() {
            super(() -> new CounterSram(WIDE_DEPTH, WIDE));
        }
    }

    static final class WideRegistered extends DslProvider {
        WideRegistered() {
            super(() -> new CounterSram(WIDE_DEPTH, WIDE, true));
        }
    }

    private static long max(int bits) {
        return (1L << bits) - 1;
    }

    private static long op(long cmd, int bits) {
        return cmd >>> bits;
    }

    private static long value(long cmd, int bits) {
        return cmd & max(bits);
    }

    /** ADD clips at the maximum; SET writes; READ (and op 3) leave the counter. */
    static long apply(long old, long cmd, int bits) {
        long v = value(cmd, bits);
        if (op(cmd, bits) == CounterSram.OP_ADD) return Math.min(old + v, max(bits));
        if (op(cmd, bits) == CounterSram.OP_SET) return v;
        return old;
    }

    /** An ADD whose true sum exceeds the maximum (landing exactly on it is not a saturation). */
    static boolean saturates(RmwReference.Result r, int bits) {
        return op(r.cmd(), bits) == CounterSram.OP_ADD && r.old() + value(r.cmd(), bits) > max(bits);
    }

    @Test
    @Cosim(Small.class)
    void randomTrafficMatchesReference(Sim sim) {
        randomTraffic(sim, 2);
    }

    @Test
    @Cosim(SmallRegistered.class)
    void randomTrafficMatchesReferenceWithReadRegister(Sim sim) {
        randomTraffic(sim, 3);
    }

    @Test
    @Cosim(Wide.class)
    void wideCountersAtTheCarrySplitAndTheMaximum(Sim sim) {
        wideTraffic(sim, 2);
    }

    @Test
    @Cosim(WideRegistered.class)
    void wideCountersAtTheCarrySplitAndTheMaximumWithReadRegister(Sim sim) {
        wideTraffic(sim, 3);
    }

    @Test
    @Cosim(Small.class)
    void clearingSweepsEveryWordToZero(Sim sim) {
        clearingSweeps(sim, 2);
    }

    @Test
    @Cosim(SmallRegistered.class)
    void clearingSweepsEveryWordToZeroWithReadRegister(Sim sim) {
        clearingSweeps(sim, 3);
    }

    private static void randomTraffic(Sim sim, int latency) {
        int[] saturated = new int[3];
        int satPort = sim.port("io_out_bits_saturated").id();
        long max = max(BITS);
        RmwBench bench = new RmwBench(
                sim,
                DEPTH,
                new RmwReference(DEPTH, BITS, latency, (old, cmd) -> apply(old, cmd, BITS)),
                (rnd, addr) -> {
                    int r = rnd.nextInt(20);
                    int op = r < 14
                            ? CounterSram.OP_ADD
                            : r < 17 ? CounterSram.OP_SET : r < 19 ? CounterSram.OP_READ : 3;
                    long v = rnd.nextInt(4) == 0 ? max - rnd.nextInt(2) : rnd.nextInt(4);
                    return CounterSram.cmd(op, v, BITS);
                },
                (s, h, where) -> {
                    boolean sat = saturates(h, BITS);
                    boolean landsOnMax =
                            op(h.cmd(), BITS) == CounterSram.OP_ADD && h.old() + value(h.cmd(), BITS) == max;
                    assertEquals(sat ? 1 : 0, s.peek(satPort), () -> "io_out_bits_saturated at " + where.get());
                    saturated[sat ? 0 : landsOnMax ? 1 : 2]++;
                });
        bench.run(11, 150_000, 1.0 / 4000);
        bench.assertCovered();
        assertTrue(
                saturated[0] > 100 && saturated[1] > 10,
                "saturations " + saturated[0] + ", exact landings on max " + saturated[1]);
    }

    /**
     * 32-bit counters; CounterSram.carrySplit tells where the read-register build splits its add (the same stimulus
     * serves the build without it). Words are SET just below the split, with the high part all ones, or next to the
     * maximum, so that the small ADDs after them carry across; wide ADDs have high bits set. Each corner is counted
     * once per result, and must have been reached.
     */
    private static void wideTraffic(Sim sim, int latency) {
        int split = CounterSram.carrySplit(WIDE);
        long max = max(WIDE);
        long lowMax = (1L << split) - 1;
        int satPort = sim.port("io_out_bits_saturated").id();
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (String k : new String[] {
            "low_carry",
            "carry_into_all_ones_high",
            "lands_on_max",
            "just_past_max",
            "far_past_max",
            "wide_add",
            "wide_add_low_carry",
            "set_then_add_next_cycle",
            "add_after_saturation_next_cycle"
        }) seen.put(k, 0);
        RmwReference.Result[] last = new RmwReference.Result[1];
        RmwBench bench = new RmwBench(
                sim,
                WIDE_DEPTH,
                new RmwReference(WIDE_DEPTH, WIDE, latency, (old, cmd) -> apply(old, cmd, WIDE)),
                (rnd, addr) -> wideCommand(rnd, split, max, lowMax),
                (s, h, where) -> {
                    boolean sat = saturates(h, WIDE);
                    assertEquals(sat ? 1 : 0, s.peek(satPort), () -> "io_out_bits_saturated at " + where.get());
                    if (last[0] != null && last[0].acceptedAt() == h.acceptedAt()) return; // the same result, held
                    boolean add = op(h.cmd(), WIDE) == CounterSram.OP_ADD;
                    long v = value(h.cmd(), WIDE);
                    boolean lowCarry = add && (h.old() & lowMax) + (v & lowMax) > lowMax;
                    count(seen, "low_carry", lowCarry);
                    count(seen, "carry_into_all_ones_high", lowCarry && (h.old() | lowMax) == max);
                    count(seen, "lands_on_max", add && h.old() + v == max);
                    count(seen, "just_past_max", add && h.old() + v > max && h.old() + v <= max + 3);
                    count(seen, "far_past_max", add && h.old() + v > max + lowMax);
                    count(seen, "wide_add", add && v > lowMax);
                    count(seen, "wide_add_low_carry", add && v > lowMax && lowCarry);
                    RmwReference.Result p = last[0];
                    boolean next = p != null && p.addr() == h.addr() && p.acceptedAt() == h.acceptedAt() - 1;
                    count(seen, "set_then_add_next_cycle", next && add && op(p.cmd(), WIDE) == CounterSram.OP_SET);
                    count(seen, "add_after_saturation_next_cycle", next && add && saturates(p, WIDE));
                    last[0] = h;
                });
        bench.run(5, 100_000, 1.0 / 4000);
        bench.assertCovered();
        seen.forEach((k, n) -> assertTrue(n >= 20, "corner " + k + " reached only " + n + " times " + seen));
    }

    private static long wideCommand(Random rnd, int split, long max, long lowMax) {
        int r = rnd.nextInt(20);
        int op = r < 11 ? CounterSram.OP_ADD : r < 16 ? CounterSram.OP_SET : r < 19 ? CounterSram.OP_READ : 3;
        long below = lowMax - rnd.nextInt(4);
        long high = (long) rnd.nextInt(1 << (WIDE - split)) << split;
        long v = op == CounterSram.OP_SET
                ? switch (rnd.nextInt(5)) {
                    case 0 -> below; // a small ADD carries out of the low part
                    case 1 -> high | below; // the same under any high part
                    case 2 -> (max & ~lowMax) | below; // high part all ones: that carry reaches the maximum
                    case 3 -> max - rnd.nextInt(4); // at or next to the maximum
                    default -> rnd.nextLong() & max;
                }
                : switch (rnd.nextInt(6)) {
                    case 0, 1 -> rnd.nextInt(4); // the engine's weights are small
                    case 2 -> lowMax - 2 + rnd.nextInt(5); // around 2^split
                    case 3 -> (high | rnd.nextInt(4)) | (1L << split); // high bits set
                    case 4 -> max - rnd.nextInt(4);
                    default -> rnd.nextLong() & max;
                };
        return CounterSram.cmd(op, v, WIDE);
    }

    private static void count(Map<String, Integer> seen, String corner, boolean hit) {
        if (hit) seen.merge(corner, 1, Integer::sum);
    }

    private static void clearingSweeps(Sim sim, int latency) {
        // Fill every counter, clear, then read them all back: the sweep must have reached each word.
        RmwReference ref = new RmwReference(DEPTH, BITS, latency, (old, cmd) -> apply(old, cmd, BITS));
        RmwBench bench = new RmwBench(
                sim,
                DEPTH,
                ref,
                (rnd, addr) -> CounterSram.cmd(CounterSram.OP_SET, 1 + rnd.nextInt((int) max(BITS)), BITS),
                (s, h, where) -> {});
        bench.run(3, 2_000, 0);
        sim.poke("io_out_ready", 1);
        sim.poke("io_in_valid", 0);
        sim.poke("io_clear", 1);
        sim.step();
        sim.poke("io_clear", 0);
        for (int i = 0; i < DEPTH; i++) {
            assertEquals(1, sim.peek("io_clearing"), "clearing for depth cycles, cycle " + i);
            assertEquals(0, sim.peek("io_in_ready"));
            sim.step();
        }
        assertEquals(0, sim.peek("io_clearing"));
        int seen = 0;
        sim.poke("io_in_bits_cmd", CounterSram.cmd(CounterSram.OP_READ, 0, BITS));
        for (int i = 0; i < DEPTH + 4; i++) {
            sim.poke("io_in_valid", i < DEPTH ? 1 : 0);
            sim.poke("io_in_bits_addr", i % DEPTH);
            assertEquals(1, sim.peek("io_in_ready"));
            if (sim.peek("io_out_valid") == 1) {
                assertEquals(seen, sim.peek("io_out_bits_addr"));
                assertEquals(0, sim.peek("io_out_bits_old"), "word " + seen + " after the sweep");
                seen++;
            }
            sim.step();
        }
        assertEquals(DEPTH, seen);
    }
}
