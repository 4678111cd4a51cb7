package org.rapgen.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps a machine-written section inside a hand-written Markdown page: the text between
 * {@code <!-- BEGIN generated: NAME -->} and {@code <!-- END generated: NAME -->} is replaced on every run, the
 * commentary around it is left alone. A page that does not exist yet is created with just a title and the block.
 */
final class GeneratedBlock {
    private GeneratedBlock() {}

    static void write(Path page, String title, String name, String content) throws IOException {
        String begin = "<!-- BEGIN generated: " + name + " (rewritten by each run; edit around it) -->\n";
        String end = "<!-- END generated: " + name + " -->\n";
        String block = begin + content + end;
        String text;
        if (Files.exists(page)) {
            String old = Files.readString(page, StandardCharsets.UTF_8);
            int b = old.indexOf(begin);
            int e = old.indexOf(end);
            if (b < 0 || e < b) {
                throw new IOException(
                        page + ": no generated block '" + name + "' to replace (expected the BEGIN/END comments)");
            }
            text = old.substring(0, b) + block + old.substring(e + end.length());
        } else {
            text = "# " + title + "\n\n" + block;
        }
        Files.createDirectories(page.toAbsolutePath().getParent());
        Files.writeString(page, text, StandardCharsets.UTF_8);
    }
}
