package org.rapgen.hdl;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link Bundle} field that a configuration may leave out: left null, it is no element of the bundle (no port,
 * no wire), as Chisel's {@code Option[T]} fields are. Unmarked fields must be set, so a forgotten one still fails.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface OptionalField {
}
