package org.rapgen.testutil;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the repository root (Surefire passes it; running from an IDE falls back to the working directory). */
public final class RepoPaths {
    private RepoPaths() {
    }

    public static Path root() {
        String p = System.getProperty("rapgen.root");
        Path start = p != null ? Path.of(p) : Path.of("").toAbsolutePath();
        for (Path q = start; q != null; q = q.getParent()) {
            if (Files.isDirectory(q.resolve("configs")) && Files.isRegularFile(q.resolve("rapgen"))) return q;
        }
        throw new IllegalStateException("repository root not found above " + start);
    }
}
