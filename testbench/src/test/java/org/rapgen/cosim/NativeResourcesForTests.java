package org.rapgen.cosim;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Test-side class-path resources. */
final class NativeResourcesForTests {
    private NativeResourcesForTests() {}

    static byte[] bytes(String name) {
        try (InputStream in = NativeResourcesForTests.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing test resource " + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
