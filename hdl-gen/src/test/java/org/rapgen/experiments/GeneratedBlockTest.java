package org.rapgen.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratedBlockTest {

    @Test
    void replacesOnlyTheBlockAndKeepsTheCommentary(@TempDir Path dir) throws IOException {
        Path page = dir.resolve("r.md");
        GeneratedBlock.write(page, "Title", "x", "first\n");
        String created = Files.readString(page);
        Files.writeString(page, created.replace("# Title\n\n", "# Title\n\nintro\n\n") + "\ncommentary\n");
        GeneratedBlock.write(page, "Title", "x", "second\n");
        String text = Files.readString(page);
        assertEquals(
                "# Title\n\nintro\n\n<!-- BEGIN generated: x (rewritten by each run; edit around it) -->\nsecond\n"
                        + "<!-- END generated: x -->\n\ncommentary\n",
                text);
    }

    @Test
    void refusesAPageWithoutTheBlock(@TempDir Path dir) throws IOException {
        Path page = dir.resolve("r.md");
        Files.writeString(page, "# hand-written\n");
        assertThrows(IOException.class, () -> GeneratedBlock.write(page, "T", "x", "y\n"));
        assertEquals("# hand-written\n", Files.readString(page));
    }
}
