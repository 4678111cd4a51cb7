package org.rapgen.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --name value} options with defaults; an unknown option or a bad number ends the program with status 2. */
final class Args {
    private final String program;
    private final Map<String, String> values;
    private final List<String> positional = new ArrayList<>();

    /** @param defaults every accepted option with its default value */
    Args(String program, String[] args, Map<String, String> defaults) {
        this.program = program;
        this.values = new LinkedHashMap<>(defaults);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                positional.add(a);
                continue;
            }
            String name = a.substring(2);
            if (!defaults.containsKey(name)) {
                fail("unknown option " + a + "; known: --" + String.join(", --", defaults.keySet()));
            }
            if (i + 1 >= args.length) {
                fail("option " + a + " needs a value");
            }
            values.put(name, args[++i]);
        }
    }

    /**
     * Defaults from {@code name, value} pairs, followed by the two every experiment has: {@code --threads} (all
     * processors) and {@code --out} (docs/results).
     */
    static Map<String, String> defaults(String... pairs) {
        Map<String, String> d = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            d.put(pairs[i], pairs[i + 1]);
        }
        d.put("threads", Integer.toString(Runtime.getRuntime().availableProcessors()));
        d.put("out", "docs/results");
        return d;
    }

    String string(String name) {
        return values.get(name);
    }

    int integer(String name) {
        try {
            return Integer.parseInt(values.get(name));
        } catch (NumberFormatException e) {
            throw fail("--" + name + " must be an integer, got '" + values.get(name) + "'");
        }
    }

    long longValue(String name) {
        try {
            return Long.decode(values.get(name));
        } catch (NumberFormatException e) {
            throw fail("--" + name + " must be an integer, got '" + values.get(name) + "'");
        }
    }

    /** A comma-separated list of integers; empty for an empty value. */
    List<Integer> integers(String name) {
        List<Integer> out = new ArrayList<>();
        for (String s : values.get(name).split(",")) {
            if (!s.isBlank()) {
                try {
                    out.add(Integer.parseInt(s.trim()));
                } catch (NumberFormatException e) {
                    throw fail("--" + name + " must be a comma-separated list of integers, got '" + values.get(name)
                            + "'");
                }
            }
        }
        return out;
    }

    List<String> positional() {
        return positional;
    }

    RuntimeException fail(String problem) {
        System.err.println(program + ": " + problem);
        System.exit(2);
        return new IllegalStateException(problem);
    }
}
