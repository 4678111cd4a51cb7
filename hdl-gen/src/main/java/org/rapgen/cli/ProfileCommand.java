package org.rapgen.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.rapgen.designs.SamplerDesign;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapGates;
import org.rapgen.golden.rap.GatedStream;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.HotRange;
import org.rapgen.golden.rap.HotRanges;
import org.rapgen.golden.rap.RapModel;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapProfiler;
import org.rapgen.golden.rap.RapStatus;
import org.rapgen.golden.rap.RapTree;
import org.rapgen.golden.rap.TreeDump;
import org.rapgen.golden.rap.UnboundedRap;
import org.rapgen.golden.sampler.GateChain;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code profile}: runs a trace through the RAP golden model (SPEC §4; hardware-exact with {@code --nodes}) and
 * prints the hot ranges and a summary. Options are checked, and output files opened, before the trace is read; the
 * files appear only if the whole trace was good.
 */
@Command(
        name = "profile",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Run the RAP golden model on a trace and print the hot ranges (see docs/cli.md).")
final class ProfileCommand implements Callable<Integer> {
    @Mixin
    TraceArgs in;

    @Option(
            names = "--eps",
            required = true,
            paramLabel = "E",
            description = "error bound eps, 1/65536 <= E < 1 (used as floor(E*65536)/65536)")
    double eps;

    @Option(
            names = "--branching",
            paramLabel = "B",
            defaultValue = "4",
            description = "branching factor 2, 4 or 16 (default 4, the paper's)")
    int branching;

    @Option(
            names = "--key-bits",
            paramLabel = "K",
            defaultValue = "32",
            description = "key width 32 or 64 (default 32)")
    int keyBits;

    @Option(names = "--nodes", paramLabel = "N", description = "hardware-exact model with N node slots, 16..65536")
    Integer nodes;

    @Option(
            names = "--counter-bits",
            paramLabel = "C",
            description = "node counter width 1..64 (needs --nodes; default 32)")
    Integer counterBits;

    @Option(
            names = "--combine",
            paramLabel = "W",
            description = "combining event queue with W-bit weights, 1..63 (needs --nodes; default: none)")
    Integer combine;

    @Option(
            names = "--m0",
            paramLabel = "M",
            defaultValue = "1024",
            description = "first merge batch at n = M (default 1024)")
    long m0;

    @Option(
            names = "--q",
            paramLabel = "Q",
            defaultValue = "2",
            description = "merge batches at M*Q^j, Q >= 2 (default 2)")
    long q;

    @Option(
            names = "--hot",
            paramLabel = "H",
            defaultValue = "0.1",
            description = "hot if H(v) >= H*n, 0 < H <= 1 (default 0.1)")
    double hot;

    @Option(
            names = "--lackey",
            paramLabel = "MODE",
            defaultValue = "instr",
            description = "keys from a lackey trace: instr or data (default instr)")
    String lackey;

    @Option(
            names = "--packet",
            paramLabel = "FIELD",
            defaultValue = "src",
            description = "keys from a capture: src or dst IPv4 address (default src)")
    String packet;

    @Option(
            names = "--gate",
            paramLabel = "SPEC",
            description =
                    "gates in front of the model, as a rap config's gate: B[s,b], F[mask,match], PH[...] (docs/gates.md)")
    String gate;

    @Option(
            names = "--hash-seed",
            paramLabel = "S",
            defaultValue = "0x9E3779B9",
            description = "seed of the gates' pc permutation, as a rap config's hash_seed (default 0x9E3779B9)")
    String hashSeed;

    @Option(
            names = "--lfsr-seed",
            paramLabel = "S",
            defaultValue = "0xACE1ACE1",
            description = "the phase gate's LFSR seed, as a rap config's lfsr_seed (default 0xACE1ACE1)")
    String lfsrSeed;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(names = "--dump", paramLabel = "FILE", description = "write the final tree (SPEC §8 dump)")
    Path dump;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(names = "--report", paramLabel = "FILE.svg", description = "draw the hot ranges as SVG")
    Path report;

    static final int DEFAULT_COUNTER_BITS = 32;

    @Override
    public Integer call() throws IOException {
        RapParams params = params();
        Supplier<RapModel> model = model(params);
        GateChain gates = gates();
        TraceOptions opt = traceOptions();
        try (OutputFile dumpOut = OutputFile.ofNullable(dump);
                OutputFile svgOut = OutputFile.ofNullable(report);
                TraceInput trace = TraceInput.open(in.trace, in.format, opt, TraceShape.EVENTS)) {
            RapProfiler profiler = RapProfiler.init(1, model, combine == null ? 0 : combine);
            long records = run(trace, profiler, gates);
            RapTree tree = finish(trace, profiler);
            RapStatus status = profiler.model(0).status();
            // With n = 0 the root would be "hot" with H = 0 >= h*0; an empty trace has no hot range.
            List<HotRange> hotRanges = tree.n() == 0 ? List.of() : HotRanges.find(tree, hot);
            HotRangeView view = new HotRangeView(hotRanges, keyBits, tree.n(), hot);

            if (dumpOut != null) TreeDump.write(tree, dumpOut.writer());
            if (svgOut != null)
                HotRangeSvg.write(view, "RAP hot ranges: " + in.trace.getFileName(), describe(tree), svgOut.writer());
            if (dumpOut != null) dumpOut.commit();
            if (svgOut != null) svgOut.commit();
            PrintStream out = System.out;
            HotRangeTable.print(view, out);
            summary(out, trace, records, tree, status);
            return 0;
        }
    }

    private RapParams params() {
        if (branching != 2 && branching != 4 && branching != 16) {
            throw new BadInputException("--branching must be 2, 4 or 16, got " + branching);
        }
        if (keyBits != 32 && keyBits != 64) throw new BadInputException("--key-bits must be 32 or 64, got " + keyBits);
        if (!(hot > 0 && hot <= 1)) throw new BadInputException("--hot must be in (0, 1], got " + hot);
        try {
            return new RapParams(keyBits, Integer.numberOfTrailingZeros(branching), RapParams.epsToFx(eps), m0, q);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(optionName(e.getMessage()) + e.getMessage());
        }
    }

    /** RapParams names its parameters the way SPEC §4 does; say which option was wrong. */
    private static String optionName(String problem) {
        if (problem.startsWith("eps")) return "--eps: ";
        if (problem.startsWith("M0")) return "--m0: ";
        if (problem.startsWith("q ")) return "--q: ";
        return "";
    }

    private Supplier<RapModel> model(RapParams params) {
        if (nodes == null) {
            if (counterBits != null)
                throw new BadInputException("--counter-bits needs --nodes (the unbounded model counts in 64 bits)");
            if (combine != null)
                throw new BadInputException(
                        "--combine needs --nodes (the combining queue is part of the hardware model)");
            return () -> new UnboundedRap(params);
        }
        if (nodes < RapConfig.MIN_NODES || nodes > RapConfig.MAX_NODES) {
            throw new BadInputException(
                    "--nodes must be " + RapConfig.MIN_NODES + ".." + RapConfig.MAX_NODES + ", got " + nodes);
        }
        int c = counterBits();
        if (c < 1 || c > 64) throw new BadInputException("--counter-bits must be 1..64, got " + c);
        if (combine != null && (combine < 1 || combine > 63))
            throw new BadInputException("--combine must be 1..63, got " + combine);
        return () -> new HardwareRap(params, nodes, c);
    }

    private int counterBits() {
        return counterBits == null ? DEFAULT_COUNTER_BITS : counterBits;
    }

    private TraceOptions traceOptions() {
        TraceOptions opt = TraceOptions.keyBits(keyBits);
        switch (lackey.toLowerCase(Locale.ROOT)) {
            case "instr":
                opt = opt.withLackeyMode(TraceOptions.LackeyMode.INSTR);
                break;
            case "data":
                opt = opt.withLackeyMode(TraceOptions.LackeyMode.DATA);
                break;
            default:
                throw new BadInputException("--lackey must be instr or data, got " + lackey);
        }
        switch (packet.toLowerCase(Locale.ROOT)) {
            case "src":
                return opt.withPacketField(TraceOptions.PacketField.SRC);
            case "dst":
                return opt.withPacketField(TraceOptions.PacketField.DST);
            default:
                throw new BadInputException("--packet must be src or dst, got " + packet);
        }
    }

    /** The gates of --gate, or null without. */
    private GateChain gates() {
        if (gate == null) return null;
        int hs = seed("--hash-seed", hashSeed);
        int ls = seed("--lfsr-seed", lfsrSeed);
        try {
            RapGates g = RapGates.parse(gate, hs, ls);
            if (!g.any()) throw new BadInputException("--gate: give at least one gate, or leave --gate out");
            return g.golden(keyBits);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--gate: " + e.getMessage());
        }
    }

    private static int seed(String option, String text) {
        String problem = SamplerDesign.seedProblem(text);
        if (problem != null) throw new BadInputException(option + " " + problem);
        return SamplerDesign.seed(text);
    }

    /** Feeds every record through the gates, if any, to the profiler; returns the number of records. */
    private long run(TraceInput trace, RapProfiler profiler, GateChain gates) {
        // the whole trace is one frame: the end flushes in finish(), so no beat carries tlast here
        GatedStream stream = new GatedStream(gates, (key, w) -> profiler.addPoints(key, w, 0));
        TraceReader r = trace.reader();
        Progress progress = Progress.create(in.progress, trace, System.err);
        long weightMax = combine == null ? Long.MAX_VALUE : (1L << combine) - 1;
        while (trace.next()) {
            long w = r.weight();
            if (w > weightMax) {
                throw trace.badRecord("weight " + w + " does not fit the combining queue's " + combine
                        + "-bit weight (max " + weightMax + ")");
            }
            try {
                stream.beat(r.key(), w, false);
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw trace.badRecord(e.getMessage());
            }
            progress.tick(r.records());
        }
        progress.done(r.records());
        return r.records();
    }

    /** Flushes the combining queue (its last run can still overflow n) and takes the final tree. */
    private static RapTree finish(TraceInput trace, RapProfiler profiler) {
        try {
            List<RapTree> trees = profiler.finalizeProfile();
            return trees.get(0);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw trace.badRecord(e.getMessage());
        }
    }

    private String describe(RapTree tree) {
        return String.format(
                Locale.ROOT,
                "%s; key_bits=%d branching=%d eps=%s n=%s; hot: H(v) >= %s of n",
                modelName(),
                tree.keyBits(),
                tree.branching(),
                TreeDump.formatEps(tree.epsFx()),
                Long.toUnsignedString(tree.n()),
                HotRangeTable.percent(hot));
    }

    private String modelName() {
        if (nodes == null) return "unbounded model" + (gate == null ? "" : " behind gates " + gate);
        return "hardware-exact model N=" + nodes + " C=" + counterBits()
                + (combine == null ? "" : " combining W=" + combine) + (gate == null ? "" : " behind gates " + gate);
    }

    private void summary(PrintStream out, TraceInput trace, long records, RapTree tree, RapStatus st) {
        TraceReader r = trace.reader();
        String skipped = r.skipped() == 0 ? "" : ", " + r.skipped() + " skipped";
        Summary.row(out, "trace", in.trace + " (" + trace.formatName() + ", " + records + " records" + skipped + ")");
        Summary.row(out, "model", modelName());
        Summary.row(
                out,
                "params",
                String.format(
                        Locale.ROOT,
                        "key_bits=%d branching=%d eps=%s (epsFx=%d) m0=%d q=%d",
                        tree.keyBits(),
                        tree.branching(),
                        TreeDump.formatEps(tree.epsFx()),
                        tree.epsFx(),
                        m0,
                        q));
        Summary.row(
                out,
                "n",
                Long.toUnsignedString(st.n()) + " (total weight); " + st.updates() + " updates after the queue");
        Summary.row(
                out,
                "nodes",
                "final " + st.currentNodes() + ", max " + st.highWaterNodes() + "; splits " + st.splits() + ", merged "
                        + st.merges() + " in " + st.mergeBatches() + " batches");
        Summary.row(
                out,
                "overflow",
                (st.overflow() ? 1 : 0) + "; deferred splits " + st.deferredSplits() + ", saturations "
                        + st.saturations());
    }
}
