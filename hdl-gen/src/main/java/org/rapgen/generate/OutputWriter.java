package org.rapgen.generate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes designs so a failure never leaves a partial folder: each design is written to a temporary sibling folder and
 * renamed into place, replacing any previous version.
 */
public final class OutputWriter {
    private OutputWriter() {
    }

    public static void write(Path outDir, List<GeneratedDesign> designs) throws IOException {
        Files.createDirectories(outDir);
        for (GeneratedDesign d : designs) {
            Path tmp = Files.createTempDirectory(outDir, "." + d.name() + ".tmp-");
            try {
                for (var f : d.files().entrySet()) Files.write(tmp.resolve(f.getKey()), f.getValue());
                Path target = outDir.resolve(d.name());
                if (Files.exists(target)) {
                    Path old = Files.createTempDirectory(outDir, "." + d.name() + ".old-");
                    Files.move(target, old.resolve("x"), StandardCopyOption.ATOMIC_MOVE);
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
                    deleteTree(old);
                } else {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
                }
            } finally {
                if (Files.exists(tmp)) deleteTree(tmp);
            }
        }
    }

    static void deleteTree(Path p) throws IOException {
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(q -> {
                try {
                    Files.delete(q);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
