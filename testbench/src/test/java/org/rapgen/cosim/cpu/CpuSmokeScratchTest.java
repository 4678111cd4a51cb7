package org.rapgen.cosim.cpu;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.rapgen.config.ConfigReader;
import org.rapgen.cpu.program.Program;
import org.rapgen.cpu.program.ProgramBuild;
import org.rapgen.designs.SamplerDesign;
import org.rapgen.engines.rap.RapDesign;

class CpuSmokeScratchTest {
    @Test
    void runs() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Path work = Files.createTempDirectory("cpu");
        Program p = ProgramBuild.build(ProgramBuild.Name.SORT, 64, work);
        var rap = RapDesign.config(ConfigReader.read(root.resolve("configs/rap_n32_k32.yaml")).params());
        var s = SamplerDesign.params(ConfigReader.read(root.resolve("configs/sampler_hp256_2048_a16.yaml")).params());
        long t0 = System.nanoTime();
        var m = CpuRun.model(rap, s, p);
        long t1 = System.nanoTime();
        CpuTaps t = CpuRun.run(m, 1_000_000);
        long t2 = System.nanoTime();
        System.out.println("build " + (t1 - t0) / 1e9 + " run " + (t2 - t1) / 1e9 + " cycles " + t.cycles() + " retired " + t.retired()
                + " pcs " + t.pcs().length + " tuples " + t.tuplePcs().length + " msgs " + t.messages().size() + " stalls " + t.stalled() + " exit " + t.exitCode());
        System.out.println(t.console());
    }
}
