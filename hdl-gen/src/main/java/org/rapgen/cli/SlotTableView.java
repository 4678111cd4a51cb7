package org.rapgen.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.rapgen.golden.sampler.Metrics;
import org.rapgen.golden.sampler.PcValueEstimate;
import org.rapgen.golden.sampler.Profile;
import org.rapgen.golden.sampler.ValueProfileHost;
import org.rapgen.golden.sampler.ValueProfileHost.Reason;

/**
 * The host loop's view of a slot table run (docs/slot-table.md): its overhead (interrupts, messages read and copied,
 * messages per tenth of the trace), the weighted RMS error of its per-pc invariance against the exact profile, and
 * per pc, those with the most samples first, the samples, profiles, estimated invariance and top value.
 */
final class SlotTableView {
    private SlotTableView() {}

    static void print(PrintStream o, String spec, ValueProfileHost host, Profile exact, Long cycles, int top) {
        Summary.row(o, "sampler", spec + " with the host loop");
        Summary.row(o, "tuples", Long.toString(host.tuples()));
        Summary.row(
                o,
                "interrupts",
                String.format(
                        Locale.ROOT,
                        "%d (%d failed, %d thrash, %d idle readouts)",
                        host.interrupts(),
                        host.readouts(Reason.FAILED),
                        host.readouts(Reason.THRASH),
                        host.readouts(Reason.IDLE)));
        Summary.row(
                o,
                "messages",
                host.messages() + " read out, " + host.copied() + " copied (a thrash interrupt's records are dropped)");
        Summary.row(
                o,
                "overtime",
                LongStream.of(host.messagesPerPart(10)).mapToObj(Long::toString).collect(Collectors.joining(" "))
                        + " messages per tenth of the trace");
        String percent = cycles == null
                ? ""
                : String.format(
                        Locale.ROOT, ", %.4f%% of %d cycles", Metrics.overheadPercent(host.messages(), cycles), cycles);
        Summary.row(
                o,
                "overhead",
                Metrics.overheadCycles(host.messages()) + " cycles (" + Metrics.CYCLES_PER_MESSAGE + " per message)"
                        + percent);
        Summary.row(
                o,
                "error",
                String.format(
                        Locale.ROOT,
                        "%.4f%% weighted RMS error of per-pc invariance against the exact profile",
                        100 * host.error(exact)));
        List<PcValueEstimate> order = new ArrayList<>(host.estimates());
        order.sort(
                Comparator.comparingLong((PcValueEstimate e) -> -e.samples()).thenComparingLong(PcValueEstimate::pc));
        o.println("slot table: the " + Math.min(top, order.size()) + " of " + order.size()
                + " pcs profiled with the most samples (" + host.maskedPcs() + " masked)");
        o.printf(
                Locale.ROOT,
                "%-18s %10s %8s %10s %-18s %s%n",
                "pc",
                "samples",
                "profiles",
                "invariance",
                "top value",
                "masked");
        for (PcValueEstimate e : order.subList(0, Math.min(top, order.size()))) {
            o.printf(
                    Locale.ROOT,
                    "%-18s %10d %8d %9.2f%% %-18s %s%n",
                    "0x" + Long.toHexString(e.pc()),
                    e.samples(),
                    e.profiles(),
                    100 * e.invariance(),
                    "0x" + Long.toHexString(e.topValue()),
                    host.masked(e.pc()) ? "yes" : "no");
        }
    }
}
