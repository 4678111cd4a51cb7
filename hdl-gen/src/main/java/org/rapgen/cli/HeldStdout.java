package org.rapgen.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Standard output held back until the command has finished: a run that ends in an error prints nothing on stdout, so
 * a script never reads half a result (SPEC §8 forbids a partial output file; stdout is held alike). Held in a temporary file, since a command may
 * print a whole trace's messages; where no temporary file can be made, output goes straight through.
 */
final class HeldStdout implements AutoCloseable {
    private final PrintStream target;
    private final Path file;
    private final PrintStream stream;

    private HeldStdout(PrintStream target, Path file, PrintStream stream) {
        this.target = target;
        this.file = file;
        this.stream = stream;
    }

    static HeldStdout over(PrintStream target) {
        try {
            Path f = Files.createTempFile("rapgen-stdout", ".tmp");
            OutputStream o = new BufferedOutputStream(Files.newOutputStream(f), 1 << 16);
            return new HeldStdout(target, f, new PrintStream(o, false, StandardCharsets.UTF_8));
        } catch (IOException | UnsupportedOperationException e) {
            return new HeldStdout(target, null, target);
        }
    }

    PrintStream stream() {
        return stream;
    }

    /** Passes what was held on to the real standard output. */
    void release() throws IOException {
        if (file == null) return;
        stream.flush();
        if (stream.checkError()) throw new IOException("standard output could not be held in " + file);
        Files.copy(file, target);
        target.flush();
    }

    @Override
    public void close() throws IOException {
        if (file == null) return;
        stream.close();
        Files.deleteIfExists(file);
    }
}
