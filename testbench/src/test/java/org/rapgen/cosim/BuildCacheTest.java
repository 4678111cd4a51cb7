package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildCacheTest {

    private static VerilatorModel.Builder counter() {
        Dut d = new Bringup.Counter().dut();
        return VerilatorModel.builder(d.top()).files(d.files()).trace(true);
    }

    @Test
    void secondBuildDoesNotRunVerilator() {
        counter().build(); // may or may not hit, depending on earlier runs
        int before = BuildCache.verilatorInvocations();
        VerilatorModel again = counter().build();
        assertEquals(before, BuildCache.verilatorInvocations(), "unchanged RTL must be a cache hit");
        try (Sim s = again.newSim()) {
            s.poke("io_en", 1);
            s.step(3);
            assertEquals(3, s.peek("io_count"));
        }
    }

    /**
     * Parallel surefire forks and parallel threads: two child JVMs and three threads of this
     * JVM race for one key in a fresh cache. The file lock (across processes) and the per-key
     * monitor (across threads) must let exactly one of them run Verilator.
     */
    @Test
    void racingProcessesAndThreadsBuildOnce(@TempDir Path dir) throws Exception {
        Path root = dir.resolve("cache");
        String flag = "-DRAPGEN_CACHE_RACE"; // changes nothing but the key
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ps.add(new ProcessBuilder(
                            java,
                            "-cp",
                            System.getProperty("java.class.path"),
                            CacheBuildMain.class.getName(),
                            root.toString(),
                            flag)
                    .redirectErrorStream(true)
                    .start());
        }
        int before = BuildCache.verilatorInvocations();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        VerilatorModel m;
        try {
            List<Future<VerilatorModel>> fs = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                fs.add(pool.submit(() -> counter()
                        .trace(false)
                        .flag(flag)
                        .cache(new BuildCache(root))
                        .build()));
            }
            m = fs.get(0).get();
            for (Future<VerilatorModel> f : fs) assertSame(m, f.get());
        } finally {
            pool.shutdownNow();
        }
        int runs = BuildCache.verilatorInvocations() - before;
        for (Process p : ps) {
            String out = new String(p.getInputStream().readAllBytes()).trim();
            assertEquals(0, p.waitFor(), out);
            String[] last = out.lines().reduce((x, y) -> y).orElse("").split(" ");
            runs += Integer.parseInt(last[0]);
            assertEquals(m.library().toString(), last[1]);
        }
        assertEquals(1, runs, "exactly one Verilator run among 2 processes x 1 build + 3 threads");
        assertTrue(m.library().startsWith(root));
        try (Sim s = m.newSim()) {
            s.poke("io_en", 1);
            s.step(2);
            assertEquals(2, s.peek("io_count"));
        }
        int hits = BuildCache.verilatorInvocations();
        counter().trace(false).flag(flag).cache(new BuildCache(root)).build();
        assertEquals(hits, BuildCache.verilatorInvocations(), "a new BuildCache on the same dir hits");
        try (var s = Files.list(root)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".tmp")), "temp dirs are cleaned up");
        }
    }

    @Test
    void keyCoversFlagsTraceOptAndContent(@TempDir Path dir) throws Exception {
        String base = counter().cacheKey();
        assertEquals(base, counter().cacheKey());
        assertNotEquals(base, counter().trace(false).cacheKey());
        assertNotEquals(base, counter().flag("-Wall").cacheKey());
        assertNotEquals(base, counter().opt("-O2").cacheKey());
        Path copy = dir.resolve("counter.v");
        Files.writeString(
                copy, Files.readString(new Bringup.Counter().dut().files().get(0)) + "\n// edited\n");
        assertNotEquals(
                base, VerilatorModel.builder("counter").file(copy).trace(true).cacheKey());
    }

    @Test
    void missingToolNamesTheFix() {
        org.rapgen.cli.BadInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.rapgen.cli.BadInputException.class, () -> BuildTools.requireTools("rapgen-no-such-tool"));
        assertTrue(
                e.getMessage().contains("run scripts/bootstrap.sh or apt-get install verilator g++ make"),
                e.getMessage());
    }
}
