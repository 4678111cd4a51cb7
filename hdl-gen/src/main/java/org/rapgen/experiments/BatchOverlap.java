package org.rapgen.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;

/**
 * How much of a merge batch the simplest exact rule could run beside the event stream, and what splits cost, measured
 * on the hardware-exact model (the trie engine's numbers, N = 4096 by default).
 *
 * <p>The rule: while a batch with threshold T walks the tree, an event may go on if the node it updates already
 * counts at least T (that node neither merges nor changes, and stays the deepest node of its key) and it asks for no
 * split and no batch of its own. The first event that breaks the rule waits for the batch to end. For every batch
 * that walks the tree, this counts the events after it that the rule lets through before the first that waits: the
 * clocks of a walk that such a design could hide. A walk at N = 4096 takes thousands of clocks (docs/rap-trie.md), so a
 * run of a few hundred events hides a few percent of it.
 *
 * <p>Usage: {@code java -cp rapgen.jar org.rapgen.experiments.BatchOverlap [--nodes N] [--eps-fx E] [--key-bits K]
 * [--events M] [--split-clocks S] TRACE...} (text or lackey traces, as {@code ./rapgen profile} reads them). One line
 * a trace: events, splits and their clocks at S clocks each, walked batches, and the runs.
 */
public final class BatchOverlap {
    private BatchOverlap() {}

    public static void main(String[] argv) throws IOException {
        Args args = new Args(
                "BatchOverlap",
                argv,
                Args.defaults(
                        "nodes", "4096", "eps-fx", "655", "key-bits", "32", "events", "1000000", "split-clocks", "11"));
        if (args.positional().isEmpty()) throw args.fail("give at least one trace");
        System.out.println(
                "trace | events | splits | split clocks / events | walked batches | events let through after a"
                        + " walked batch: median / mean / least");
        for (String trace : args.positional()) {
            System.out.println(run(Path.of(trace), args));
        }
    }

    private static String run(Path trace, Args args) throws IOException {
        int keyBits = args.integer("key-bits");
        HardwareRap model =
                new HardwareRap(RapParams.of(keyBits, 2, args.integer("eps-fx")), args.integer("nodes"), 32);
        long limit = args.longValue("events");
        List<Long> runs = new ArrayList<>();
        long events = 0;
        long run = -1; // events let through since the last walked batch; -1 when none is in progress
        long batchT = 0;
        try (TraceReader r = TraceReader.open(trace, TraceOptions.keyBits(keyBits))) {
            while (events < limit && r.next()) {
                long key = r.key();
                // The rule asks only while a batch walks: a lookup of every other event's node would be wasted.
                boolean safe = run >= 0 && Long.compareUnsigned(model.countAt(key), batchT) >= 0;
                long splits = model.status().splits();
                long walked = model.walkedBatches();
                long batches = model.status().mergeBatches();
                model.accept(key, r.weight());
                events++;
                boolean quiet =
                        model.status().splits() == splits && model.status().mergeBatches() == batches;
                if (run >= 0 && safe && quiet) {
                    run++;
                } else if (run >= 0) {
                    runs.add(run);
                    run = -1;
                }
                if (model.walkedBatches() != walked) {
                    run = 0;
                    batchT = model.params().threshold(model.n());
                }
            }
        }
        if (run >= 0) runs.add(run);
        Collections.sort(runs);
        long splits = model.status().splits();
        double mean = runs.stream().mapToLong(Long::longValue).average().orElse(0);
        return String.format(
                Locale.ROOT,
                "%s | %d | %d | %.1f %% | %d | %s / %.0f / %s",
                trace.getFileName(),
                events,
                splits,
                100.0 * splits * args.integer("split-clocks") / events,
                runs.size(),
                runs.isEmpty() ? "-" : runs.get(runs.size() / 2),
                mean,
                runs.isEmpty() ? "-" : runs.get(0));
    }
}
