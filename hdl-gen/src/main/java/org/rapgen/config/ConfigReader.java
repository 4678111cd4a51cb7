package org.rapgen.config;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.rapgen.designs.DesignCatalog;
import org.rapgen.designs.ParamSpec;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.reader.ReaderException;

/**
 * Reads a design configuration (YAML). SnakeYAML's node tree keeps line numbers, so every error names the line of the
 * offending key or value.
 */
public final class ConfigReader {
    private static final Set<String> TOP_KEYS = Set.of("name", "design", "params", "clock_mhz");

    private ConfigReader() {}

    public static DesignConfig read(Path path) {
        String file = path.toString();
        String text = text(path);
        Node root;
        try {
            root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            throw new ConfigException(file, e.getProblemMark().getLine() + 1, "YAML syntax: " + e.getProblem());
        } catch (ReaderException e) {
            throw new ConfigException(
                    file,
                    lineAt(text, e.getPosition()),
                    String.format("character U+%04X is not allowed in YAML", e.getCodePoint()));
        } catch (YAMLException e) {
            throw new ConfigException(file, 1, "not a YAML configuration: " + e.getMessage());
        }
        if (!(root instanceof MappingNode top))
            throw new ConfigException(file, root == null ? 1 : line(root), "expected a mapping with keys " + TOP_KEYS);
        Map<String, NodeTuple> keys = entries(file, top);
        for (NodeTuple t : keys.values()) {
            String k = ((ScalarNode) t.getKeyNode()).getValue();
            if (!TOP_KEYS.contains(k))
                throw new ConfigException(
                        file,
                        line(t.getKeyNode()),
                        "unknown key '" + k + "' (expected one of name, design, params, clock_mhz)");
        }
        NodeTuple designNode = keys.get("design");
        if (designNode == null)
            throw new ConfigException(file, line(top), "missing 'design' (one of " + DesignCatalog.names() + ")");
        String design = scalar(file, designNode.getValueNode());
        DesignCatalog.Entry entry = DesignCatalog.find(design)
                .orElseThrow(() -> new ConfigException(
                        file,
                        line(designNode.getValueNode()),
                        "unknown design '" + design + "' (one of " + DesignCatalog.names() + ")"));

        Map<String, Object> params = new LinkedHashMap<>();
        Map<String, NodeTuple> given = keys.containsKey("params")
                ? entries(file, mapping(file, keys.get("params").getValueNode()))
                : Map.of();
        for (String k : given.keySet()) {
            if (entry.params().stream().noneMatch(p -> p.name().equals(k))) {
                throw new ConfigException(
                        file,
                        line(given.get(k).getKeyNode()),
                        "design '" + design + "' has no parameter '" + k + "' (it has " + entry.paramNames() + ")");
            }
        }
        for (ParamSpec p : entry.params()) {
            NodeTuple t = given.get(p.name());
            if (t == null) {
                if (p.defaultValue() == null)
                    throw new ConfigException(
                            file,
                            line(top),
                            "design '" + design + "' needs parameter '" + p.name() + "' (" + p.help() + ")");
                params.put(p.name(), p.defaultValue());
            } else {
                String problem = p.check(scalar(file, t.getValueNode()), params);
                if (problem != null)
                    throw new ConfigException(file, line(t.getValueNode()), "parameter '" + p.name() + "': " + problem);
                params.put(p.name(), p.parse(scalar(file, t.getValueNode())));
            }
        }
        String name =
                keys.containsKey("name") ? scalar(file, keys.get("name").getValueNode()) : entry.defaultName(params);
        if (!name.matches("[a-z][a-z0-9_]*"))
            throw new ConfigException(
                    file,
                    keys.containsKey("name") ? line(keys.get("name").getValueNode()) : line(top),
                    "name '" + name + "' must be lower-case letters, digits and '_' (it becomes a folder)");
        double mhz = 100.0;
        if (keys.containsKey("clock_mhz")) {
            Node n = keys.get("clock_mhz").getValueNode();
            try {
                mhz = Double.parseDouble(scalar(file, n));
            } catch (NumberFormatException e) {
                throw new ConfigException(file, line(n), "clock_mhz must be a number");
            }
            if (!(mhz > 0 && mhz <= 1000))
                throw new ConfigException(file, line(n), "clock_mhz must be in (0, 1000], got " + mhz);
        }
        return new DesignConfig(file, name, design, params, mhz);
    }

    /** The file's text: strictly UTF-8, so a byte that is not names its line. */
    private static String text(Path path) {
        String file = path.toString();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new ConfigException(file, 0, "cannot read it");
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = utf8.decode(in, out, true);
        if (r.isError()) {
            int line = 1;
            for (int i = 0; i < in.position(); i++) if (bytes[i] == '\n') line++;
            throw new ConfigException(
                    file, line, String.format("byte 0x%02X is not UTF-8 text", bytes[in.position()] & 0xFF));
        }
        utf8.flush(out);
        return out.flip().toString();
    }

    /** The line of the code point at {@code position} (counted in code points, as SnakeYAML's reader counts). */
    private static int lineAt(String text, int position) {
        int line = 1;
        int cp = 0;
        for (int i = 0; i < text.length() && cp < position; i += Character.charCount(text.codePointAt(i)), cp++) {
            if (text.charAt(i) == '\n') line++;
        }
        return line;
    }

    private static Map<String, NodeTuple> entries(String file, MappingNode m) {
        Map<String, NodeTuple> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String k = scalar(file, t.getKeyNode());
            if (out.put(k, t) != null)
                throw new ConfigException(file, line(t.getKeyNode()), "duplicate key '" + k + "'");
        }
        return out;
    }

    private static MappingNode mapping(String file, Node n) {
        if (n instanceof MappingNode m) return m;
        throw new ConfigException(file, line(n), "expected a mapping of parameter: value");
    }

    private static String scalar(String file, Node n) {
        if (n instanceof ScalarNode s) return s.getValue();
        throw new ConfigException(file, line(n), "expected a single value");
    }

    private static int line(Node n) {
        return n.getStartMark().getLine() + 1;
    }
}
