package org.rapgen.hdl.ir;

/** Thrown while a width depends on a signal whose width has not been inferred yet. */
public final class UnresolvedWidthException extends RuntimeException {
    public final transient Signal signal;

    public UnresolvedWidthException(Signal signal) {
        super("width of " + signal.loc + " not inferred yet", null, false, false);
        this.signal = signal;
    }
}
