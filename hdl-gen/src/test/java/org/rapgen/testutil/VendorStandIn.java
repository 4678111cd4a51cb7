package org.rapgen.testutil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Runs a vendor Tcl script (Vivado, Quartus, or a constraints file) in tclsh against {@code vendor-standin.tcl},
 * which records every vendor command it calls, and checks every {@code get_ports} against the real ports of the
 * top module as Yosys reads them from the Verilog.
 */
public final class VendorStandIn {
    private VendorStandIn() {}

    /** One recorded vendor command. */
    public record Call(String cmd, List<String> args) {
        /** The value after {@code option}, or null. */
        public String option(String option) {
            int i = args.indexOf(option);
            return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : null;
        }

        public String last() {
            return args.get(args.size() - 1);
        }
    }

    public record PortInfo(boolean input, int width) {}

    private static final Map<Path, Map<String, PortInfo>> PORTS = new ConcurrentHashMap<>();

    /** The top module's ports, read from the Verilog by Yosys (independent of the generator and its manifest). */
    public static Map<String, PortInfo> topPorts(RtlOut.Design d) {
        return PORTS.computeIfAbsent(d.dir(), dir -> readPorts(d));
    }

    private static Map<String, PortInfo> readPorts(RtlOut.Design d) {
        Path json;
        try {
            json = Files.createTempFile("ports", ".json");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String reads = String.join(
                " ", d.files().stream().map(f -> "read_verilog " + f + ";").toList());
        Tools.Result y = Tools.run(
                d.dir(),
                Tools.cmd("yosys", "-q", "-p", reads + " hierarchy -top " + d.top() + "; proc; write_json " + json));
        assertEquals(0, y.exit(), y.output());
        Map<String, PortInfo> ports = new LinkedHashMap<>();
        try {
            JsonNode p = new ObjectMapper()
                    .readTree(json.toFile())
                    .get("modules")
                    .get(d.top())
                    .get("ports");
            p.fields()
                    .forEachRemaining(e -> ports.put(
                            e.getKey(),
                            new PortInfo(
                                    e.getValue().get("direction").asText().equals("input"),
                                    e.getValue().get("bits").size())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertTrue(ports.containsKey("clock"), d.top() + " has no clock port");
        json.toFile().delete();
        return ports;
    }

    /** Runs {@code script} (with {@code args} as its argv) from {@code cwd}; the script must finish without a Tcl error. */
    public static List<Call> run(Path cwd, Path script, Map<String, PortInfo> ports, String... args) {
        Path work = null;
        try {
            work = Files.createTempDirectory("standin");
            Path standin = work.resolve("vendor-standin.tcl");
            try (InputStream in = VendorStandIn.class.getResourceAsStream("vendor-standin.tcl")) {
                Files.copy(in, standin);
            }
            StringBuilder dict = new StringBuilder("set standin::ports {\n");
            ports.forEach((name, p) -> dict.append("  ")
                    .append(name)
                    .append(" {")
                    .append(p.input() ? "input" : "output")
                    .append(' ')
                    .append(p.width())
                    .append("}\n"));
            Files.writeString(work.resolve("ports.tcl"), dict.append("}\n").toString());
            Path log = work.resolve("calls.log");
            List<String> cmd = Tools.cmd(
                    "tclsh",
                    standin.toString(),
                    log.toString(),
                    work.resolve("ports.tcl").toString(),
                    script.toAbsolutePath().toString());
            cmd.addAll(Arrays.asList(args));
            Tools.Result r = Tools.run(cwd, cmd);
            if (r.exit() != 0) fail("tclsh " + script + " failed:\n" + r.output());
            List<Call> calls = new ArrayList<>();
            for (String line : Files.readAllLines(log)) {
                List<String> parts = Arrays.asList(line.split("\t", -1));
                calls.add(new Call(parts.get(0), parts.subList(1, parts.size())));
            }
            return calls;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (work != null) deleteQuietly(work);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is harmless
        }
    }

    public static List<Call> named(List<Call> calls, String cmd) {
        return calls.stream().filter(c -> c.cmd().equals(cmd)).toList();
    }
}
