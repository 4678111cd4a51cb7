package org.rapgen.cosim;

import java.nio.file.Path;
import java.util.List;

/**
 * The fixed JNI surface. Every model goes through these same natives: {@code api} is the
 * address of a model library's rapgen_model_api table and {@code h} an instance handle, so
 * the JNI symbol names never depend on the model and any number of models coexist.
 */
final class NativeSim {
    static {
        System.load(jniLibrary().toString());
    }

    private NativeSim() {}

    /** Builds (or finds in the cache) the JNI library; keyed by its sources and the compiler. */
    private static Path jniLibrary() {
        BuildTools.requireTools(BuildTools.cxx());
        Path include = BuildTools.jniInclude();
        String key = new BuildCache.Key()
                .add("kind", "jni")
                .add("source", NativeResources.bytes(NativeResources.JNI_SOURCE))
                .add("header", NativeResources.bytes(NativeResources.API_HEADER))
                .add("cxx", BuildTools.version(BuildTools.cxx()))
                .add("jni-include", include.toString())
                .hex();
        String lib = "librapgen_cosim_jni-" + key.substring(0, 16) + ".so";
        Path entry = BuildCache.user().get(key, dir -> {
            NativeResources.copy(NativeResources.JNI_SOURCE, dir);
            NativeResources.copy(NativeResources.API_HEADER, dir);
            BuildTools.run(
                    List.of(
                            BuildTools.cxx(),
                            "-O2",
                            "-shared",
                            "-fPIC",
                            "-std=c++14",
                            "-I" + include,
                            "-I" + include.resolve("linux"),
                            "-I" + dir,
                            NativeResources.JNI_SOURCE,
                            "-o",
                            lib,
                            "-ldl"),
                    dir,
                    dir.resolve("build.log"));
        });
        return entry.resolve(lib);
    }

    static native long loadModel(String soPath);

    static native int portCount(long api);

    static native String portName(long api, int i);

    static native int portWidth(long api, int i);

    static native int portDir(long api, int i);

    static native boolean traceCapable(long api);

    static native long create(long api, String fstPathOrNull);

    static native void destroy(long h);

    static native void poke(long h, int id, long v);

    static native long peek(long h, int id);

    static native void pokeWords(long h, int id, long[] words);

    static native void peekWords(long h, int id, long[] words);

    static native void step(long h, long n);

    static native long cycle(long h);

    static native boolean finished(long h);

    static native void runBatch(long h, long cycles, int[] inIds, long[] in, int[] outIds, long[] out);
}
