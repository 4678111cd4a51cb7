package org.rapgen.generate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes designs so a failure never leaves a partial folder: each design is written to a temporary sibling folder and
 * renamed into place, replacing any previous version. Files outside design folders are replaced one by one.
 */
public final class OutputWriter {
    private OutputWriter() {}

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

    /**
     * Writes files given by paths relative to {@code root} (folders are created), each through a temporary sibling
     * renamed into place, so no file is ever left half-written.
     */
    public static void writeFiles(Path root, Map<String, byte[]> files) throws IOException {
        for (var f : files.entrySet()) {
            Path target = root.resolve(f.getKey());
            Files.createDirectories(target.getParent());
            Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".tmp-", "");
            try {
                Files.write(tmp, f.getValue());
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
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
