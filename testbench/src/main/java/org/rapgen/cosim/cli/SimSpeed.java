package org.rapgen.cosim.cli;

import java.util.Locale;
import org.rapgen.cosim.Sim;

/**
 * How fast a co-simulation's loop ran: the clocks it simulated and the wall time of the loop alone. The Verilator
 * build (or its cache lookup), reading the trace and computing a golden model up front are outside the timed span;
 * a golden model that runs in lockstep with the RTL is inside it, because it is part of the loop.
 *
 * <p>{@code ./rapgen cosim} prints {@link #line()} in its summary, and docs/performance.md reads it back (the
 * {@code cycles/s} figure), so the line's shape is part of the command's output contract (docs/cli.md).
 */
public record SimSpeed(long clocks, long nanos) {
    /** The summary line's label; the number follows it after spaces. */
    public static final String LABEL = "cycles/s";

    /** Starts timing a loop on {@code sim}. */
    public static Start start(Sim sim) {
        return new Start(sim, sim.cycle(), System.nanoTime());
    }

    /** A loop being timed; {@link #stop()} when it ends. */
    public record Start(Sim sim, long clock, long t0) {
        public SimSpeed stop() {
            return new SimSpeed(sim.cycle() - clock, System.nanoTime() - t0);
        }
    }

    public double cyclesPerSecond() {
        return nanos <= 0 ? 0 : clocks * 1e9 / nanos;
    }

    /** E.g. {@code cycles/s    2143000 (219104 clocks in 0.102 s of simulation loop; Verilator build excluded)}. */
    public String line() {
        return String.format(
                Locale.ROOT,
                "%-11s %.0f (%d clocks in %.3f s of simulation loop; Verilator build excluded)",
                LABEL,
                cyclesPerSecond(),
                clocks,
                nanos / 1e9);
    }
}
