package org.rapgen.cosim.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.cosim.cli.CliRun;
import org.rapgen.cpu.program.Program;
import org.rapgen.cpu.program.ProgramBuild;

/**
 * {@code ./rapgen cpu} through the real command line on a short program (the sort workload on 48 keys, with the small
 * engine rap_n32_k32): the program exits 0, the processor never stalls, the tree the firmware read out is
 * byte-identical to {@code profile --nodes 32} on the pc trace the run dumped, the sampler's messages to {@code sample}
 * on the dumped tuple trace, and the hot ranges agree with an independent count ({@link ProfileChecks}).
 */
class CpuCommandTest {
    static final String RAP = "../configs/rap_n32_k32.yaml";

    static CliRun run(String... args) {
        return CliRun.of(args);
    }

    static long[] pcs(Path dump) throws Exception {
        return Files.readAllLines(dump).stream()
                .mapToLong(l -> Long.parseLong(l, 16))
                .toArray();
    }

    @Test
    void shortProgramMatchesTheGoldenModelsAndNeverStalls(@TempDir Path tmp) throws Exception {
        Path pcs = tmp.resolve("pcs.txt");
        Path tuples = tmp.resolve("tuples.txt");
        Path tree = tmp.resolve("tree.txt");
        Path messages = tmp.resolve("messages.txt");
        Path svg = tmp.resolve("hot.svg");
        CliRun cpu = run(
                "cpu",
                "--program",
                "sort",
                "--sort-keys",
                "48",
                "--config",
                RAP,
                "--dump",
                pcs.toString(),
                "--tuples",
                tuples.toString(),
                "--tree",
                tree.toString(),
                "--messages",
                messages.toString(),
                "--report",
                svg.toString());
        assertEquals(0, cpu.status(), cpu.out() + cpu.err());
        assertTrue(cpu.out().contains("\ncpu stalls  0\n"), cpu.out());
        assertTrue(cpu.out().contains("\nmismatches  0\n"), cpu.out());
        assertTrue(cpu.out().contains("exit 0"), cpu.out());
        assertTrue(Files.readString(svg).contains("class=\"hot-range\""));

        CliRun profile = run(
                "profile",
                "--trace",
                pcs.toString(),
                "--eps",
                "0.01",
                "--nodes",
                "32",
                "--counter-bits",
                "24",
                "--dump",
                tmp.resolve("golden-tree.txt").toString());
        assertEquals(0, profile.status(), profile.err());
        assertArrayEquals(Files.readAllBytes(tmp.resolve("golden-tree.txt")), Files.readAllBytes(tree));
        CliRun sample = run(
                "sample",
                "--trace",
                tuples.toString(),
                "--sampler",
                "H[P16]256A16",
                "--out",
                tmp.resolve("golden-messages.txt").toString());
        assertEquals(0, sample.status(), sample.err());
        assertFalse(Files.readString(messages).isEmpty(), "the sampler sent no message");
        assertArrayEquals(Files.readAllBytes(tmp.resolve("golden-messages.txt")), Files.readAllBytes(messages));

        Program p = ProgramBuild.build(ProgramBuild.Name.SORT, 48, tmp);
        long[] trace = pcs(pcs);
        assertTrue(cpu.out().contains("events      " + trace.length + " "), cpu.out());
        ProfileChecks.assertProfileRight(cpu.out(), trace, ProfileChecks.functions(p.elf()), 655 / 65536.0, 16, 3);
    }

    @Test
    void badInputIsOneLineAndExit2(@TempDir Path tmp) {
        CliRun r = run("cpu", "--program", "nosuch", "--config", RAP);
        assertEquals(2, r.status());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--program must be dhrystone or sort"), r.err());
        CliRun s = run("cpu", "--program", "sort", "--config", "../configs/sampler_hp256_2048.yaml");
        assertEquals(2, s.status());
        assertTrue(s.err().contains("a rap configuration is needed"), s.err());
        CliRun k = run("cpu", "--program", "sort", "--sort-keys", "1", "--config", RAP);
        assertEquals(2, k.status());
        assertTrue(Arrays.stream(tmp.toFile().list()).toList().isEmpty());
    }
}
