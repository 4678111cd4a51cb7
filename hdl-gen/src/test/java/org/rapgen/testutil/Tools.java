package org.rapgen.testutil;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Runs external EDA tools for tests. A missing tool fails the test with the command that installs it. */
public final class Tools {
    private Tools() {}

    /** Output (stdout+stderr) and exit code of one run. */
    public record Result(int exit, String output) {}

    public static Result run(Path dir, List<String> cmd) {
        requireOnPath(cmd.get(0));
        try {
            Process p = new ProcessBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                fail(cmd.get(0) + " timed out");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return fail("cannot run " + cmd + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted");
        }
    }

    /** Yosys on generated Verilog ({@code file name -> text}): reads every file, then runs {@code commands}. */
    public static Result yosys(Map<String, String> files, String commands) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("rapgen-yosys");
            StringBuilder script = new StringBuilder();
            for (Map.Entry<String, String> f : files.entrySet()) {
                Files.writeString(dir.resolve(f.getKey()), f.getValue());
                script.append("read_verilog ").append(f.getKey()).append("; ");
            }
            return run(dir, cmd("yosys", "-p", script + commands));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) {
                try (Stream<Path> s = Files.walk(dir)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException e) {
                    // a leftover temp dir is harmless
                }
            }
        }
    }

    public static void requireOnPath(String tool) {
        if (tool.contains("/")) {
            if (!Path.of(tool).toFile().canExecute()) fail(tool + " not found: run scripts/bootstrap.sh");
            return;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Path.of(dir, tool).toFile().canExecute()) return;
        }
        fail(tool + " not found: run scripts/bootstrap.sh or apt-get install " + debianPackage(tool));
    }

    private static String debianPackage(String tool) {
        return switch (tool) {
            case "iverilog", "vvp" -> "iverilog";
            case "nextpnr-ice40" -> "nextpnr-ice40";
            case "tclsh" -> "tcl";
            default -> tool;
        };
    }

    public static List<String> cmd(String... parts) {
        return new ArrayList<>(List.of(parts));
    }
}
