package org.rapgen.trace;

import java.io.IOException;

/**
 * Malformed trace input. The message is always exactly one line of the form
 * {@code FILE:LOCATION: problem}.
 *
 * <p>For line-oriented formats (text, tuples, lackey) {@code LOCATION} is the 1-based line
 * number. For binary formats (rapgen binary, pcap, pcapng) it is the 0-based byte offset, in
 * the (decompressed) stream, of the start of the offending header, record or block; the
 * problem text then names the record number where that helps. Location 0 with a text format
 * means the problem concerns the file as a whole (e.g. it cannot be opened).
 */
public final class TraceFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long location;
    private final String problem;

    public TraceFormatException(String file, long location, String problem) {
        super(file + ":" + location + ": " + oneLine(problem));
        this.file = file;
        this.location = location;
        this.problem = oneLine(problem);
    }

    public TraceFormatException(String file, long location, String problem, Throwable cause) {
        this(file, location, problem);
        initCause(cause);
    }

    /** The file name as given to the reader. */
    public String file() {
        return file;
    }

    /** Line number (text formats) or byte offset (binary formats). */
    public long location() {
        return location;
    }

    /** The problem, without the {@code FILE:LOCATION: } prefix. */
    public String problem() {
        return problem;
    }

    static String oneLine(String s) {
        if (s == null) return "unknown problem";
        return s.replace('\r', ' ').replace('\n', ' ');
    }
}
