package org.rapgen.hdl;

/** An elaboration error. The message always starts with the user's {@code File.java:line}. */
public class HdlException extends RuntimeException {
    private final SourceLoc loc;

    public HdlException(SourceLoc loc, String problem) {
        super(loc + ": " + problem);
        this.loc = loc;
    }

    public SourceLoc loc() {
        return loc;
    }
}
