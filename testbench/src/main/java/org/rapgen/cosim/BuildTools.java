package org.rapgen.cosim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.rapgen.cli.BadInputException;
import org.rapgen.cli.ToolFailedException;

/** Locates and runs the external tools (verilator, make, g++), with one clear message when they are missing. */
final class BuildTools {
    static final String INSTALL_HINT = "run scripts/bootstrap.sh or apt-get install verilator g++ make";
    private static final ConcurrentHashMap<String, String> VERSIONS = new ConcurrentHashMap<>();

    private BuildTools() {}

    static String cxx() {
        return System.getenv().getOrDefault("CXX", "g++");
    }

    /** Fails fast, before any cache lookup can hide the problem, if a tool is not on PATH. */
    static void requireTools(String... tools) {
        for (String t : tools) {
            if (!onPath(t)) throw new BadInputException("'" + t + "' not found on PATH: " + INSTALL_HINT);
        }
    }

    private static boolean onPath(String tool) {
        try {
            return Files.isExecutable(which(tool));
        } catch (IllegalStateException e) {
            return false;
        }
    }

    static Optional<Path> findOnPath(String tool) {
        return onPath(tool) ? Optional.of(which(tool)) : Optional.empty();
    }

    /**
     * {@code <tool> --version} (part of every cache key), memoised per JVM and on disk keyed by
     * the executable's identity (path, size, mtime, plus a {@code <tool>_bin} sibling, which is
     * where Verilator's wrapper script dispatches to). So a warm run never starts Verilator.
     */
    static String version(String tool) {
        return version(tool, Map.of());
    }

    /** As {@link #version(String)}, running the tool with {@code env} added to its environment. */
    static String version(String tool, Map<String, String> env) {
        return VERSIONS.computeIfAbsent(tool, t -> {
            requireTools(t);
            Path memo = BuildCache.user().root().resolve("versions").resolve(identity(t) + ".txt");
            try {
                if (Files.isRegularFile(memo)) return Files.readString(memo);
                String v = run(List.of(t, "--version"), null, null, env).trim();
                Files.createDirectories(memo.getParent());
                Path tmp = Files.createTempFile(memo.getParent(), ".tmp-", ".txt");
                Files.writeString(tmp, v);
                Files.move(
                        tmp,
                        memo,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                return v;
            } catch (IOException e) {
                return run(List.of(t, "--version"), null, null, env).trim(); // unwritable cache: just ask the tool
            }
        });
    }

    private static String identity(String tool) {
        BuildCache.Key k = new BuildCache.Key().add("tool", tool);
        Path exe = which(tool);
        for (Path p : List.of(exe, exe.resolveSibling(exe.getFileName() + "_bin"))) {
            try {
                Path real = p.toRealPath();
                k.add("path", real.toString())
                        .add("size", Long.toString(Files.size(real)))
                        .add("mtime", Files.getLastModifiedTime(real).toString());
            } catch (IOException ignored) {
                // no such sibling: the identity is the executable alone
            }
        }
        return k.hex();
    }

    private static Path which(String tool) {
        if (tool.contains("/")) return Path.of(tool);
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, tool);
            if (Files.isExecutable(p)) return p;
        }
        throw new IllegalStateException("'" + tool + "' not found on PATH: " + INSTALL_HINT);
    }

    /** Runs a command; on a non-zero exit throws with the command and the tail of its output. */
    static String run(List<String> cmd, Path dir, Path log) {
        return run(cmd, dir, log, Map.of());
    }

    /** As {@link #run(List, Path, Path)}, with {@code env} added to (or replacing in) the child's environment. */
    static String run(List<String> cmd, Path dir, Path log, Map<String, String> env) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            if (dir != null) pb.directory(dir.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.MINUTES);
            if (log != null) {
                Files.writeString(
                        log,
                        "$ " + String.join(" ", cmd) + "\n" + out + "\n",
                        java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.APPEND);
            }
            if (p.exitValue() != 0)
                throw new ToolFailedException(Path.of(cmd.get(0)).getFileName().toString(), p.exitValue(), out, log);
            return out;
        } catch (IOException e) {
            throw new BadInputException("cannot run " + cmd.get(0) + ": " + e.getMessage() + "; " + INSTALL_HINT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + cmd.get(0), e);
        }
    }

    /** The JDK's include directory (for jni.h): java.home, then $JAVA_HOME, then javac's real location. */
    static Path jniInclude() {
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of(System.getProperty("java.home"), "include"));
        String jh = System.getenv("JAVA_HOME");
        if (jh != null) candidates.add(Path.of(jh, "include"));
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path javac = Path.of(dir.isEmpty() ? "." : dir, "javac");
            if (Files.isExecutable(javac)) {
                try {
                    candidates.add(javac.toRealPath().getParent().getParent().resolve("include"));
                } catch (IOException ignored) {
                    // broken symlink: try the next candidate
                }
            }
        }
        for (Path c : candidates) {
            if (Files.isRegularFile(c.resolve("jni.h"))) return c;
        }
        throw new IllegalStateException(
                "jni.h not found (looked in " + candidates + "); install a JDK, not just a JRE");
    }
}
