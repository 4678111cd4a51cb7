package org.rapgen.synth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Moves the flip-flops that register a block RAM's read data into the ECP5 block RAM's own output register
 * (DP16KD {@code REGMODE = OUTREG}), in a Yosys JSON netlist before nextpnr places it.
 *
 * <p>Why: read data leaves a DP16KD without its output register 5.8 ns after the clock (nextpnr's ECP5 timing), and
 * with it 0.95 ns. Yosys's memory mapping never uses that register, even where the RTL has a flip-flop right after
 * the read (its maintainers leave it to primitive instantiation); Vivado and Quartus absorb such a register into
 * their block RAMs themselves. So without this step a generated design pays 5.8 ns of its clock on every block-RAM
 * read on the ECP5 and nowhere else, and no RTL change could avoid it.
 *
 * <p>What moves, per read port, is all or nothing, and only where the result is the same circuit (Lattice TN1264:
 * the output register takes the read latch's data on the port's clock when {@code OCE} is high, and {@code RST}
 * resets it): every read-data bit that is used feeds exactly one flip-flop's data input and nothing else; those
 * flip-flops share the port's clock, one clock enable (which becomes {@code OCE}) and no set or reset; and the port's
 * own {@code RST} is tied low, so the reset, which would move to the register, resets nothing either way.
 */
public final class Ecp5OutputRegisters {
    /** Part of the synthesis cache key of the ECP5 flow: bump when what this step moves changes. */
    static final String VERSION = "ecp5 output registers 2";

    static final int DATA_BITS = 18;
    private static final String CONST_LOW = "0";
    private static final String CONST_HIGH = "1";

    private Ecp5OutputRegisters() {}

    /** Writes {@code netlist} with the registers moved to {@code out}; returns how many read ports moved. */
    public static int absorb(Path netlist, Path out) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode root = mapper.readTree(netlist.toFile());
        int moved = absorb(root);
        mapper.writeValue(out.toFile(), root);
        return moved;
    }

    static int absorb(JsonNode netlist) {
        int moved = 0;
        for (JsonNode module : netlist.path("modules")) {
            if (module.path("cells") instanceof ObjectNode cells) moved += absorbModule(module, cells);
        }
        return moved;
    }

    private static int absorbModule(JsonNode module, ObjectNode cells) {
        Map<String, List<Sink>> sinks = sinks(module, cells);
        int moved = Ecp5BankedOutputRegisters.absorb((ObjectNode) module, cells, sinks);
        List<String> names = new ArrayList<>();
        cells.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode cell = cells.get(name);
            if (cell == null || !"DP16KD".equals(cell.path("type").asText())) continue;
            for (String port : List.of("A", "B")) {
                if (absorbPort((ObjectNode) cell, port, cells, sinks)) moved++;
            }
        }
        return moved;
    }

    /** A reader of a net: a cell's input pin, or the module's output port (cell null). */
    record Sink(String cell, String pin) {}

    /** Every net's readers, by the net's bit (a number, or a constant "0"/"1"/"x" which has none that matter). */
    static Map<String, List<Sink>> sinks(JsonNode module, ObjectNode cells) {
        Map<String, List<Sink>> sinks = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = cells.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> cell = it.next();
            JsonNode directions = cell.getValue().path("port_directions");
            for (Iterator<Map.Entry<String, JsonNode>> pins =
                            cell.getValue().path("connections").fields();
                    pins.hasNext(); ) {
                Map.Entry<String, JsonNode> pin = pins.next();
                if ("output".equals(directions.path(pin.getKey()).asText())) continue;
                for (JsonNode bit : pin.getValue())
                    sinks.computeIfAbsent(bit.asText(), k -> new ArrayList<>())
                            .add(new Sink(cell.getKey(), pin.getKey()));
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> ports = module.path("ports").fields(); ports.hasNext(); ) {
            Map.Entry<String, JsonNode> port = ports.next();
            if ("input".equals(port.getValue().path("direction").asText())) continue;
            for (JsonNode bit : port.getValue().path("bits"))
                sinks.computeIfAbsent(bit.asText(), k -> new ArrayList<>()).add(new Sink(null, port.getKey()));
        }
        return sinks;
    }

    private static boolean absorbPort(ObjectNode ram, String port, ObjectNode cells, Map<String, List<Sink>> sinks) {
        ObjectNode pins = (ObjectNode) ram.path("connections");
        if (!canTakeOutputRegister(ram, port)) return false;
        Map<String, String> registerOfPin = new HashMap<>();
        FlipFlop common = null;
        for (int i = 0; i < DATA_BITS; i++) {
            String pin = "DO" + port + i;
            JsonNode bits = pins.get(pin);
            if (bits == null || bits.size() != 1) continue;
            List<Sink> readers = sinks.getOrDefault(bits.get(0).asText(), List.of());
            if (readers.isEmpty()) continue;
            if (readers.size() != 1
                    || readers.get(0).cell() == null
                    || !"DI".equals(readers.get(0).pin())) return false;
            FlipFlop ff = FlipFlop.of(cells.get(readers.get(0).cell()));
            if (ff == null || (common != null && !common.equals(ff))) return false;
            common = ff;
            registerOfPin.put(pin, readers.get(0).cell());
        }
        if (common == null || !common.clock().equals(pins.get("CLK" + port))) return false;
        for (Map.Entry<String, String> e : registerOfPin.entrySet()) {
            pins.set(
                    e.getKey(),
                    cells.get(e.getValue()).path("connections").get("Q").deepCopy());
            cells.remove(e.getValue());
        }
        useOutputRegister(ram, port, common.enable());
        return true;
    }

    /** The port has no output register yet, its reset is tied low and its clock is not inverted. */
    static boolean canTakeOutputRegister(JsonNode ram, String port) {
        JsonNode params = ram.path("parameters");
        JsonNode pins = ram.path("connections");
        if (!"NOREG".equals(params.path("REGMODE_" + port).asText("NOREG"))) return false;
        if (!isConst(pins.get("RST" + port), CONST_LOW)
                || !params.path("RST" + port + "MUX").asText("RST" + port).equals("RST" + port)) return false;
        return params.path("CLK" + port + "MUX").asText("CLK" + port).equals("CLK" + port);
    }

    /** Sets the port's output register, clocked on {@code enable}. */
    static void useOutputRegister(ObjectNode ram, String port, JsonNode enable) {
        ObjectNode params = (ObjectNode) ram.path("parameters");
        params.put("REGMODE_" + port, "OUTREG");
        ((ObjectNode) ram.path("connections")).set("OCE" + port, enable.deepCopy());
        params.put("OCE" + port + "MUX", "OCE" + port);
    }

    /**
     * A TRELLIS_FF that can become an output register: rising clock, no set or reset, not kept; its clock net and
     * its clock enable (a net, or constant high).
     */
    record FlipFlop(JsonNode clock, JsonNode enable) {
        static FlipFlop of(JsonNode cell) {
            if (cell == null || !"TRELLIS_FF".equals(cell.path("type").asText())) return null;
            if (cell.path("attributes").has("keep")) return null;
            JsonNode p = cell.path("parameters");
            JsonNode c = cell.path("connections");
            if (!p.path("CLKMUX").asText("CLK").strip().equals("CLK")) return null;
            String lsrMux = p.path("LSRMUX").asText("LSR").strip();
            boolean noReset = lsrMux.equals("0")
                    || (lsrMux.equals("LSR") && (c.get("LSR") == null || isConst(c.get("LSR"), CONST_LOW)));
            if (!noReset) return null;
            String ceMux = p.path("CEMUX").asText("1").strip();
            ArrayNode high = new ObjectMapper().createArrayNode().add(CONST_HIGH);
            JsonNode enable = switch (ceMux) {
                case "1" -> high;
                case "CE" -> c.get("CE") == null ? high : c.get("CE");
                default -> null;
            };
            if (enable == null || c.get("CLK") == null || c.get("Q") == null) return null;
            return new FlipFlop(c.get("CLK"), enable);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof FlipFlop f && clock.equals(f.clock) && enable.equals(f.enable);
        }

        @Override
        public int hashCode() {
            return Objects.hash(clock, enable);
        }
    }

    private static boolean isConst(JsonNode bits, String value) {
        return bits != null
                && bits.size() == 1
                && bits.get(0).isTextual()
                && bits.get(0).asText().equals(value);
    }
}
