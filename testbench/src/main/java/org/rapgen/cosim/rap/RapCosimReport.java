package org.rapgen.cosim.rap;

import java.io.PrintStream;
import java.util.List;
import org.rapgen.engines.rap.StallCause;
import org.rapgen.golden.rap.RapTree;

/**
 * What a RAP co-simulation measured and found.
 *
 * @param beats         stream beats taken by the engine
 * @param events        events committed by the engine (after the combining queue)
 * @param cycles        clocks from the first beat offered until the engine was quiet after the last one, without the
 *                      clocks the stream was held for mid-stream checks
 * @param causes        clocks per {@link StallCause} over {@code cycles}
 * @param backpressure  clocks with a beat offered and tready low
 * @param checks        comparisons made (status snapshots, trees)
 * @param snapshotsInStructure snapshot requests taken while a split or merge was in progress
 * @param mismatches    every difference between RTL and golden model, empty on success
 * @param tree          the final tree read out through the CSRs (null if the run was cut short)
 */
public record RapCosimReport(
        long beats,
        long events,
        long cycles,
        long[] causes,
        long backpressure,
        int checks,
        int snapshotsInStructure,
        List<String> mismatches,
        RapTree tree) {

    public double eventsPerCycle() {
        return cycles == 0 ? 0 : (double) beats / cycles;
    }

    public boolean ok() {
        return mismatches.isEmpty();
    }

    public long cause(StallCause c) {
        return causes[c.code()];
    }

    public void print(PrintStream out) {
        out.printf("events      %d beats, %d after the event queue%n", beats, events);
        out.printf("cycles      %d%n", cycles);
        out.printf("events/cycle %.4f%n", eventsPerCycle());
        out.println("stalls (clocks without a commit):");
        row(out, "split", cause(StallCause.SPLIT), "drain, undo, allocate children, refill");
        row(out, "merge", cause(StallCause.MERGE), "merge batches (scheduled and early), schedule update, refill");
        row(out, "bubbles", cause(StallCause.BUBBLE), "pipeline fill with events in flight (forwarding needs none)");
        row(out, "starved", cause(StallCause.STARVED), "no event available (queue empty)");
        row(out, "csr", cause(StallCause.CSR), "reset, soft reset, node readouts");
        row(out, "backpressure", backpressure, "clocks with tvalid high and tready low");
        out.printf("checks      %d comparisons with the golden model%n", checks);
        out.printf("mismatches  %d%n", mismatches.size());
        for (int i = 0; i < Math.min(20, mismatches.size()); i++) out.println("  " + mismatches.get(i));
        if (mismatches.size() > 20) out.println("  ... " + (mismatches.size() - 20) + " more");
    }

    private void row(PrintStream out, String name, long clocks, String what) {
        out.printf("  %-13s %10d  %5.2f%%  %s%n", name, clocks, cycles == 0 ? 0.0 : 100.0 * clocks / cycles, what);
    }
}
