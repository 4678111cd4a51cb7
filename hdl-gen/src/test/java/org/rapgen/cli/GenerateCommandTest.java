package org.rapgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rapgen.cli.Cli.assertOneLineBadInput;
import static org.rapgen.cli.Cli.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.cli.Cli.Run;

/** The generate command: output layout, and bad input giving one line, exit 2 and no partial output. */
class GenerateCommandTest {
    @TempDir
    Path tmp;

    private Path config(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private void assertNothingWritten(Path out) throws IOException {
        if (!Files.exists(out)) return;
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(0, s.count(), "no output may be left behind in " + out);
        }
    }

    @Test
    void writesVerilogAndManifestPerDesign() throws IOException {
        Path cfg = config("f.yaml", "design: fifo\nname: my_fifo\nparams:\n  width: 8\n  depth: 4\n");
        Run r = run(
                "generate",
                "--config",
                cfg.toString(),
                "--out",
                tmp.resolve("out").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.isRegularFile(tmp.resolve("out/my_fifo/Fifo_w8_d4.v")));
        String manifest = Files.readString(tmp.resolve("out/my_fifo/manifest.json"));
        assertTrue(manifest.contains("\"top\" : \"Fifo_w8_d4\"") && manifest.contains("\"sha256\""), manifest);
    }

    @Test
    void fpgaRootAddsConstraintsAndVendorBuildsThatPointAtTheDesign() throws IOException {
        Path cfg = config("f.yaml", "design: fifo\nname: my_fifo\nparams:\n  width: 8\n  depth: 4\nclock_mhz: 125\n");
        Path root = tmp.resolve("repo");
        Run r = run(
                "generate",
                "--config",
                cfg.toString(),
                "--out",
                root.resolve("rtl").toString(),
                "--fpga-root",
                root.toString());
        assertEquals(0, r.exit(), r.err());
        for (String f : new String[] {
            "rtl/my_fifo/my_fifo.xdc",
            "rtl/my_fifo/my_fifo.sdc",
            "rtl/my_fifo/my_fifo.core",
            "rtl/my_fifo/my_fifo_virtual_pins.tcl",
            "constraints/my_fifo.xdc",
            "constraints/my_fifo.sdc",
            "fpga/vivado/my_fifo.tcl",
            "fpga/quartus/my_fifo/my_fifo.qpf",
            "fpga/quartus/my_fifo/my_fifo.qsf",
            "fpga/quartus/my_fifo/my_fifo.tcl"
        }) {
            assertTrue(Files.isRegularFile(root.resolve(f)), f);
        }
        assertTrue(
                Files.readString(root.resolve("constraints/my_fifo.xdc")).contains("-period 8.000 [get_ports clock]"),
                "125 MHz is 8 ns");
        assertTrue(Files.readString(root.resolve("fpga/vivado/my_fifo.tcl"))
                .contains("set design_rel ../../rtl/my_fifo\n"));
        assertTrue(Files.readString(root.resolve("fpga/quartus/my_fifo/my_fifo.qsf"))
                .contains("VERILOG_FILE ../../../rtl/my_fifo/Fifo_w8_d4.v\n"));
        Run plain = run(
                "generate",
                "--config",
                cfg.toString(),
                "--out",
                tmp.resolve("plain").toString());
        assertEquals(0, plain.exit(), plain.err());
        try (Stream<Path> s = Files.list(tmp.resolve("plain"))) {
            assertEquals(
                    List.of("my_fifo"),
                    s.map(p -> p.getFileName().toString()).toList(),
                    "without --fpga-root only the design folder is written");
        }
    }

    @Test
    void badParameterValueNamesFileAndLine() throws IOException {
        Path cfg = config("bad.yaml", "design: fifo\nparams:\n  width: 8\n  depth: 1000\n");
        Path out = tmp.resolve("out");
        Run r = run("generate", "--config", cfg.toString(), "--out", out.toString());
        assertOneLineBadInput(r, "bad.yaml:4:", "depth", "power of two");
        assertNothingWritten(out);
    }

    @Test
    void unknownParameterAndUnknownDesign() throws IOException {
        assertOneLineBadInput(
                run(
                        "generate",
                        "--config",
                        config("a.yaml", "design: fifo\nparams:\n  widht: 8\n").toString(),
                        "--out",
                        tmp.resolve("o").toString()),
                "a.yaml:3:",
                "widht");
        assertOneLineBadInput(
                run(
                        "generate",
                        "--config",
                        config("b.yaml", "design: fido\n").toString(),
                        "--out",
                        tmp.resolve("o").toString()),
                "b.yaml:1:",
                "unknown design 'fido'");
    }

    @Test
    void yamlSyntaxError() throws IOException {
        assertOneLineBadInput(
                run(
                        "generate",
                        "--config",
                        config("c.yaml", "design: [fifo\n").toString(),
                        "--out",
                        tmp.resolve("o").toString()),
                "c.yaml:",
                "YAML syntax");
    }

    @Test
    void oneBadConfigAmongGoodOnesWritesNothing() throws IOException {
        Path good = config("good.yaml", "design: sat_counter\nparams:\n  width: 8\n");
        Path bad = config("bad.yaml", "design: sat_counter\nparams:\n  width: 8\n  amount_width: 9\n");
        Path out = tmp.resolve("out");
        Run r = run("generate", "--config", good.toString(), bad.toString(), "--out", out.toString());
        assertOneLineBadInput(r, "bad.yaml:4:", "amount_width");
        assertNothingWritten(out);
    }

    @Test
    void unknownOptionAndMissingFile() {
        assertOneLineBadInput(run("generate", "--frobnicate"), "frobnicate");
        assertOneLineBadInput(
                run("generate", "--config", tmp.resolve("nope.yaml").toString(), "--out", tmp.toString()),
                "nope.yaml",
                "no such configuration file");
        assertOneLineBadInput(run("simulate"), "simulate");
    }

    @Test
    void versionAndHelp() {
        Run v = run("--version");
        assertEquals(0, v.exit());
        assertTrue(v.out().startsWith("rapgen "), v.out());
        Run h = run("--help");
        assertEquals(0, h.exit());
        for (String command : new String[] {"generate", "profile", "sample"})
            assertTrue(h.out().contains(command), h.out());
        assertFalse(h.out().contains("cosim"), "no commands that do not exist yet");
    }
}
