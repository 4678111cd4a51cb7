package org.rapgen.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.config.ConfigReader;
import org.rapgen.testutil.RepoPaths;
import org.rapgen.testutil.RtlOut;
import org.rapgen.testutil.Tools;

/**
 * rtl-out/ is committed: it must be exactly what the generator writes today, and every module in it must pass
 * Verilator -Wall lint, Icarus -g2005 and a Yosys synthesis, with no waivers.
 */
class RtlOutTest {
    private static Path root;
    private static List<Path> configs;

    @BeforeAll
    static void find() throws IOException {
        root = RepoPaths.root();
        try (Stream<Path> s = Files.list(root.resolve("configs"))) {
            configs = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertFalse(configs.isEmpty(), "no configs/*.yaml");
    }

    private static final String REGENERATE =
            "regenerate with ./rapgen generate --config configs/*.yaml --out rtl-out --fpga-root .";

    /** rtl-out/ and the FPGA tree built on it (constraints/, fpga/vivado/, fpga/quartus/), as one generate run writes them. */
    @Test
    void rtlOutAndFpgaTreeAreByteForByteWhatTheGeneratorWrites(@TempDir Path tmp) throws IOException {
        Generator gen = new Generator();
        List<GeneratedDesign> designs = new ArrayList<>();
        for (Path c : configs) designs.add(gen.generate(ConfigReader.read(c)));
        OutputWriter.write(tmp.resolve("rtl-out"), designs);
        OutputWriter.writeFiles(tmp, new FpgaDeliverables().tree(designs, tmp, tmp.resolve("rtl-out")));
        for (String dir : List.of(
                "rtl-out",
                FpgaDeliverables.CONSTRAINTS_DIR,
                FpgaDeliverables.VIVADO_DIR,
                FpgaDeliverables.QUARTUS_DIR)) {
            TreeMap<String, byte[]> expected = tree(tmp.resolve(dir));
            TreeMap<String, byte[]> actual = tree(root.resolve(dir));
            assertEquals(expected.keySet(), actual.keySet(), dir + "/ has different files; " + REGENERATE);
            for (String f : expected.keySet()) {
                assertTrue(
                        java.util.Arrays.equals(expected.get(f), actual.get(f)),
                        dir + "/" + f + " differs from the generator's output; " + REGENERATE);
            }
        }
    }

    /** The builds read constraints/, the FuseSoC core reads the design folder: both must hold the same constraints. */
    @Test
    void constraintsFolderMatchesEachDesignFolder() throws IOException {
        for (RtlOut.Design d : RtlOut.designs()) {
            for (String ext : List.of(".xdc", ".sdc")) {
                assertEquals(
                        Files.readString(d.dir().resolve(d.name() + ext)),
                        Files.readString(root.resolve("constraints/" + d.name() + ext)),
                        d.name() + ext);
            }
        }
    }

    @Test
    void manifestHashesMatchFiles() throws IOException {
        for (Path dir : designDirs()) {
            JsonNode m =
                    new ObjectMapper().readTree(dir.resolve("manifest.json").toFile());
            for (String list : List.of("files", "fpga_files")) {
                for (JsonNode f : m.get(list)) {
                    byte[] data = Files.readAllBytes(dir.resolve(f.get("path").asText()));
                    assertEquals(
                            f.get("sha256").asText(),
                            Generator.sha256(data),
                            dir + "/" + f.get("path").asText());
                }
            }
        }
    }

    /**
     * Each module alone passes Verilator -Wall and Icarus; each design's top passes a Yosys synthesis, which covers
     * every module under it (synthesising each module again as a top would do the same work twice).
     */
    @TestFactory
    Stream<DynamicTest> everyModuleIsLintCleanAndEveryDesignSynthesizes() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : designDirs()) {
            JsonNode m =
                    new ObjectMapper().readTree(dir.resolve("manifest.json").toFile());
            List<String> files = new ArrayList<>();
            m.get("files").forEach(f -> files.add(f.get("path").asText()));
            for (String file : files) {
                String module = file.replace(".v", "");
                tests.add(DynamicTest.dynamicTest("lint " + module, () -> lintModule(dir, files, module)));
            }
            String top = m.get("top").asText();
            assertTrue(files.contains(top + ".v"), dir + ": manifest top " + top + " is not among its files");
            tests.add(DynamicTest.dynamicTest("synth " + top, () -> synthesize(dir, files, top)));
        }
        return tests.stream();
    }

    private static void lintModule(Path dir, List<String> files, String module) {
        // A module is checked with the files it may instantiate (all of its design's files).
        List<String> lint = Tools.cmd("verilator", "--lint-only", "-Wall", "--top-module", module);
        lint.addAll(files);
        Tools.Result v = Tools.run(dir, lint);
        assertEquals(0, v.exit(), "verilator -Wall on " + module + ":\n" + v.output());
        assertEquals("", v.output().strip(), "verilator -Wall printed warnings for " + module);

        List<String> iv = Tools.cmd("iverilog", "-g2005", "-Wall", "-o", "/dev/null", "-s", module);
        iv.addAll(files);
        Tools.Result i = Tools.run(dir, iv);
        assertEquals(0, i.exit(), "iverilog on " + module + ":\n" + i.output());
        assertEquals("", i.output().strip(), "iverilog -Wall printed warnings for " + module);
    }

    private static void synthesize(Path dir, List<String> files, String top) {
        String reads = String.join(
                " ", files.stream().map(f -> "read_verilog " + f + ";").toList());
        // hierarchy -check fails on a missing module; every module of the design must be under its top. Yosys's generic
        // script up to its fine stage, then that stage without memory_map: a memory stays a RAM cell, as every vendor
        // flow maps it, instead of becoming N x width flip-flops (millions for rap_n4096_k32's tables).
        String fine = " opt -fast -full; techmap; opt -fast; abc -fast; opt -fast;";
        Tools.Result y = Tools.run(
                dir,
                Tools.cmd(
                        "yosys",
                        "-q",
                        "-p",
                        reads + " synth -top " + top + " -run :fine;" + fine + " tee -o /dev/stdout ls"));
        assertEquals(0, y.exit(), "yosys synth -top " + top + ":\n" + y.output());
        List<String> synthesised = y.output().lines().map(String::strip).toList();
        for (String f : files) {
            String module = f.replace(".v", "");
            assertTrue(
                    synthesised.contains(module),
                    "yosys: module " + module + " is not under the top " + top + ", so it was not synthesised");
        }
    }

    /** SyncReadMem must land in block RAM, not flip-flops: the FIFO's 32 x 1024 words on iCE40 and on 7-series. */
    @Test
    void fifoStorageInfersBlockRam() {
        Path dir = root.resolve("rtl-out/fifo_w32_d1024");
        Tools.Result ice = Tools.run(
                dir, Tools.cmd("yosys", "-p", "read_verilog Fifo_w32_d1024.v; synth_ice40 -top Fifo_w32_d1024"));
        assertEquals(0, ice.exit(), ice.output());
        assertTrue(ice.output().matches("(?s).*SB_RAM40_4K\\s+8\\n.*"), "expected 8 SB_RAM40_4K (32 Kbit) on iCE40");
        Tools.Result xil = Tools.run(
                dir, Tools.cmd("yosys", "-p", "read_verilog Fifo_w32_d1024.v; synth_xilinx -top Fifo_w32_d1024"));
        assertEquals(0, xil.exit(), xil.output());
        assertTrue(xil.output().matches("(?s).*RAMB36E1\\s+1\\n.*"), "expected one RAMB36E1 on 7-series");
    }

    private static List<Path> designDirs() {
        return RtlOut.designDirs();
    }

    /** Every file under base, except vendor build outputs that .gitignore keeps out of fpga/. */
    private static TreeMap<String, byte[]> tree(Path base) throws IOException {
        TreeMap<String, byte[]> out = new TreeMap<>();
        if (!Files.isDirectory(base)) return out;
        try (Stream<Path> s = Files.walk(base)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String rel = base.relativize(p).toString();
                if (!isBuildOutput(rel)) out.put(rel, Files.readAllBytes(p));
            }
        }
        return out;
    }

    private static boolean isBuildOutput(String rel) {
        return rel.matches(
                "(build|\\.Xil)/.*|[^/]*\\.(jou|log)|[^/]+/(output_files|db|incremental_db)/.*|[^/]+/[^/]*\\.qws");
    }
}
