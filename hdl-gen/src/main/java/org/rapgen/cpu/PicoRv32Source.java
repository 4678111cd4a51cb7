package org.rapgen.cpu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.rapgen.RepositoryRoot;

/**
 * Where PicoRV32's Verilog and its Dhrystone sources are: the folder that PyPI's {@code pythondata-cpu-picorv32}
 * (pinned in scripts/bootstrap.sh) names as its {@code data_location}, asked of the repository's {@code .venv} Python.
 * {@code -Drapgen.picorv32=DIR} overrides it.
 */
public final class PicoRv32Source {
    public static final String PACKAGE = "pythondata-cpu-picorv32";
    private static volatile Path cached;

    private PicoRv32Source() {}

    /** The package's Verilog folder (holds picorv32.v and dhrystone/). */
    public static Path folder() {
        Path c = cached;
        if (c != null) return c;
        String prop = System.getProperty("rapgen.picorv32");
        c = prop != null && !prop.isBlank() ? Path.of(prop) : fromVenv();
        if (!Files.isRegularFile(c.resolve("picorv32.v")))
            throw new IllegalStateException(c + " has no picorv32.v; run scripts/bootstrap.sh");
        cached = c;
        return c;
    }

    public static Path verilog() {
        return folder().resolve("picorv32.v");
    }

    public static Path dhrystone() {
        return folder().resolve("dhrystone");
    }

    private static Path fromVenv() {
        Optional<Path> root = RepositoryRoot.find(PicoRv32Source.class);
        Path python = root.map(r -> r.resolve(".venv/bin/python"))
                .filter(Files::isExecutable)
                .orElseThrow(() -> new IllegalStateException(
                        PACKAGE + " not found: no .venv in the rapgen checkout; run scripts/bootstrap.sh"));
        try {
            Process p = new ProcessBuilder(
                            python.toString(), "-c", "import pythondata_cpu_picorv32 as p; print(p.data_location)")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException(PACKAGE + " is not installed in .venv; run scripts/bootstrap.sh");
            }
            return Path.of(out);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + python + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while locating " + PACKAGE, e);
        }
    }
}
