package org.rapgen.cosim;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The C++ sources shipped as class-path resources (the fixed JNI library and the shared ABI header). */
final class NativeResources {
    static final String API_HEADER = "rapgen_model_api.h";
    static final String JNI_SOURCE = "rapgen_cosim_jni.cpp";
    static final String VL_HOOKS = "rapgen_vl_hooks.h";

    private NativeResources() {}

    static byte[] bytes(String name) {
        try (InputStream in = NativeResources.class.getResourceAsStream("native/" + name)) {
            if (in == null) throw new IllegalStateException("missing resource org/rapgen/cosim/native/" + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void copy(String name, Path dir) throws IOException {
        Files.write(dir.resolve(name), bytes(name));
    }
}
