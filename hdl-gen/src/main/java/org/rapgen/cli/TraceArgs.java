package org.rapgen.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every trace-reading command shares (a picocli mixin). */
final class TraceArgs {
    @PathOption(PathOption.Kind.INPUT)
    @Option(
            names = "--trace",
            required = true,
            paramLabel = "FILE",
            description = "trace file; gzip is read directly (see docs/trace-formats.md)")
    Path trace;

    @Option(
            names = "--format",
            paramLabel = "F",
            description = "text, tuples, binary, binary-tuples, lackey or pcap (pcapng too); default: detected")
    String format;

    @Option(
            names = "--progress",
            negatable = true,
            description = "progress on stderr; default: only when stderr is a terminal")
    Boolean progress;
}
