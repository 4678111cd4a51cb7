package org.rapgen.hdl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rapgen.RepositoryRoot;

/**
 * A signal's Verilog name is its Java name: every {@code Type javaName = ... .named("verilog_name");} in the
 * generator's sources names the hardware after the variable that holds it (camelCase to snake_case), so a reader of
 * the Verilog finds the Java and back. Two qualifiers are allowed, since they say where the signal lives rather than
 * rename it: a prefix (a unit built in its caller's module prefixes its names, as {@code csr_} or {@code free_}, and a
 * pipeline stage its registers, as {@code s1_}) and a suffix (what the name adds about the signal, as {@code _q}).
 * Anything else states its reason in a {@code // Verilog name: ...} comment on the line above.
 */
class SignalNamesTest {
    private static final Pattern NAMED = Pattern.compile(
            "^[ \\t]*(?:(?:final|private|public|static)\\s+)*[A-Z]\\w*(?:<[^=;]*>)?\\s+(\\w+)\\s*=\\s*[^;]*?"
                    + "\\.named\\(\\s*\"([^\"]+)\"\\s*\\)\\s*(?:\\.\\w+\\([^;]*\\))?\\s*;",
            Pattern.MULTILINE | Pattern.DOTALL);
    private static final String REASON = "// Verilog name:";

    static String snake(String javaName) {
        return javaName.replaceAll("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_")
                .toLowerCase();
    }

    /** Underscores before digits are spelling, not words: {@code held1} is {@code held_1}. */
    private static String words(String name) {
        return name.replaceAll("_(?=\\d)", "");
    }

    static boolean matches(String javaName, String verilogName) {
        String java = words(snake(javaName));
        String verilog = words(verilogName);
        return verilog.equals(java) || verilog.endsWith("_" + java) || verilog.startsWith(java + "_");
    }

    /** The statements of {@code source} whose Verilog name is not their Java name and that give no reason. */
    static List<String> violations(String source) {
        List<String> out = new ArrayList<>();
        Matcher m = NAMED.matcher(source);
        while (m.find()) {
            if (matches(m.group(1), m.group(2))) continue;
            int lineStart = source.lastIndexOf('\n', m.start(1)) + 1;
            int prevEnd = Math.max(lineStart - 1, 0);
            String previous = source.substring(source.lastIndexOf('\n', prevEnd - 1) + 1, prevEnd);
            if (previous.trim().startsWith(REASON)) continue;
            int line = (int) source.substring(0, m.start(1))
                            .chars()
                            .filter(c -> c == '\n')
                            .count()
                    + 1;
            out.add(line + ": " + m.group(1) + " is named \"" + m.group(2) + "\"");
        }
        return out;
    }

    @Test
    void theCheckFindsARenamedSignalAndAcceptsItsQualifiersAndReasons() {
        assertEquals(
                List.of("2: count is named \"total\""),
                violations("class A {\n    UInt count = Reg(UInt(8)).named(\"total\");\n}\n"));
        assertEquals(List.of(), violations("    UInt count = Reg(UInt(8)).named(\"csr_count\");\n"));
        assertEquals(List.of(), violations("    Bool held1 = RegNext(x).named(\"held_1_q\");\n"));
        assertEquals(List.of(), violations("    UInt cmdQValid = x.named(\"cmd_q_valid\");\n"));
        assertEquals(List.of(), violations("    // Verilog name: why\n    UInt count = x.named(\"total\");\n"));
    }

    @Test
    void everyNamedSignalKeepsItsJavaName() throws IOException {
        Path main = RepositoryRoot.find(SignalNamesTest.class).orElseThrow().resolve("hdl-gen/src/main/java");
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> walk = Files.walk(main)) {
            for (Path f : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
                files++;
                for (String v : violations(Files.readString(f))) found.add(main.relativize(f) + ":" + v);
            }
        }
        assertTrue(files > 200, "the generator's sources were not found under " + main);
        assertEquals(List.of(), found, "signals whose Verilog name is not their Java name, with no stated reason");
    }
}
