package org.rapgen.cosim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.rapgen.cli.BadInputException;

/** Writes a result file whole or not at all: a temporary sibling, then an atomic rename onto the target. */
public final class DumpFile {
    private DumpFile() {}

    public static void write(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir))
            throw new BadInputException(target + ":0: cannot write: folder " + dir + " does not exist");
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
