package org.rapgen.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapEngine;
import org.rapgen.engines.rap.RapGates;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.ir.Instance;
import org.rapgen.hdl.ir.Memory;
import org.rapgen.hdl.ir.ModuleDef;
import org.rapgen.synth.SynthException;
import org.rapgen.synth.SynthResult;
import org.rapgen.synth.SynthTarget;
import org.rapgen.synth.Synthesis;

/**
 * How the trie lookup's engine grows with N (K = 32, b = 4, C = 32, a 1024-deep queue): Yosys's cell counts on ECP5 and
 * Xilinx for each N, LUT + FF against N = 256's, and the block-RAM bits of the tree's state against the least that
 * state needs: per node a C-bit count, its parent's slot and its digit (log2 N + k bits) and a valid bit, since a
 * node's prefix and depth follow from its parent. The event queue and the replay window are not the tree's state and
 * are counted apart. Usage: TrieScaling [N...]
 */
public final class TrieScaling {
    private TrieScaling() {}

    public static void main(String[] args) {
        List<Integer> sizes = new ArrayList<>();
        for (String a : args) sizes.add(Integer.parseInt(a));
        if (sizes.isEmpty()) sizes.addAll(List.of(256, 1024, 4096, 16384));
        Synthesis synthesis = new Synthesis();
        for (SynthTarget t : List.of(SynthTarget.ECP5, SynthTarget.XILINX)) {
            System.out.println("== " + t.device + " (yosys " + t.yosysCommand + ", cell counts)");
            System.out.printf(
                    Locale.ROOT, "%7s %9s %9s %9s %8s  %s%n", "N", "LUT", "FF", "LUT+FF", "vs 256", "block RAM");
            double base = 0;
            for (int n : sizes) {
                RapConfig c = config(n);
                SynthResult r;
                try {
                    r = synthesis
                            .run("rap_trie_n" + n, 100, () -> new RapEngine(c), t, 0)
                            .result();
                } catch (SynthException e) {
                    System.out.printf(Locale.ROOT, "%7d  %s%n", n, e.getMessage());
                    continue;
                }
                double luts = used(r, t == SynthTarget.ECP5 ? "LUT4" : "LUT");
                double ffs = used(r, "FF");
                if (base == 0) base = luts + ffs;
                String ram = t == SynthTarget.ECP5
                        ? String.format(Locale.ROOT, "%.0f EBR", used(r, "EBR"))
                        : String.format(Locale.ROOT, "%.1f RAMB36", used(r, "RAMB36"));
                System.out.printf(
                        Locale.ROOT,
                        "%7d %9.0f %9.0f %9.0f %7.2fx  %s%n",
                        n,
                        luts,
                        ffs,
                        luts + ffs,
                        (luts + ffs) / base,
                        ram);
            }
        }
        System.out.println("== memory bits (the elaborated design's RAMs)");
        System.out.printf(Locale.ROOT, "%7s %12s %12s %8s %12s%n", "N", "tree RAMs", "least", "ratio", "queue+window");
        for (int n : sizes) {
            RapConfig c = config(n);
            long[] bits = {0, 0};
            count(Elaborator.elaborate(() -> new RapEngine(c)).top(), bits);
            long least = (long) n * (c.counterBits() + c.slotBits() + c.bitsPerLevel() + 1);
            System.out.printf(
                    Locale.ROOT, "%7d %12d %12d %7.1fx %12d%n", n, bits[0], least, (double) bits[0] / least, bits[1]);
        }
    }

    private static RapConfig config(int n) {
        return new RapConfig(
                32, 2, n, 32, 16, true, 1024, false, 655, 1024, 2, 2, 0, false, RapConfig.Lookup.TRIE, RapGates.NONE);
    }

    private static double used(SynthResult r, String resource) {
        return r.area().stream()
                .filter(u -> u.name().equals(resource))
                .mapToDouble(SynthResult.Usage::used)
                .sum();
    }

    /** Adds each RAM's bits: bits[1] for the event queue's and the replay window's, bits[0] for the rest. */
    private static void count(ModuleDef m, long[] bits) {
        boolean stream =
                m.name.startsWith("Fifo") || m.name.startsWith("EventQueue") || m.name.startsWith("ReplayWindow");
        for (Memory mem : m.memories) bits[stream ? 1 : 0] += (long) mem.depth * mem.width;
        for (Instance i : m.instances) count(i.child, bits);
    }
}
