package org.rapgen.golden.sampler;

/** A malformed sampler spec; the message names the 1-based column. */
public final class SpecException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final int column;
    private final String problem;

    public SpecException(String spec, int column, String problem) {
        super("bad sampler spec '" + spec + "' at column " + column + ": " + problem);
        this.column = column;
        this.problem = problem;
    }

    /** What is wrong, without the spec and column. */
    public String problem() {
        return problem;
    }

    /** 1-based column of the problem. */
    public int column() {
        return column;
    }
}
