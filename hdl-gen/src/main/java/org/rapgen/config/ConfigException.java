package org.rapgen.config;

/** Bad input: the message is one line, {@code file:line: problem}. */
public final class ConfigException extends RuntimeException {
    public ConfigException(String file, int line, String problem) {
        super(file + ":" + line + ": " + problem);
    }
}
