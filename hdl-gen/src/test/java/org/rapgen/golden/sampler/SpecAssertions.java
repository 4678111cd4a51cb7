package org.rapgen.golden.sampler;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks shared by the spec grammar's tests. */
final class SpecAssertions {
    private SpecAssertions() {}

    /** Parsing {@code spec} fails with {@code problem} at 1-based {@code column}. */
    static void assertSpecError(String spec, int column, String problem) {
        SpecException e = assertThrows(SpecException.class, () -> SamplerSpec.parse(spec));
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().contains("column " + column), e.getMessage());
    }
}
