package org.rapgen.cosim.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;
import org.rapgen.cosim.Sim;

/**
 * Drives an RmwMemory-shaped DUT cycle by cycle against {@link RmwReference}: a ready/valid source that holds each
 * command until it is taken, random backpressure on {@code out} in phases (free-flowing, stalling, off), address
 * patterns that stress forwarding (one address for a long run, two alternating, A,B,A, a few, all), and occasional
 * {@code clear} pulses, some while commands are in flight. Every cycle checks in.ready, out.valid, clearing and,
 * while valid, every out field.
 */
final class RmwBench {
    /** How the next command's address is chosen, in acceptance order. */
    enum Pattern {
        SAME,
        ALTERNATE,
        ABA,
        FEW,
        RANDOM
    }

    /** Builds the next command's operand. */
    interface Operands {
        long next(Random rnd, long addr);
    }

    /** Checks DUT-specific output fields of the presented result. */
    interface ExtraCheck {
        void check(Sim sim, RmwReference.Result expected, Supplier<String> where);
    }

    private static final double[][] PHASES = {
        {1.0, 1.0}, {1.0, 0.5}, {0.6, 1.0}, {1.0, 0.1}, {0.3, 0.3}, {1.0, 0.0}, {0.9, 0.9}
    };

    private final Sim sim;
    private final int depth;
    private final RmwReference ref;
    private final Operands operands;
    private final ExtraCheck extra;
    final Map<String, Integer> coverage = new LinkedHashMap<>();

    RmwBench(Sim sim, int depth, RmwReference ref, Operands operands, ExtraCheck extra) {
        this.sim = sim;
        this.depth = depth;
        this.ref = ref;
        this.operands = operands;
        this.extra = extra;
        for (String k : new String[] {
            "same_addr_next_cycle",
            "same_addr_two_apart",
            "same_addr_after_gap",
            "same_addr_while_stalled",
            "out_stalled",
            "accept_while_full",
            "clear_in_flight",
            "clear_while_clearing",
            "long_same_run",
            "same_addr_across_clear"
        }) coverage.put(k, 0);
    }

    private void cover(String k, boolean hit) {
        if (hit) coverage.merge(k, 1, Integer::sum);
    }

