package org.rapgen;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rapgen checkout the running code belongs to, where scripts/bootstrap.sh keeps the git-ignored {@code .venv}
 * with the pinned Python tools. Tools found there need no PATH set up by the user.
 */
public final class RepositoryRoot {
    private RepositoryRoot() {}

    /**
     * {@code -Drapgen.root}, else the nearest folder above the jar or classes folder of {@code anchor} (or of this
     * class) that holds {@code scripts/bootstrap.sh}. Two anchors because a module's classes may come from the
     * reactor's target folder while this class comes from a jar elsewhere.
     */
    public static Optional<Path> find(Class<?> anchor) {
        List<Path> starts = new ArrayList<>();
        String prop = System.getProperty("rapgen.root");
        if (prop != null && !prop.isBlank()) starts.add(Path.of(prop));
        for (Class<?> c : List.of(anchor, RepositoryRoot.class)) {
            try {
                starts.add(Path.of(
                        c.getProtectionDomain().getCodeSource().getLocation().toURI()));
            } catch (Exception e) {
                // no code source (unusual class loader): the other starts may still tell
            }
        }
        for (Path start : starts) {
            for (Path q = start.toAbsolutePath(); q != null; q = q.getParent()) {
                if (Files.isRegularFile(q.resolve("scripts/bootstrap.sh"))) return Optional.of(q);
            }
        }
        return Optional.empty();
    }
}
