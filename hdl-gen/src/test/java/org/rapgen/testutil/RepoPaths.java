package org.rapgen.testutil;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the repository root (Surefire passes it; running from an IDE falls back to the working directory). */
public final class RepoPaths {
    private RepoPaths() {}

    public static Path root() {
        String p = System.getProperty("rapgen.root");
        Path start = p != null ? Path.of(p) : Path.of("").toAbsolutePath();
        for (Path q = start; q != null; q = q.getParent()) {
            if (Files.isDirectory(q.resolve("configs")) && Files.isRegularFile(q.resolve("rapgen"))) return q;
        }
        throw new IllegalStateException("repository root not found above " + start);
    }

    /** A real trace from {@code shared/traces} beside the repository; its absence fails the test (never a skip). */
    public static Path sharedTrace(String name) {
        Path p = root().resolve("..")
                .resolve("shared")
                .resolve("traces")
                .resolve(name)
                .normalize();
        if (!Files.isReadable(p))
            fail("shared trace not found at " + p
                    + ": the tests expect the project's shared/ folder beside the repository");
        return p;
    }
}
