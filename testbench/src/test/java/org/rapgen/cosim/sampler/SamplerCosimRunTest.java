package org.rapgen.cosim.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.config.ConfigReader;
import org.rapgen.golden.sampler.MessageList;

/** The runner behind {@code ./rapgen cosim} for sampler configurations, on the committed default configuration. */
class SamplerCosimRunTest {

    private static Path repo() {
        String root = System.getProperty("rapgen.root");
        return root != null ? Path.of(root) : Path.of("").toAbsolutePath().getParent();
    }

    @Test
    void defaultConfigOnATextTraceMatchesGoldenAtOneTuplePerClock(@TempDir Path dir) throws IOException {
        Tuples t = TupleStreams.skewed(60_000, 21, 32);
        Path trace = dir.resolve("tuples.txt");
        StringBuilder b = new StringBuilder("# pc w\n");
        for (int i = 0; i < t.size(); i++)
            b.append(Long.toHexString(t.pc()[i]))
                    .append(' ')
                    .append(Long.toHexString(t.w()[i]))
                    .append('\n');
        Files.writeString(trace, b);
        Path dump = dir.resolve("messages.txt");

        SamplerCosimRun.Report r = SamplerCosimRun.run(
                ConfigReader.read(repo().resolve("configs/sampler_hp256_2048.yaml")),
                trace,
                new SamplerCosimRun.Options(Traffic.fullRate(), null, SamplerCosimRun.DEFAULT_MAX_TUPLES, dump));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        r.print(new PrintStream(text, true, StandardCharsets.UTF_8));
        String out = text.toString(StandardCharsets.UTF_8);

        assertTrue(r.ok(), out);
        assertEquals("H[P256]2048", r.spec());
        assertEquals(60_000, r.tuples());
        assertTrue(r.diff().expected() > 100, "too few messages to mean anything: " + out);
        assertEquals(1.0, r.tuplesPerClock(), 0.0, out);
        assertTrue(out.contains("mismatches 0"), out);
        List<String> lines = Files.readAllLines(dump);
        assertEquals(r.diff().actual(), lines.size());
        assertTrue(lines.get(0).matches("[0-9a-f]+ [0-9a-f]+ 256"), lines.get(0));
    }

    @Test
    void messageDiffReportsEveryDifference() {
        MessageList a = new MessageList(), b = new MessageList();
        for (int i = 0; i < 10; i++) {
            a.message(i, i + 1, 256);
            b.message(i, i + 1, i == 3 ? 255 : 256);
        }
        b.message(99, 98, 1);
        MessageDiff d = MessageDiff.of(a, b);
        assertFalse(d.identical());
        assertEquals(2, d.mismatches());
        assertEquals("message 3: golden 3 4 256, rtl 3 4 255", d.first().get(0));
        assertEquals("message 10: golden (none), rtl 63 62 1", d.first().get(1));
    }
}
