package org.rapgen.cosim;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/** A device under test as Verilator sees it: Verilog files, the top module, extra Verilator flags. */
public record Dut(List<Path> files, String top, List<String> flags) {
    public Dut {
        files = List.copyOf(files);
        flags = List.copyOf(flags);
    }

    public static Dut verilog(String top, Path... files) {
        return new Dut(List.of(files), top, List.of());
    }

    /** Verilog files from the class path (copied out to a temp file when inside a jar). */
    public static Dut fromClasspath(Class<?> anchor, String top, String... resources) {
        List<Path> files = new ArrayList<>();
        for (String r : resources) files.add(resourcePath(anchor, r));
        return new Dut(files, top, List.of());
    }

    /** A fresh simulation of this DUT (Verilator build cached), held in reset for {@code resetCycles} clocks. */
    public Sim newSim(int resetCycles) {
        Sim sim = VerilatorModel.builder(top).files(files).flags(flags).build().newSim();
        sim.reset(resetCycles);
        return sim;
    }

    public Dut withFlags(String... extra) {
        List<String> f = new ArrayList<>(flags);
        f.addAll(List.of(extra));
        return new Dut(files, top, f);
    }

    private static Path resourcePath(Class<?> anchor, String name) {
        URL url = anchor.getClassLoader().getResource(name);
        if (url == null) throw new IllegalArgumentException("no class-path resource " + name);
        try {
            if (url.getProtocol().equals("file")) return Path.of(url.toURI());
            Path dir = Files.createTempDirectory("rapgen-dut");
            Path p = dir.resolve(Path.of(name).getFileName().toString());
            try (InputStream in = url.openStream()) {
                Files.copy(in, p, StandardCopyOption.REPLACE_EXISTING);
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
