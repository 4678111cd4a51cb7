package org.rapgen.synth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.rapgen.RepositoryRoot;

/** Finds the synthesis tools and runs them; a missing tool is a {@link SynthException} naming how to install it. */
final class Toolchain {
    private Toolchain() {}

    /** Output (stdout and stderr) and exit status of one run. */
    record Run(int exit, String output) {}

    static Path yosys() {
        return onPath("yosys")
                .orElseThrow(
                        () -> SynthException.tool(
                                "synth needs yosys, which is not on PATH: apt-get install yosys (or run scripts/bootstrap.sh)"));
    }

    static Path pnr(SynthTarget target) {
        SynthTarget.Pnr p = target.pnr;
        Optional<Path> found = onPath(p.tool());
        if (found.isEmpty() && p.venvTool() != null) {
            found = RepositoryRoot.find(Toolchain.class)
                    .map(r -> r.resolve(".venv/bin/" + p.venvTool()))
                    .filter(Files::isExecutable);
        }
        return found.orElseThrow(() ->
                SynthException.tool("synth --target " + target.id + " needs " + p.tool() + ", which is not on PATH"
                        + (p.venvTool() != null ? " nor in .venv as " + p.venvTool() : "") + ": " + p.installHint()));
    }

    /** First line of {@code tool --version} (or {@code -V}), for the cache key. */
    static String version(Path tool, String flag) {
        Run r = run(List.of(tool.toString(), flag), null);
        return r.output()
                .lines()
                .filter(l -> !l.isBlank())
                .findFirst()
                .orElse("")
                .strip();
    }

    static Run run(List<String> cmd, Path dir) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            if (dir != null) pb.directory(dir.toFile());
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Run(p.waitFor(), out);
        } catch (IOException e) {
            throw SynthException.tool("cannot run " + cmd.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SynthException.tool("interrupted while running " + cmd.get(0));
        }
    }

    private static Optional<Path> onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }
}
