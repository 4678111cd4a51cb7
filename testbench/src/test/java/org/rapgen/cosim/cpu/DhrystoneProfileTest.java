package org.rapgen.cosim.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rapgen.cosim.cli.CliRun;
import org.rapgen.cpu.program.Program;
import org.rapgen.cpu.program.ProgramBuild;

/**
 * The full Dhrystone run (PicoRV32's copy, 100 runs through the timed loop), with the small engine and with the
 * scalable one (trie lookup, 4,096 nodes): no stall, RTL identical to the golden models, and a profile that names
 * Dhrystone's procedures, functions and string routines, checked against an independent count. A benchmark, not part of
 * the default suite (two Verilator builds of the system): {@code bench/cpu-dhrystone.sh} runs it.
 */
@Tag("soak")
@Tag("cpu-dhrystone")
class DhrystoneProfileTest {
    @ParameterizedTest
    @CsvSource({"rap_n32_k32, 32, 24", "rap_n4096_k32, 4096, 32"})
    void profileNamesDhrystonesFunctions(String config, int nodes, int counterBits, @TempDir Path tmp)
            throws Exception {
        Path pcs = tmp.resolve("pcs.txt");
        Path tuples = tmp.resolve("tuples.txt");
        Path tree = tmp.resolve("tree.txt");
        Path messages = tmp.resolve("messages.txt");
        CliRun cpu = CpuCommandTest.run(
                "cpu",
                "--program",
                "dhrystone",
                "--config",
                "../configs/" + config + ".yaml",
                "--dump",
                pcs.toString(),
                "--tuples",
                tuples.toString(),
                "--tree",
                tree.toString(),
                "--messages",
                messages.toString());
        System.out.println(cpu.out());
        assertEquals(0, cpu.status(), cpu.out() + cpu.err());
        assertTrue(cpu.out().contains("\ncpu stalls  0\n") && cpu.out().contains("\nmismatches  0\n"), cpu.out());

        CliRun profile = CpuCommandTest.run(
                "profile",
                "--trace",
                pcs.toString(),
                "--eps",
                "0.01",
                "--nodes",
                Integer.toString(nodes),
                "--counter-bits",
                Integer.toString(counterBits),
                "--dump",
                tmp.resolve("golden-tree.txt").toString());
        assertEquals(0, profile.status(), profile.err());
        assertArrayEquals(Files.readAllBytes(tmp.resolve("golden-tree.txt")), Files.readAllBytes(tree));
        CliRun sample = CpuCommandTest.run(
                "sample",
                "--trace",
                tuples.toString(),
                "--sampler",
                "H[P16]256A16",
                "--out",
                tmp.resolve("golden-messages.txt").toString());
        assertEquals(0, sample.status(), sample.err());
        assertArrayEquals(Files.readAllBytes(tmp.resolve("golden-messages.txt")), Files.readAllBytes(messages));

        Program p = ProgramBuild.build(ProgramBuild.Name.DHRYSTONE, 0, tmp);
        ProfileChecks.assertProfileRight(
                cpu.out(), CpuCommandTest.pcs(pcs), ProfileChecks.functions(p.elf()), 655 / 65536.0, 16, 3);
        String holds = String.join(
                " ",
                ProfileChecks.hotRows(cpu.out()).stream()
                        .map(ProfileChecks.HotRow::holds)
                        .toList());
        for (String f : List.of("Proc_1", "Proc_8", "Func_1", "Func_2", "strcmp"))
            assertTrue(holds.contains(f), f + " in no hot range:\n" + cpu.out());
    }
}
