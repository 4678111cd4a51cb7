package org.rapgen.cli;

import java.io.PrintStream;

/** The "key  value" lines that close a command's output, keys padded so the values line up. */
final class Summary {
    private Summary() {}

    static void row(PrintStream out, String key, String value) {
        out.printf("%-9s %s%n", key, value);
    }
}
