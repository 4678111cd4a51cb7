package org.rapgen.cosim;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Declares the device under test of a JUnit 5 test class or method; test methods then take
 * a {@link Sim} parameter (a fresh instance per test). A method-level annotation overrides
 * the class-level one.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(CosimExtension.class)
public @interface Cosim {
    Class<? extends DutProvider> value();

    Waves waves() default Waves.ON_FAILURE;
}
