package org.rapgen.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rapgen.golden.sampler.HostPolicy;
import org.rapgen.golden.sampler.Message;
import org.rapgen.golden.sampler.MessageSink;
import org.rapgen.golden.sampler.Metrics;
import org.rapgen.golden.sampler.Profile;
import org.rapgen.golden.sampler.Sampler;
import org.rapgen.golden.sampler.SamplerConfig;
import org.rapgen.golden.sampler.SamplerSpec;
import org.rapgen.golden.sampler.SpecException;
import org.rapgen.golden.sampler.ValueProfileHost;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code sample}: runs a tuple trace through a sampler golden model (SPEC §6) and writes its messages in the SPEC §8
 * form {@code <hex pc> <hex w> <decimal count>}, in emission order. Messages for standard output are held back in a
 * temporary file until the trace has been read to the end, so a bad trace leaves no partial output anywhere.
 */
@Command(
        name = "sample",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Run a sampler golden model on a tuple trace and write its messages (see docs/cli.md).")
final class SampleCommand implements Callable<Integer> {
    @Mixin
    TraceArgs in;

    @Option(
            names = "--sampler",
            required = true,
            paramLabel = "SPEC",
            description =
                    "composition, e.g. P256, H[P256]2048, H[P256]2048A16, T[tag=2]2048, V[16]256, Z32, B[100,10]H[P256]2048 (gates in front: docs/gates.md)")
    String spec;

    @PathOption(PathOption.Kind.OUTPUT_FILE)
    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "write the messages here (default: standard output, unless --report)")
    Path out;

    @Option(
            names = "--report",
            description =
                    "print the invariance error against the exact profile and the overhead (paper §5.3); for a slot"
                            + " table Z_k, the host loop's view (docs/slot-table.md)")
    boolean report;

    @Option(
            names = "--cycles",
            paramLabel = "N",
            description = "cycles of the profiled run, to give the overhead in %% (with --report)")
    Long cycles;

    @Option(
            names = "--top",
            paramLabel = "N",
            defaultValue = "20",
            description = "with --report and a value hotlist V[...] or a slot table Z_k: the N pcs with the most tuples"
                    + " or samples (default 20)")
    int top;

    @Option(
            names = "--key-bits",
            paramLabel = "K",
            defaultValue = "32",
            description = "width of pc and w, a multiple of 8 in 8..64 (default 32)")
    int keyBits;

    @Override
    public Integer call() throws IOException {
        SamplerSpec parsed = parse();
        SamplerConfig cfg = config();
        if (cycles != null && (!report || cycles < 1))
            throw new BadInputException("--cycles needs --report and a value >= 1");
        if (top < 1) throw new BadInputException("--top must be >= 1, got " + top);
        boolean host = report && parsed.first == SamplerSpec.First.SLOTS;
        if (host && out != null)
            throw new BadInputException(
                    "--out with --report and a slot table: the report runs the host loop, which masks tuples, so it"
                            + " writes no messages (run without --report for the table's messages)");
        TraceOptions opt = TraceOptions.keyBits(keyBits)
                .withLackeyMode(TraceOptions.LackeyMode.TUPLES)
                .withPacketField(TraceOptions.PacketField.SRC_DST);
        try (OutputFile messages = out != null ? OutputFile.of(out) : report ? null : OutputFile.stdout(System.out);
                TraceInput trace = TraceInput.open(in.trace, in.format, opt, TraceShape.TUPLES)) {
            if (host) return hostLoop(parsed, cfg, trace);
            HotlistView hotlist = report && parsed.first == SamplerSpec.First.HOTLIST ? new HotlistView() : null;
            Sink sink = new Sink(messages == null ? null : messages.writer(), report ? new Profile() : null, hotlist);
            Sampler sampler = build(parsed, cfg, sink);
            Profile ideal = report ? new Profile() : null;
            TraceReader r = trace.reader();
            Progress progress = Progress.create(in.progress, trace, System.err);
            try {
                while (trace.next()) {
                    sampler.push(r.pc(), r.w());
                    if (ideal != null) ideal.add(r.pc(), r.w(), 1);
                    progress.tick(r.records());
                }
                sampler.finish();
            } catch (UncheckedIOException e) {
                throw messages.cannotWrite(e.getCause());
            }
            progress.done(r.records());
            if (messages != null) messages.commit();
            if (report) report(System.out, sampler, r.records(), sink, ideal);
            if (hotlist != null) hotlist.print(System.out, top);
            return 0;
        }
    }

    /** A slot table with --report: the host loop runs over it, and its view is the report. */
    private int hostLoop(SamplerSpec parsed, SamplerConfig cfg, TraceInput trace) throws IOException {
        ValueProfileHost loop;
        try {
            loop = new ValueProfileHost(parsed, cfg, HostPolicy.defaults());
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--sampler: " + e.getMessage());
        }
        Profile exact = new Profile();
        TraceReader r = trace.reader();
        Progress progress = Progress.create(in.progress, trace, System.err);
        while (trace.next()) {
            loop.push(r.pc(), r.w());
            exact.add(r.pc(), r.w(), 1);
            progress.tick(r.records());
        }
        loop.finish();
        progress.done(r.records());
        SlotTableView.print(System.out, parsed.canonical(), loop, exact, cycles, top);
        return 0;
    }

    private SamplerSpec parse() {
        try {
            return SamplerSpec.parse(spec);
        } catch (SpecException e) {
            throw new BadInputException("--sampler: " + e.getMessage());
        }
    }

    private SamplerConfig config() {
        try {
            return SamplerConfig.of(keyBits);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--key-bits: " + e.getMessage());
        }
    }

    private static Sampler build(SamplerSpec parsed, SamplerConfig cfg, MessageSink sink) {
        try {
            return parsed.build(cfg, sink);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--sampler: " + e.getMessage());
        }
    }

    private void report(PrintStream o, Sampler sampler, long tuples, Sink sink, Profile ideal) {
        long cyclesOverhead = Metrics.overheadCycles(sink.messages);
        Summary.row(o, "sampler", sampler.spec());
        Summary.row(o, "tuples", Long.toString(tuples));
        Summary.row(
                o,
                "messages",
                sink.messages + " (counts add up to " + sink.profile.total() + "; " + sampler.pending()
                        + " tuples counted but unreported at the end)");
        Summary.row(
                o,
                "compress",
                sink.messages == 0
                        ? "no messages"
                        : String.format(Locale.ROOT, "%.2f tuples per message", tuples / (double) sink.messages));
        Summary.row(
                o,
                "error",
                String.format(
                        Locale.ROOT,
                        "%.4f%% invariance error against the exact profile",
                        100 * Metrics.invarianceError(ideal, sink.profile)));
        String percent = cycles == null
                ? ""
                : String.format(
                        Locale.ROOT, ", %.4f%% of %d cycles", Metrics.overheadPercent(sink.messages, cycles), cycles);
        Summary.row(
                o,
                "overhead",
                String.format(
                        Locale.ROOT,
                        "%d cycles (%d per message), %.4f per tuple%s",
                        cyclesOverhead,
                        Metrics.CYCLES_PER_MESSAGE,
                        tuples == 0 ? 0.0 : cyclesOverhead / (double) tuples,
                        percent));
    }

    /** Writes each message as a SPEC §8 line (if there is a writer), counts it and adds it to the sampled profile. */
    private static final class Sink implements MessageSink {
        final Writer writer;
        final Profile profile;
        final HotlistView hotlist;
        long messages;

        Sink(Writer writer, Profile profile, HotlistView hotlist) {
            this.writer = writer;
            this.profile = profile;
            this.hotlist = hotlist;
        }

        @Override
        public void message(long pc, long w, long count) {
            message(pc, w, count, -1);
        }

        /** A hotlist's message adds the tuples it stands for to the profile, and its line has the level. */
        @Override
        public void message(long pc, long w, long count, int level) {
            messages++;
            long estimate = Message.estimate(count, level);
            if (profile != null) profile.add(pc, w, estimate);
            if (hotlist != null) hotlist.add(pc, w, estimate, level);
            if (writer == null) return;
            try {
                writer.write(Message.line(pc, w, count, level));
                writer.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
