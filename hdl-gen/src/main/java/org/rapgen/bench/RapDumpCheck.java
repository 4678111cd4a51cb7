package org.rapgen.bench;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rapgen.golden.rap.BoundCheck;
import org.rapgen.golden.rap.ExactProfile;
import org.rapgen.golden.rap.HotRangeAccuracy;
import org.rapgen.golden.rap.HotRanges;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapTree;
import org.rapgen.golden.rap.TreeDump;
import org.rapgen.golden.rap.UnboundedRap;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;

/**
 * The independent check of a tree dump against its trace:
 * the SPEC §4 guarantee for every node against the exact per-key weights, and the hot-range accuracy (paper §5.3)
 * beside that of the unbounded golden model on the same trace and parameters. Exit 0 if the guarantee holds and
 * the accuracy is within {@code tolerance} (default 0.01, one point) of the unbounded model's.
 * Usage: {@code RapDumpCheck DUMP TRACE [h=0.1] [tolerance=0.01]}; the trace holds unit-weight or weighted events.
 */
public final class RapDumpCheck {
    private RapDumpCheck() {}

    public static void main(String[] args) throws Exception {
        RapTree tree;
        try (Reader r = Files.newBufferedReader(Path.of(args[0]), StandardCharsets.UTF_8)) {
            tree = TreeDump.read(r);
        }
        double h = args.length > 2 ? Double.parseDouble(args[2]) : HotRanges.DEFAULT_H;
        double tolerance = args.length > 3 ? Double.parseDouble(args[3]) : 0.01;
        ExactProfile.Builder exact = ExactProfile.builder();
        UnboundedRap unbounded = new UnboundedRap(RapParams.of(tree.keyBits(), tree.bitsPerLevel(), tree.epsFx()));
        try (TraceReader t = TraceReader.open(Path.of(args[1]), TraceOptions.keyBits(tree.keyBits()))) {
            while (t.next()) {
                exact.accept(t.key(), t.weight());
                unbounded.accept(t.key(), t.weight());
            }
        }
        ExactProfile ex = exact.build();
        boolean ok = true;
        if (ex.total() != tree.n()) {
            System.out.println("events: dump says n=" + Long.toUnsignedString(tree.n()) + ", trace has " + ex.total());
            ok = false;
        }
        if (tree.overflow()) {
            System.out.println("overflow=1: the SPEC §4 guarantee does not apply; use more node slots");
            ok = false;
        } else {
            List<String> bad = BoundCheck.violations(tree, ex, ex.maxEventWeight());
            System.out.printf(
                    "SPEC §4 guarantee: %d nodes checked, %d violations%n",
                    tree.nodes().size(), bad.size());
            bad.stream().limit(10).forEach(v -> System.out.println("  " + v));
            ok &= bad.isEmpty();
        }
        double engine = HotRangeAccuracy.measure(HotRanges.find(tree, h), ex, tree.keyBits())
                .accuracy();
        RapTree ref = unbounded.tree();
        double golden = HotRangeAccuracy.measure(HotRanges.find(ref, h), ex, ref.keyBits())
                .accuracy();
        System.out.printf(
                "hot-range accuracy (h=%s): dump %.4f, unbounded golden model %.4f, difference %.2f points%n",
                h, engine, golden, 100 * Math.abs(engine - golden));
        ok &= Math.abs(engine - golden) <= tolerance;
        System.out.println(ok ? "PASS" : "FAIL");
        System.exit(ok ? 0 : 1);
    }
}
