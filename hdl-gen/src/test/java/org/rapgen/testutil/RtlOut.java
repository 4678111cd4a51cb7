package org.rapgen.testutil;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The committed designs in rtl-out/ and what their manifests say. */
public final class RtlOut {
    private RtlOut() {}

    /** One design folder and its manifest: name, top module, Verilog files (children first), clock. */
    public record Design(Path dir, String name, String top, List<String> files, double clockMhz) {
        public List<Path> paths() {
            return files.stream().map(dir::resolve).toList();
        }
    }

    public static List<Path> designDirs() {
        try (Stream<Path> s = Files.list(RepoPaths.root().resolve("rtl-out"))) {
            return s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Design> designs() {
        return designDirs().stream().map(RtlOut::read).toList();
    }

    public static Design read(Path dir) {
        try {
            JsonNode m =
                    new ObjectMapper().readTree(dir.resolve("manifest.json").toFile());
            List<String> files = new ArrayList<>();
            m.get("files").forEach(f -> files.add(f.get("path").asText()));
            return new Design(
                    dir,
                    m.get("name").asText(),
                    m.get("top").asText(),
                    files,
                    m.get("config").get("clock_mhz").asDouble());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
