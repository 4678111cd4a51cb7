package org.rapgen.synth;

/**
 * Bad input or a missing tool: the message is one line for the user (the command line exits 2). A problem with the
 * design (it does not fit, a tool rejected it) is about the configuration; a missing tool is not.
 */
public final class SynthException extends RuntimeException {
    private final boolean aboutDesign;

    private SynthException(String message, boolean aboutDesign) {
        super(message, null, false, false);
        this.aboutDesign = aboutDesign;
    }

    static SynthException design(String message) {
        return new SynthException(message, true);
    }

    static SynthException tool(String message) {
        return new SynthException(message, false);
    }

    public boolean aboutDesign() {
        return aboutDesign;
    }
}
