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
        counter().build();  // may or may not hit, depending on earlier runs
        int before = BuildCache.verilatorInvocations();
        VerilatorModel again = counter().build();
        assertEquals(before, BuildCache.verilatorInvocations(), "unchanged RTL must be a cache hit");
        try (Sim s = again.newSim()) {
            s.poke("io_en", 1);
            s.step(3);
            assertEquals(3, s.peek("io_count"));
        }
    }

    @Test
    void concurrentBuildsInAFreshCacheRunVerilatorOnce(@TempDir Path dir) throws Exception {
        BuildCache cache = new BuildCache(dir.resolve("cache"));
        int before = BuildCache.verilatorInvocations();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<VerilatorModel>> fs = new ArrayList<>();
            // A flag that changes nothing but the key, so this is a guaranteed miss.
            for (int i = 0; i < 3; i++) fs.add(pool.submit(() -> counter().trace(false).flag("-DRAPGEN_CACHE_TEST").cache(cache).build()));
            VerilatorModel m = fs.get(0).get();
            for (Future<VerilatorModel> f : fs) assertSame(m, f.get());
            assertEquals(before + 1, BuildCache.verilatorInvocations(), "one build for three concurrent requests");
            assertTrue(Files.isRegularFile(m.library()));
            assertTrue(m.library().startsWith(cache.root()));
            try (Sim s = m.newSim()) {
                s.poke("io_en", 1);
                s.step(2);
                assertEquals(2, s.peek("io_count"));
            }
        } finally {
            pool.shutdownNow();
        }
        counter().trace(false).flag("-DRAPGEN_CACHE_TEST").cache(new BuildCache(dir.resolve("cache"))).build();
        assertEquals(before + 1, BuildCache.verilatorInvocations(), "a new BuildCache on the same dir hits");
        try (var s = Files.list(cache.root())) {
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
        Files.writeString(copy, Files.readString(new Bringup.Counter().dut().files().get(0)) + "\n// edited\n");
        assertNotEquals(base, VerilatorModel.builder("counter").file(copy).trace(true).cacheKey());
    }

    @Test
    void missingToolNamesTheFix() {
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> Toolchain.requireTools("rapgen-no-such-tool"));
        assertTrue(e.getMessage().contains("run scripts/bootstrap.sh or apt-get install verilator g++ make"), e.getMessage());
    }
}
