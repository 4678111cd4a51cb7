package org.rapgen.cosim.rap;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.engines.rap.RapConfig;
import org.rapgen.trace.TraceFormat;
import org.rapgen.trace.TraceOptions;
import org.rapgen.trace.TraceReader;
import org.rapgen.trace.TraceShape;

/** Real traces: packet captures from the project's shared folder, and an instruction trace valgrind makes here. */
class RapTraceCosimTest {
    static final Path TRACES = Path.of(System.getProperty("rapgen.root", "../.."), "..", "shared", "traces")
            .normalize();

    static RapStimulus load(Path file, int keyBits, TraceOptions.LackeyMode lackey, int limit) throws IOException {
        if (!Files.isReadable(file))
            fail("trace not found: " + file + " (the tests expect the project's shared/ folder beside the repository)");
        RapStimulus s = new RapStimulus();
        TraceOptions opt = TraceOptions.keyBits(keyBits);
        if (lackey != null) opt = opt.withLackeyMode(lackey);
        try (TraceReader r =
                TraceReader.open(file, lackey != null ? TraceFormat.LACKEY : null, opt, TraceShape.EVENTS)) {
            while (s.size() < limit && r.next()) s.beat(r.key(), r.weight());
        }
        return s;
    }

    private static void run(RapConfig c, RapStimulus s, long seed) {
        s.at(s.size() / 2, RapStimulus.Action.CHECK_TREE);
        RapCosimReport r = RapCosim.run(c, s, RapCosim.Options.stress(seed));
        assertTrue(r.ok(), () -> String.join("\n", r.mismatches()));
    }

    @Test
    void iotAmplificationCaptureOnTheDeepEngine() throws IOException {
        run(RapConfigs.DEEP, load(TRACES.resolve("amp.UDP.bacnet.IOT.37810.pcapng"), 32, null, 10_000), 11);
    }

    @Test
    void synFloodCaptureOnTheSmallEngine() throws IOException {
        run(RapConfigs.SMALL, load(TRACES.resolve("pkt.TCP.synflood.spoofed.pcap"), 32, null, 10_000), 12);
    }

    @Test
    void instructionTraceFromValgrindOnTheWideEngine(@TempDir Path tmp) throws Exception {
        run(RapConfigs.WIDE, load(lackeyOfTrue(tmp), 64, TraceOptions.LackeyMode.INSTR, 20_000), 13);
    }

    /** {@code valgrind --tool=lackey --trace-mem=yes /bin/true}: its instruction lines, in {@code tmp}. */
    static Path lackeyOfTrue(Path tmp) throws IOException, InterruptedException {
        Path log = tmp.resolve("lackey.log");
        Process p;
        try {
            p = new ProcessBuilder("valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + log, "/bin/true")
                    .redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("valgrind.out").toFile())
                    .start();
        } catch (IOException e) {
            fail("valgrind not found: run scripts/bootstrap.sh or apt-get install valgrind");
            return null;
        }
        assertTrue(p.waitFor() == 0, "valgrind failed");
        // The instruction lines only (what INSTR mode reads): the stack's data addresses are wider than 32 bits.
        Path instr = tmp.resolve("instr.lackey");
        try (var lines = Files.lines(log)) {
            Files.write(instr, (Iterable<String>) lines.filter(l -> l.startsWith("I"))::iterator);
        }
        return instr;
    }
}
