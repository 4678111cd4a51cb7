package org.rapgen.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.experiments.RapTraceRun.Config;
import org.rapgen.experiments.RapTraceRun.Result;
import org.rapgen.golden.rap.RapParams;
import org.rapgen.golden.rap.UnboundedRap;
import org.rapgen.trace.TraceOptions.LackeyMode;

class RapTraceRunTest {

    /** A lackey trace: a 12-instruction loop run 700 times, each instruction followed by one stack load. */
    private static Path trace(Path dir) throws IOException {
        StringBuilder b = new StringBuilder("==7== Lackey, an example Valgrind tool\n");
        for (int i = 0; i < 700; i++) {
            for (int pc = 0; pc < 12; pc++) {
                b.append(String.format("I  %08x,4%n", 0x108000 + 4 * pc + (pc >= 8 ? 0x1000 : 0)));
                b.append(String.format(" L %010x,8%n", 0x1ffefff000L + 8 * (i % 50)));
            }
        }
        Path f = dir.resolve("loop.lackey");
        Files.writeString(f, b.toString());
        return f;
    }

    @Test
    void measuresTheModelsOnBothProfiles(@TempDir Path dir) throws IOException {
        Path f = trace(dir);
        List<Config> configs = List.of(new Config(0.10, 4, 0, 64, false), new Config(0.10, 4, 16, 32, true));
        List<Result> instr = RapTraceRun.run(f, "loop", LackeyMode.INSTR, 32, 0.10, configs, 2000, 1000);
        List<Result> data = RapTraceRun.run(f, "loop", LackeyMode.DATA, 64, 0.10, configs, 2000, 1000);

        Result u = instr.get(0);
        assertEquals(8400, u.events());
        assertEquals(12, u.distinctKeys());
        assertEquals(8, u.nodesOverTime().length);
        assertEquals(50, data.get(0).distinctKeys());

        // The same events straight into a model, measured here by hand.
        UnboundedRap direct = new UnboundedRap(RapParams.ofEps(32, 4, 0.10));
        long sum = 0;
        for (int i = 0; i < 700; i++) {
            for (int pc = 0; pc < 12; pc++) {
                direct.accept(0x108000 + 4 * pc + (pc >= 8 ? 0x1000 : 0), 1);
                sum += direct.currentNodes();
            }
        }
        assertEquals(direct.status(), u.status());
        assertEquals((double) sum / 8400, u.averageNodes(), 1e-9);
        assertTrue(u.maxNodesAfterWarmup() <= u.status().highWaterNodes()
                && u.maxNodesAfterWarmup() >= direct.currentNodes());
        // Each of the 12 addresses is 1/12 of the stream: none is hot at h = 10%, the 8-instruction block is.
        assertTrue(u.hotRanges() >= 1 && u.averageError() < 0.10, "hot=" + u.hotRanges() + " err=" + u.averageError());

        Result hw = instr.get(1);
        assertTrue(hw.status().highWaterNodes() <= 16);
        assertEquals("hardware b=16 N=16 C=32 combining", hw.config().label());
    }
}
