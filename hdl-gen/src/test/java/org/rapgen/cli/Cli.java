package org.rapgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Runs {@link Main} in process with stdout and stderr captured, and the checks every command test shares. */
final class Cli {
    record Run(int exit, String out, String err) {
        List<String> outLines() {
            return out.lines().collect(Collectors.toList());
        }
    }

    private Cli() {}

    static Run run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = Main.run(args);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** A successful run: exit 0 and nothing on stderr. */
    static Run ok(String... args) {
        Run r = run(args);
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err(), "stderr must stay silent");
        return r;
    }

    /** Exit 2, exactly one line on stderr, containing every fragment. */
    static void assertOneLineBadInput(Run r, String... fragments) {
        assertEquals(Main.BAD_INPUT, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), "exactly one line on stderr, got:\n" + r.err());
        for (String f : fragments) assertTrue(r.err().contains(f), "stderr should mention '" + f + "': " + r.err());
    }

    /** A Java exception's or error's name, a stack frame or a package name: what a user must never see. */
    private static final Pattern JAVA_NAME = Pattern.compile("\\b\\w+(Exception|Error)\\b|\\tat |java\\.");

    /** No Java name in {@code err}. */
    static void assertNoJavaNames(String err) {
        assertFalse(JAVA_NAME.matcher(err).find(), "a Java name reached the user: " + err);
    }

    /** The names of the files in {@code dir} (hidden temporary files included). */
    static Set<String> files(Path dir) throws IOException {
        if (!Files.exists(dir)) return Set.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