    void run(long seed, int cycles, double clearRate) {
        Random rnd = new Random(seed);
        int inValid = id("io_in_valid"),
                inReady = id("io_in_ready"),
                inAddr = id("io_in_bits_addr"),
                inCmd = id("io_in_bits_cmd");
        int outValid = id("io_out_valid"),
                outReady = id("io_out_ready"),
                outAddr = id("io_out_bits_addr"),
                outCmd = id("io_out_bits_cmd");
        int outOld = id("io_out_bits_old"),
                outUpdated = id("io_out_bits_updated"),
                clear = id("io_clear"),
                clearing = id("io_clearing");
        sim.reset(2);
        ref.reset();

        boolean pending = false;
        long addr = 0, cmd = 0;
        long lastAddr = -1, lastAcceptCycle = -10, prevAddr = -1, prevAcceptCycle = -10;
        int run = 0;
        int phaseLeft = 0;
        double pValid = 1, pReady = 1;
        Pattern pattern = Pattern.SAME;
        long a = 0, b = 1;
        LongUnaryOperator pick = i -> 0;
        long seq = 0;
        int clearAgainIn = -1;
        long addrBeforeClear = -1; // the last command accepted before the latest clear, while none was accepted since
        for (int c = 0; c < cycles; c++) {
            if (phaseLeft-- <= 0) {
                double[] ph = PHASES[rnd.nextInt(PHASES.length)];
                pValid = ph[0];
                pReady = ph[1];
                pattern = Pattern.values()[rnd.nextInt(Pattern.values().length)];
                a = rnd.nextInt(depth);
                b = (a + 1 + rnd.nextInt(depth - 1)) % depth;
                long fa = a, fb = b, fc = (b + 1 + rnd.nextInt(depth - 1)) % depth;
                pick = switch (pattern) {
                    case SAME -> i -> fa;
                    case ALTERNATE -> i -> i % 2 == 0 ? fa : fb;
                    case ABA -> i -> i % 3 == 1 ? fb : fa;
                    case FEW -> i -> new long[] {fa, fb, fc}[rnd.nextInt(3)];
                    case RANDOM -> i -> rnd.nextInt(depth);
                };
                phaseLeft = 20 + rnd.nextInt(300);
            }
            if (!pending && rnd.nextDouble() < pValid) {
                pending = true;
                addr = pick.applyAsLong(seq++);
                cmd = operands.next(rnd, addr);
            }
            boolean ready = rnd.nextDouble() < pReady;
            // Clears are rare, and a quarter of them is followed by another during the sweep (which restarts it). While
            // the output is blocked they are 20 times as likely, so that commands from before a clear are still in
            // flight when the first ones after it arrive.
            boolean clr = rnd.nextDouble() < (pReady == 0 ? 20 * clearRate : clearRate) || clearAgainIn-- == 0;
            if (clr && clearAgainIn < 0 && rnd.nextInt(4) == 0) clearAgainIn = rnd.nextInt(depth);
            sim.poke(inValid, pending ? 1 : 0);
            sim.poke(inAddr, addr);
            sim.poke(inCmd, cmd);
            sim.poke(outReady, ready ? 1 : 0);
            sim.poke(clear, clr ? 1 : 0);

            long cyc = sim.cycle(), a0 = addr, c0 = cmd;
            boolean v0 = pending, r0 = ready, k0 = clr;
            Pattern p0 = pattern;
            Supplier<String> where = () -> "cycle " + cyc + " (pattern " + p0 + ", in valid=" + v0 + " addr=" + a0
                    + " cmd=0x" + Long.toHexString(c0) + ", out ready=" + r0 + ", clear=" + k0 + ")";
            expect(ref.clearing() ? 1 : 0, clearing, "io_clearing", where);
            expect(ref.inReady(ready) ? 1 : 0, inReady, "io_in_ready", where);
            expect(ref.outValid() ? 1 : 0, outValid, "io_out_valid", where);
            if (ref.outValid()) {
                RmwReference.Result h = ref.head();
                Supplier<String> forResult = () -> where.get() + " for " + h;
                expect(h.addr(), outAddr, "io_out_bits_addr", forResult);
                expect(h.cmd(), outCmd, "io_out_bits_cmd", forResult);
                expect(h.old(), outOld, "io_out_bits_old", forResult);
                expect(h.updated(), outUpdated, "io_out_bits_updated", forResult);
                extra.check(sim, h, forResult);
            }

            cover("out_stalled", ref.outValid() && !ready);
            cover("accept_while_full", pending && ref.held() == ref.capacity() && ref.inReady(ready));
            cover("clear_in_flight", clr && ref.held() > 0);
            cover("clear_while_clearing", clr && ref.clearing());
            boolean stalled = ref.outValid() && !ready;
            int heldBefore = ref.held();
            RmwReference.Result accepted = ref.clock(pending, addr, cmd, ready, clr);
            sim.step();
            if (accepted != null) {
                long now = accepted.acceptedAt();
                cover("same_addr_next_cycle", addr == lastAddr && lastAcceptCycle == now - 1);
                cover("same_addr_two_apart", addr == prevAddr && prevAcceptCycle == now - 2 && lastAddr != addr);
                cover("same_addr_after_gap", addr == lastAddr && lastAcceptCycle == now - 2);
                cover("same_addr_while_stalled", addr == lastAddr && stalled);
                run = addr == lastAddr ? run + 1 : 0;
                cover("long_same_run", run == 50);
                // The command ahead, same address, still in flight from before a clear: this one must read zeros.
                cover("same_addr_across_clear", addr == addrBeforeClear && heldBefore >= 2);
                addrBeforeClear = -1;
                prevAddr = lastAddr;
                prevAcceptCycle = lastAcceptCycle;
                lastAddr = addr;
                lastAcceptCycle = now;
                pending = false;
            }
            if (clr) {
                if (lastAddr >= 0) addrBeforeClear = lastAddr;
                lastAddr = -1;
                prevAddr = -1;
            }
        }
    }

    private void expect(long expected, int port, String name, Supplier<String> where) {
        long got = sim.peek(port);
        if (got != expected) assertEquals(expected, got, () -> name + " at " + where.get());
    }

    void assertCovered() {
        coverage.forEach((k, n) -> assertTrue(n > 0, "coverage hole: never saw " + k + " " + coverage));
    }

    private int id(String port) {
        return sim.port(port).id();
    }
}
