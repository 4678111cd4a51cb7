package org.rapgen.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a command's {@code Path} option for the checks every command gets before it runs ({@link PathChecks}): an
 * output must be writable where it points, no two outputs may be one file, and no output may be an input.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface PathOption {
    enum Kind {
        INPUT,
        OUTPUT_FILE,
        OUTPUT_FOLDER
    }

    Kind value();
}
