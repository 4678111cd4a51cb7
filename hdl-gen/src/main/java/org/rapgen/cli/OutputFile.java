package org.rapgen.cli;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An output that appears whole or not at all. Text goes to a temporary file; {@link #commit()} renames it onto the
 * target (same folder, so the rename is atomic) or, for standard output, copies it there. Closing without a commit
 * deletes the temporary file, so a run that fails on bad input leaves nothing behind.
 *
 * <p>The temporary file is created when the command starts, so an unwritable target fails before a long trace is
 * read, not after.
 */
final class OutputFile implements Closeable {
    private final Path target; // null: standard output
    private final OutputStream stdout;
    private final Path tmp;
    private final Writer writer;
    /** The stream is a device or pipe this file opened (and closes), not standard output. */
    private final boolean ownsStream;

    private boolean committed;

    private OutputFile(Path target, OutputStream stdout) {
        // A device or a pipe (/dev/stdout, a FIFO) is written as a stream: a rename would replace the node itself.
        boolean node =
                target != null && Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target);
        if (node) {
            stdout = openStream(target);
            target = null;
        }
        this.ownsStream = node;
        this.target = target;
        this.stdout = stdout;
        String name = target == null ? "rapgen-stdout" : target.getFileName().toString();
        Path dir = target == null ? null : target.toAbsolutePath().getParent();
        try {
            tmp = dir == null ? Files.createTempFile(name, ".tmp") : createSibling(dir, name);
            writer = new BufferedWriter(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8), 1 << 16);
        } catch (IOException e) {
            throw cannotWrite(e);
        }
    }

    private static OutputStream openStream(Path node) {
        try {
            return Files.newOutputStream(node, java.nio.file.StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new BadInputException(node + ":0: cannot write: " + ErrorReport.writeProblem(e));
        }
    }

    /**
     * A new hidden file beside the target. Not {@link Files#createTempFile}: that makes the file private (0600), and
     * the rename would hand the user a dump their group cannot read; a plain create follows the umask.
     */
    private static Path createSibling(Path dir, String name) throws IOException {
        while (true) {
            Path p = dir.resolve("." + name + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".tmp");
            try {
                return Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                // Another run picked the same name; draw again.
            }
        }
    }

    /** An output file that replaces {@code target} on commit. */
    static OutputFile of(Path target) {
        return new OutputFile(target, null);
    }

    /** Standard output, held back until the run has succeeded. */
    static OutputFile stdout(OutputStream out) {
        return new OutputFile(null, out);
    }

    /** Nothing, or the file for {@code target}. */
    static OutputFile ofNullable(Path target) {
        return target == null ? null : of(target);
    }

    Writer writer() {
        return writer;
    }

    /** Publishes the text written so far. */
    void commit() {
        try {
            writer.close();
            if (target == null) {
                Files.copy(tmp, stdout);
                stdout.flush();
            } else {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            committed = true;
        } catch (IOException e) {
            throw cannotWrite(e);
        }
    }

    /** A failure to write this output, as the one-line error. */
    BadInputException cannotWrite(IOException e) {
        return new BadInputException(
                (target == null ? "standard output" : target) + ":0: cannot write: " + ErrorReport.writeProblem(e));
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            writer.close();
        }
        if (ownsStream) stdout.close();
        Files.deleteIfExists(tmp);
    }
}
