package org.rapgen.cosim.cpu;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.rapgen.cosim.sampler.GoldenSampler;
import org.rapgen.cosim.sampler.MessageDiff;
import org.rapgen.cosim.sampler.Tuples;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.sampler.SamplerParams;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapNode;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapProfiler;
import org.rapgen.golden.rap.RapTree;
import org.rapgen.golden.sampler.MessageList;

/**
 * The run's outputs against the golden models, fed what the same run's engines took: the RAP tree the firmware read out
 * against {@code HardwareRap} on the pc trace (as {@code ./rapgen profile --nodes N --counter-bits C} runs it), the
 * sampler's messages against the sampler's golden composition on the tuple trace (as {@code ./rapgen sample}).
 * Mismatches count nodes present on one side only (or with another count), a differing n or overflow flag, and
 * messages that differ position by position.
 */
public record GoldenChecks(
        RapTree golden,
        MessageList goldenMessages,
        MessageList rtlMessages,
        int treeMismatches,
        MessageDiff messageDiff,
        List<String> problems) {
    public int mismatches() {
        return treeMismatches + messageDiff.mismatches();
    }

    /** The golden tree for a pc trace: the hardware-exact model with the engine's parameters. */
    public static RapTree goldenTree(RapConfig c, long[] pcs) {
        RapParams params = new RapParams(c.keyBits(), c.bitsPerLevel(), c.epsFx(), c.m0(), c.q());
        RapProfiler profiler = RapProfiler.init(
                1, () -> new HardwareRap(params, c.nodes(), c.counterBits()), c.combine() ? c.weightBits() : 0);
        for (long pc : pcs) profiler.addPoints(pc, 1, 0);
        return profiler.finalizeProfile().get(0);
    }

    public static GoldenChecks of(RapConfig rap, SamplerParams sampler, CpuTaps taps, FirmwareReport report) {
        List<String> problems = new ArrayList<>();
        RapTree golden = goldenTree(rap, taps.pcs());
        RapTree rtl = report.tree();
        int tree = 0;
        if (golden.n() != rtl.n()) {
            tree++;
            problems.add("n: rtl " + Long.toUnsignedString(rtl.n()) + ", golden " + Long.toUnsignedString(golden.n()));
        }
        if (golden.overflow() != rtl.overflow()) {
            tree++;
            problems.add("overflow: rtl " + rtl.overflow() + ", golden " + golden.overflow());
        }
        TreeSet<String> g = nodeSet(golden.nodes());
        TreeSet<String> r = nodeSet(rtl.nodes());
        for (String n : r) if (!g.contains(n)) problems.add("rtl only " + n);
        for (String n : g) if (!r.contains(n)) problems.add("golden only " + n);
        tree += (int) r.stream().filter(n -> !g.contains(n)).count()
                + (int) g.stream().filter(n -> !r.contains(n)).count();
        if (report.nodesRegister() != rtl.nodes().size())
            problems.add("NODES register " + report.nodesRegister() + ", nodes read out "
                    + rtl.nodes().size());

        long[] tuplePcs = taps.tuplePcs();
        MessageList goldenMessages =
                GoldenSampler.messages(sampler, Tuples.endingWithLast(tuplePcs, taps.tupleAddrs()));
        MessageList rtlMessages = new MessageList();
        for (BigInteger m : taps.messages()) {
            long[] f = CpuRun.message(m);
            rtlMessages.message(f[0], f[1], f[2]);
        }
        MessageDiff diff = MessageDiff.of(goldenMessages, rtlMessages);
        if (!diff.identical()) problems.add("sampler: " + diff);
        if (report.stallCycles() != taps.stalled())
            problems.add(
                    "stall cycles: the system counted " + report.stallCycles() + ", the harness " + taps.stalled());
        return new GoldenChecks(golden, goldenMessages, rtlMessages, tree, diff, List.copyOf(problems));
    }

    private static TreeSet<String> nodeSet(List<RapNode> nodes) {
        TreeSet<String> s = new TreeSet<>();
        for (RapNode n : nodes)
            s.add(String.format("%08x/%d=%s", n.prefix(), n.len(), Long.toUnsignedString(n.count())));
        return s;
    }
}
