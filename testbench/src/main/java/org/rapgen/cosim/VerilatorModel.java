package org.rapgen.cosim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Verilog top level compiled by Verilator into a shared library and loaded into this JVM.
 * Build once (cached across runs, see {@link BuildCache}), then create any number of
 * independent {@link Sim} instances from it.
 */
public final class VerilatorModel {
    /** Verilator's own default C++ optimisation; compile time matters as much as speed here. */
    public static final String DEFAULT_OPT = "-Os";

    private static final Map<String, VerilatorModel> LOADED = new ConcurrentHashMap<>();

    /** Everything that determines the built library (and hence the cache key). */
    record Spec(List<Path> files, String top, List<String> flags, boolean trace, String opt) {}

    private final Spec spec;
    private final String key;
    private final Path library;
    private final long api;
    private final List<ModelPort> ports;
    private final Map<String, ModelPort> byName;

    private VerilatorModel(Spec spec, String key, Path library) {
        this.spec = spec;
        this.key = key;
        this.library = library;
        this.api = NativeSim.loadModel(library.toString());
        List<ModelPort> ps = new ArrayList<>();
        Map<String, ModelPort> names = new LinkedHashMap<>();
        ModelPort.Direction[] dirs = ModelPort.Direction.values();
        for (int i = 0; i < NativeSim.portCount(api); i++) {
            ModelPort p = new ModelPort(
                    i, NativeSim.portName(api, i), NativeSim.portWidth(api, i), dirs[NativeSim.portDir(api, i)]);
            ps.add(p);
            names.put(p.name(), p);
        }
        this.ports = Collections.unmodifiableList(ps);
        this.byName = Collections.unmodifiableMap(names);
    }

    public static Builder builder(String top) {
        return new Builder(top);
    }

    /** Collects the inputs of a build; {@link #build()} returns a loaded model. */
    public static final class Builder {
        private final String top;
        private final List<Path> files = new ArrayList<>();
        private final List<String> flags = new ArrayList<>();
        private boolean trace;
        private String opt = DEFAULT_OPT;
        private BuildCache cache = BuildCache.user();

        private Builder(String top) {
            this.top = top;
        }

        public Builder files(List<Path> fs) {
            files.addAll(fs);
            return this;
        }

        public Builder file(Path f) {
            files.add(f);
            return this;
        }

        public Builder flags(List<String> fs) {
            flags.addAll(fs);
            return this;
        }

        public Builder flag(String f) {
            flags.add(f);
            return this;
        }
        /** Compile FST tracing in (a separate cache entry); waveforms are opened per Sim. */
        public Builder trace(boolean t) {
            trace = t;
            return this;
        }
        /** C++ optimisation level for model, runtime and shim, e.g. "-O1" or "-O2". */
        public Builder opt(String o) {
            opt = o;
            return this;
        }

        public Builder cache(BuildCache c) {
            cache = c;
            return this;
        }

        /** The cache key of this build, computed without building. */
        public String cacheKey() {
            return VerilatorModel.cacheKey(spec());
        }

        public VerilatorModel build() {
            VerilatorInstall.get(); // fails here, before the cache can hide a missing tool
            BuildTools.requireTools("make", BuildTools.cxx());
            Spec spec = spec();
            String key = VerilatorModel.cacheKey(spec);
            String libName = "libV" + top + "-" + key.substring(0, 16) + ".so";
            Path entry = cache.get(key, dir -> ModelBuild.run(dir, spec, libName));
            Path lib = entry.resolve(libName);
            // dlopen of one path yields one library anyway; the memo just skips re-reading the port table.
            return LOADED.computeIfAbsent(lib.toString(), k -> new VerilatorModel(spec, key, lib));
        }

        private Spec spec() {
            if (files.isEmpty()) throw new IllegalArgumentException("no Verilog files for top " + top);
            return new Spec(List.copyOf(files), top, List.copyOf(flags), trace, opt);
        }
    }

    /** SHA-256 of RTL contents, flags, shim version, tool versions: anything that changes the library. */
    static String cacheKey(Spec spec) {
        BuildCache.Key k = new BuildCache.Key()
                .add("kind", "model")
                .add("shim", ShimGenerator.VERSION)
                .add("api-header", NativeResources.bytes(NativeResources.API_HEADER))
                .add("vl-hooks", NativeResources.bytes(NativeResources.VL_HOOKS))
                .add("verilator", VerilatorInstall.get().version())
                .add("cxx", BuildTools.version(BuildTools.cxx()))
                .add("top", spec.top())
                .add("trace", Boolean.toString(spec.trace()))
                .add("opt", spec.opt());
        for (String f : spec.flags()) k.add("flag", f);
        for (Path f : spec.files()) {
            try {
                k.add("file", f.getFileName().toString()).add("content", Files.readAllBytes(f));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read RTL file " + f, e);
            }
        }
        return k.hex();
    }

    public String top() {
        return spec.top();
    }

    public List<ModelPort> ports() {
        return ports;
    }

    public boolean traceCapable() {
        return NativeSim.traceCapable(api);
    }

    public String cacheKey() {
        return key;
    }

    public Path library() {
        return library;
    }

    public ModelPort port(String name) {
        ModelPort p = byName.get(name);
        if (p == null)
            throw new IllegalArgumentException(
                    "no port '" + name + "' on " + spec.top() + "; ports: " + byName.keySet());
        return p;
    }

    /** A fresh simulator instance (own VerilatorContext), no waveform. */
    public Sim newSim() {
        return new Sim(this, api, null);
    }

    /** A fresh instance writing an FST waveform to {@code fst}; needs a {@code trace(true)} build. */
    public Sim newSim(Path fst) {
        if (!traceCapable()) throw new IllegalStateException("model " + spec.top() + " was built without trace(true)");
        try {
            Files.createDirectories(fst.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Sim(this, api, fst.toAbsolutePath());
    }
}
