package org.rapgen.cosim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.rapgen.Version;
import org.rapgen.hdl.Elaborator;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.emit.VerilogEmitter;
import org.rapgen.hdl.ir.ExternalModule;

/**
 * A device under test written in the Java HDL: elaborated and emitted exactly as {@code ./rapgen generate} would, into
 * a directory named by the hash of the Verilog. The same module therefore always lands on the same files (so the
 * Verilator build cache hits), and parallel test forks never see each other's half-written output.
 */
public final class DslDut {
    private DslDut() {}

    public static Dut of(Supplier<? extends Module> top) {
        Elaborator.Design design = Elaborator.elaborate(top);
        Map<String, String> files = new VerilogEmitter(Version.get()).emit(design);
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "rapgen-dsl", design.top().name + "-" + hash(files));
        List<Path> paths = new ArrayList<>();
        List<String> flags = new ArrayList<>();
        // BlackBoxes' own Verilog comes first (with the defines it needs), as generate's manifest would list it.
        for (ExternalModule x : design.externals()) {
            for (Path source : x.sources()) if (!paths.contains(source)) paths.add(source);
            for (String define : x.defines()) if (!flags.contains("-D" + define)) flags.add("-D" + define);
        }
        for (String name : files.keySet()) paths.add(dir.resolve(name));
        if (!Files.isDirectory(dir)) write(dir, files);
        return new Dut(paths, design.top().name, List.copyOf(flags));
    }

    /** Writes into a private sibling, then renames it into place; losing the race to another fork is fine. */
    private static void write(Path dir, Map<String, String> files) {
        try {
            Files.createDirectories(dir.getParent());
            Path tmp = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".tmp");
            for (Map.Entry<String, String> f : files.entrySet()) {
                Files.writeString(tmp.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
            }
            try {
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                // Another fork renamed its copy first (FileAlreadyExists or DirectoryNotEmpty): keep theirs.
                if (!Files.isDirectory(dir)) throw e;
                for (String name : files.keySet()) Files.deleteIfExists(tmp.resolve(name));
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the DUT's Verilog to " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String hash(Map<String, String> files) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            files.forEach((name, text) -> {
                md.update(name.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(text.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            });
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
