package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.engines.rap.RapGates;
import org.rapgen.golden.rap.CombiningQueue;
import org.rapgen.golden.rap.HardwareRap;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.RapStatus;
import org.rapgen.trace.TraceOptions;

/**
 * The trie lookup at the sizes it is for: a tree kept full at N = 4096, real traces (the shared IP traces and an
 * instruction trace of gzip that valgrind makes here) at N = 4096, and N = 65536. Each checks on an independent golden
 * run that the stimulus reaches what it is meant to, and the RTL must agree exactly, with random stream gaps, the
 * engine's own backpressure and status checks while the stream flows.
 */
class TrieCosimTest {

    private static RapStatus golden(RapConfig c, RapStimulus s) {
        HardwareRap h = new HardwareRap(
                new RapParams(c.keyBits(), c.bitsPerLevel(), c.epsFx(), c.m0(), c.q()), c.nodes(), c.counterBits());
        CombiningQueue q = new CombiningQueue(h, c.combine(), c.weightBits());
        for (int i = 0; i < s.size(); i++) {
            if (s.weight(i) != 0) q.accept(s.key(i), s.weight(i));
        }
        q.flush();
        return h.status();
    }

    private static RapCosimReport expectMatch(RapConfig c, RapStimulus s, long seed) {
        s.at(s.size() / 2, RapStimulus.Action.CHECK_TREE);
        RapCosimReport r = RapCosim.run(c, s, RapCosim.Options.stress(seed));
        assertTrue(r.ok(), () -> String.join("\n", r.mismatches()));
        return r;
    }

    /** An xz-compressed text trace from the shared folder, through the xz command (the trace readers take gzip). */
    private static RapStimulus sharedXz(String name, Path tmp, int limit) throws IOException, InterruptedException {
        Path text = tmp.resolve(name.replace(".xz", ""));
        Process p;
        try {
            p = new ProcessBuilder(
                            "xz", "-dc", RapTraceCosimTest.TRACES.resolve(name).toString())
                    .redirectOutput(text.toFile())
                    .start();
        } catch (IOException e) {
            fail("xz not found: apt-get install xz-utils");
            return null;
        }
        assertTrue(p.waitFor() == 0, "xz -dc " + name + " failed");
        return RapTraceCosimTest.load(text, 32, null, limit);
    }

    @Test
    void aTreeKeptFullByDistinctKeysStaysExact() {
        RapConfig c = RapConfigs.TRIE_4096;
        RapStimulus s = RapStreams.of(RapStreams.distinct(c.keyBits(), 21), 120_000, 1, 21);
        RapStatus g = golden(c, s);
        // Full: fewer slots free than one split needs.
        assertTrue(
                g.overflow() && g.currentNodes() > c.nodes() - c.branching() && g.deferredSplits() > 1000,
                "the tree must fill and stay full: " + g);
        expectMatch(c, s, 21);
    }

    @Test
    void sharedIpTracesAtN4096(@TempDir Path tmp) throws Exception {
        // Source addresses are spread wide: the tree fills 4096 slots and stays full. Destinations are few.
        RapStimulus src = sharedXz("ipsrc-181k.txt.xz", tmp, 60_000);
        RapStatus g = golden(RapConfigs.TRIE_4096, src);
        assertTrue(g.overflow() && g.splits() > 1000, "ipsrc must fill the tree: " + g);
        expectMatch(RapConfigs.TRIE_4096, src, 31);
        RapStimulus dst = sharedXz("ipdst-181k.txt.xz", tmp, 60_000);
        assertTrue(golden(RapConfigs.TRIE_4096, dst).splits() > 10, "ipdst must split");
        expectMatch(RapConfigs.TRIE_4096, dst, 32);
    }

    @Test
    void instructionTraceOfGzipAtN4096(@TempDir Path tmp) throws Exception {
        Path input = tmp.resolve("input.txt");
        StringBuilder text = new StringBuilder();
        Random r = new Random(22);
        for (int i = 0; i < 4000; i++)
            text.append(Long.toHexString(r.nextLong() >>> r.nextInt(48))).append(i % 7 == 0 ? '\n' : ' ');
        Files.writeString(input, text);
        Path log = tmp.resolve("lackey.log");
        Process p;
        try {
            p = new ProcessBuilder(
                            "valgrind",
                            "--tool=lackey",
                            "--trace-mem=yes",
                            "--log-file=" + log,
                            "gzip",
                            "-c",
                            input.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("out.gz").toFile())
                    .start();
        } catch (IOException e) {
            fail("valgrind not found: run scripts/bootstrap.sh or apt-get install valgrind");
            return;
        }
        assertTrue(p.waitFor() == 0, "valgrind gzip failed");
        // The instruction lines only: gzip's stack addresses are wider than 32 bits.
        Path instr = tmp.resolve("instr.lackey");
        try (var lines = Files.lines(log)) {
            Files.write(instr, (Iterable<String>) lines.filter(l -> l.startsWith("I"))::iterator);
        }
        RapStimulus s = RapTraceCosimTest.load(instr, 32, TraceOptions.LackeyMode.INSTR, 150_000);
        assertTrue(s.size() == 150_000, "gzip must run at least 150k instructions, ran " + s.size());
        assertTrue(golden(RapConfigs.TRIE_4096, s).highWaterNodes() > 400, "the profile must need hundreds of nodes");
        expectMatch(RapConfigs.TRIE_4096, s, 22);
    }

    /**
     * SPEC §5's largest N: distinct keys with a small eps fill more than 32768 slots, so the 17-bit node counts and
     * 16-bit slot indices are all used.
     */
    @Test
    void sixtyFiveThousandNodes() {
        RapConfig c = new RapConfig(
                32, 2, 65536, 32, 16, true, 1024, false, 8, 1024, 2, 2, 0, false, RapConfig.Lookup.TRIE, RapGates.NONE);
        RapStimulus s = RapStreams.of(RapStreams.distinct(c.keyBits(), 24), 400_000, 1, 24);
        RapStatus g = golden(c, s);
        assertTrue(g.highWaterNodes() > 32768, "the tree must outgrow 32768 slots: " + g);
        expectMatch(c, s, 24);
    }
}
