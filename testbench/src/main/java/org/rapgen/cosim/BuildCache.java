package org.rapgen.cosim;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Content-addressed store of built libraries: {@code <root>/<sha256>/}. An entry directory
 * only ever appears by an atomic rename of a fully built temp directory, so "the directory
 * exists" means "the build is complete" and readers need no lock. Builders take a per-key
 * lock file (FileChannel.lock, for other JVMs such as parallel surefire forks) inside a
 * per-key monitor (FileChannel locks are per-process, not per-thread).
 */
public final class BuildCache {
    private static final AtomicInteger VERILATOR_RUNS = new AtomicInteger();
    private static final ConcurrentHashMap<String, Object> MONITORS = new ConcurrentHashMap<>();

    private final Path root;

    /** A builder fills {@code dir}; it is published only if it returns normally. */
    public interface Builder {
        void build(Path dir) throws Exception;
    }

    public BuildCache(Path root) {
        this.root = root.toAbsolutePath();
    }

    /**
     * The per-user cache: {@code -Drapgen.cosim.cache}, else {@code $XDG_CACHE_HOME/rapgen/verilator},
     * else {@code ~/.cache/rapgen/verilator}.
     */
    public static BuildCache user() {
        String prop = System.getProperty("rapgen.cosim.cache");
        if (prop != null && !prop.isBlank()) return new BuildCache(Path.of(prop));
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = (xdg != null && !xdg.isBlank()) ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return new BuildCache(base.resolve("rapgen").resolve("verilator"));
    }

    /** How many times this JVM has started Verilator; a cache hit must leave it unchanged. */
    public static int verilatorInvocations() {
        return VERILATOR_RUNS.get();
    }

    static void noteVerilatorInvocation() {
        VERILATOR_RUNS.incrementAndGet();
    }

    public Path root() {
        return root;
    }

    public boolean contains(String key) {
        return Files.isDirectory(root.resolve(key));
    }

    /** Returns the entry for {@code key}, building it first if no process has done so yet. */
    public Path get(String key, Builder builder) {
        Path entry = root.resolve(key);
        if (Files.isDirectory(entry)) return entry;
        synchronized (MONITORS.computeIfAbsent(key, k -> new Object())) {
            try {
                Files.createDirectories(root);
                try (FileChannel ch = FileChannel.open(
                                root.resolve(key + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                        FileLock ignored = ch.lock()) {
                    if (Files.isDirectory(entry)) return entry; // another process built it while we waited
                    removeStaleTemps(key);
                    Path tmp = Files.createTempDirectory(root, ".tmp-" + key + "-");
                    try {
                        builder.build(tmp);
                        publish(tmp, entry);
                    } finally {
                        deleteTree(tmp);
                    }
                    return entry;
                }
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("build of cache entry " + key + " failed: " + e.getMessage(), e);
            }
        }
    }

    /** Temp dirs of this key left by a killed build; safe to delete because we hold the key's lock. */
    private void removeStaleTemps(String key) throws IOException {
        try (Stream<Path> s = Files.list(root)) {
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith(".tmp-" + key + "-"))
                    .toList()) {
                deleteTree(p);
            }
        }
    }

    private static void publish(Path tmp, Path entry) throws IOException {
        try {
            Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException e) {
            // Only possible if someone bypassed the lock; their entry is as good as ours.
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("cache root " + tmp.getParent() + " does not support atomic rename", e);
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
        }
    }

    /** SHA-256 over labelled, length-prefixed fields, so no two different inputs concatenate alike. */
    public static final class Key {
        private final MessageDigest md;

        public Key() {
            try {
                md = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new AssertionError(e);
            }
        }

        public Key add(String label, String value) {
            return add(label, value.getBytes(StandardCharsets.UTF_8));
        }

        public Key add(String label, byte[] value) {
            byte[] l = label.getBytes(StandardCharsets.UTF_8);
            md.update(l);
            md.update((byte) 0);
            md.update(Long.toString(value.length).getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update(value);
            return this;
        }

        public String hex() {
            return HexFormat.of().formatHex(md.digest());
        }
    }
}
