package org.rapgen;

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

/**
 * The product's code (everything in the modules' main sources outside {@code org.rapgen.bench} and
 * {@code org.rapgen.experiments}) never uses benchmark or experiment code, so neither can change what users run. A
 * source file names such code by an import or a qualified name; both are searched.
 */
class ProductBoundaryTest {
    private static final Pattern OUTSIDE = Pattern.compile("\\borg\\.rapgen\\.(bench|experiments)\\.[A-Z]\\w*");
    private static final List<String> MODULES = List.of("hdl-gen", "testbench");

    @Test
    void productSourcesDoNotUseBenchmarkOrExperimentCode() throws IOException {
        Path root = RepositoryRoot.find(ProductBoundaryTest.class).orElseThrow();
        List<String> uses = new ArrayList<>();
        int scanned = 0;
        for (String module : MODULES) {
            Path main = root.resolve(module).resolve("src/main/java");
            try (Stream<Path> files = Files.walk(main)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String pkg = main.relativize(f.getParent()).toString().replace('/', '.');
                    if (pkg.startsWith("org.rapgen.bench") || pkg.startsWith("org.rapgen.experiments")) continue;
                    scanned++;
                    List<String> lines = Files.readAllLines(f);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = OUTSIDE.matcher(lines.get(i));
                        if (m.find()) uses.add(root.relativize(f) + ":" + (i + 1) + ": " + m.group());
                    }
                }
            }
        }
        assertTrue(scanned > 200, "the product's sources were not found under " + root + " (" + scanned + " files)");
        assertEquals(List.of(), uses, "product code uses benchmark or experiment code");
    }
}
