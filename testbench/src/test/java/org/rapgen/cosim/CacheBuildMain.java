package org.rapgen.cosim;

import java.nio.file.Path;

/**
 * Child-process entry point for BuildCacheTest: builds the counter (with a marker flag) into
 * the given cache and prints "&lt;verilator runs in this JVM&gt; &lt;library path&gt;".
 */
public final class CacheBuildMain {
    private CacheBuildMain() {}

    public static void main(String[] args) {
        Dut d = new Bringup.Counter().dut();
        VerilatorModel m = VerilatorModel.builder(d.top())
                .files(d.files())
                .flag(args[1])
                .cache(new BuildCache(Path.of(args[0])))
                .build();
        try (Sim s = m.newSim()) {
            s.poke("io_en", 1);
            s.step(4);
            if (s.peek("io_count") != 4) throw new AssertionError("model misbehaves");
        }
        System.out.println(BuildCache.verilatorInvocations() + " " + m.library());
    }
}
