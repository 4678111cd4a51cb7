package org.rapgen.cli;

/** A user error reported as one line and exit status 2. */
public final class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message, null, false, false);
    }
}
