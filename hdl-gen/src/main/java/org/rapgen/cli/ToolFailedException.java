package org.rapgen.cli;

import java.nio.file.Path;

/**
 * An external tool (Verilator, Yosys, nextpnr, a compiler) exited with an error: one line naming the tool, its exit
 * status, the first line of its output that reads as an error, and the log that holds the rest. Exit status 2, as for
 * bad input: the run produced nothing.
 */
public final class ToolFailedException extends RuntimeException {
    public ToolFailedException(String tool, int exit, String output, Path log) {
        super(
                tool + " failed (exit " + exit + "): " + firstError(output) + (log != null ? "; log: " + log : ""),
                null,
                false,
                false);
    }

    /** The first line that mentions an error, else the last non-blank line. */
    static String firstError(String output) {
        String last = "no output";
        for (String line : output.lines().toList()) {
            if (line.isBlank()) continue;
            if (line.toLowerCase(java.util.Locale.ROOT).contains("error")) return line.strip();
            last = line.strip();
        }
        return last;
    }
}
