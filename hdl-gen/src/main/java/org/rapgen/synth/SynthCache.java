package org.rapgen.synth;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Results by content hash: {@code <root>/<sha256>/} holds result.json and the tool logs. An entry appears only by
 * the atomic rename of a finished work folder, so an entry that exists is complete.
 */
final class SynthCache {
    static final String RESULT = "result.json";
    /** Instead of a result: the one-line message of a design that does not fit the part. */
    static final String MISFIT = "misfit.txt";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path root;

    SynthCache(Path root) {
        this.root = root.toAbsolutePath();
    }

    /** {@code -Drapgen.synth.cache}, else {@code $XDG_CACHE_HOME/rapgen/synth}, else {@code ~/.cache/rapgen/synth}. */
    static SynthCache user() {
        String prop = System.getProperty("rapgen.synth.cache");
        if (prop != null && !prop.isBlank()) return new SynthCache(Path.of(prop));
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return new SynthCache(base.resolve("rapgen").resolve("synth"));
    }

    Path entry(String key) {
        return root.resolve(key);
    }

    /** The message of a cached misfit, or empty. */
    Optional<String> misfit(String key) {
        try {
            Path m = entry(key).resolve(MISFIT);
            return Files.isRegularFile(m) ? Optional.of(Files.readString(m).strip()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    Optional<SynthResult> lookup(String key) {
        Path result = entry(key).resolve(RESULT);
        if (!Files.isRegularFile(result)) return Optional.empty();
        try {
            return Optional.of(JSON.readValue(result.toFile(), SynthResult.class));
        } catch (IOException e) {
            return Optional.empty(); // unreadable (older format): measure again
        }
    }

    /** A fresh work folder on the cache's file system, to be published or left for inspection on failure. */
    Path workFolder(String key) {
        try {
            Files.createDirectories(root);
            return Files.createTempDirectory(root, "." + key.substring(0, 12) + ".work-");
        } catch (IOException e) {
            throw SynthException.tool("cannot create a work folder under " + root + ": " + e.getMessage());
        }
    }

    /** Writes the result into the work folder and renames it into place (another process may have been first). */
    void publish(String key, Path work, SynthResult result) {
        try {
            JSON.writeValue(work.resolve(RESULT).toFile(), result);
            publish(key, work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** As {@link #publish(String, Path, SynthResult)} for a design that does not fit: the message, with the logs. */
    void publishMisfit(String key, Path work, String message) {
        try {
            Files.writeString(work.resolve(MISFIT), message + "\n");
            publish(key, work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void publish(String key, Path work) throws IOException {
        try {
            Files.move(work, entry(key), StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException e) {
            delete(work);
        }
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
