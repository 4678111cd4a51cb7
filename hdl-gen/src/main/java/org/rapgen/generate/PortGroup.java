package org.rapgen.generate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The top module's data ports grouped into interfaces, recognised by their names: AXI4-Stream ({@code io_x_tvalid},
 * ...), AXI4-Lite ({@code io_x_awvalid}, ...), ready/valid ({@code io_x_valid}, {@code io_x_ready},
 * {@code io_x_bits...}), and every other port on its own. Constraints give each interface its I/O timing and say
 * which protocol it is.
 */
public record PortGroup(String name, String protocol, List<Port> inputs, List<Port> outputs) {
    public static final String AXI4_STREAM = "AXI4-Stream";
    public static final String AXI4_LITE = "AXI4-Lite";
    public static final String READY_VALID = "ready/valid";
    public static final String OTHER = "port";

    /** A protocol: the pattern that splits a port name into (interface, signal), and the signals that must be there. */
    private record Protocol(String name, Pattern signal, Set<String> required) {
        boolean complete(List<String> signals) {
            return signals.stream().anyMatch(required::contains);
        }
    }

    private static final List<Protocol> PROTOCOLS = List.of(
            new Protocol(
                    AXI4_STREAM,
                    Pattern.compile("(.+)_(tvalid|tready|tdata|tlast|tkeep|tstrb|tuser|tid|tdest)"),
                    Set.of("tvalid")),
            new Protocol(
                    AXI4_LITE,
                    Pattern.compile("(.+)_(awvalid|awready|awaddr|awprot|wvalid|wready|wdata|wstrb|bvalid|bready|bresp"
                            + "|arvalid|arready|araddr|arprot|rvalid|rready|rdata|rresp)"),
                    Set.of("awvalid", "arvalid")),
            new Protocol(READY_VALID, Pattern.compile("(.+?)_(valid|ready|bits(?:_.*)?)"), Set.of("valid")));

    /** The input ports as {@code get_ports} patterns, space-separated. */
    public String inputList() {
        return DesignFacts.join(inputs);
    }

    public String outputList() {
        return DesignFacts.join(outputs);
    }

    /** Groups every port except clock and reset; interfaces keep the order of their first port. */
    public static List<PortGroup> of(List<Port> ports) {
        List<Port> rest = ports.stream()
                .filter(p -> !p.name().equals(Port.CLOCK) && !p.name().equals(Port.RESET))
                .toList();
        Map<String, List<Port>> groups = new LinkedHashMap<>();
        Map<String, String> protocolOf = new LinkedHashMap<>();
        for (Protocol proto : PROTOCOLS) {
            Map<String, List<Port>> found = new LinkedHashMap<>();
            Map<String, List<String>> signals = new LinkedHashMap<>();
            for (Port p : rest) {
                Matcher m = proto.signal.matcher(p.name());
                if (!m.matches()) continue;
                found.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(p);
                signals.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(m.group(2));
            }
            List<Port> claimed = new ArrayList<>();
            found.forEach((prefix, members) -> {
                if (!proto.complete(signals.get(prefix))) return;
                groups.put(prefix, members);
                protocolOf.put(prefix, proto.name);
                claimed.addAll(members);
            });
            rest = rest.stream().filter(p -> !claimed.contains(p)).toList();
        }
        for (Port p : rest) {
            groups.put(p.name(), List.of(p));
            protocolOf.put(p.name(), OTHER);
        }
        List<String> order = new ArrayList<>(groups.keySet());
        order.sort(Comparator.comparingInt(
                prefix -> ports.indexOf(groups.get(prefix).get(0))));
        return order.stream()
                .map(prefix -> new PortGroup(
                        prefix,
                        protocolOf.get(prefix),
                        groups.get(prefix).stream().filter(Port::input).toList(),
                        groups.get(prefix).stream().filter(p -> !p.input()).toList()))
                .toList();
    }
}
