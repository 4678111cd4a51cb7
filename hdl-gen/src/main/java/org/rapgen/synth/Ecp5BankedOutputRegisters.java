package org.rapgen.synth;

import static org.rapgen.synth.Ecp5OutputRegisters.DATA_BITS;
import static org.rapgen.synth.Ecp5OutputRegisters.canTakeOutputRegister;
import static org.rapgen.synth.Ecp5OutputRegisters.useOutputRegister;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rapgen.synth.Ecp5OutputRegisters.FlipFlop;
import org.rapgen.synth.Ecp5OutputRegisters.Sink;

/**
 * The output registers of a memory that Yosys split into banks: {@link Ecp5OutputRegisters} for read data that
 * passes a bank multiplexer before its register.
 *
 * <p>Yosys maps a memory deeper than one DP16KD's widest aspect into banks (4096 x 36 becomes two banks of 2048 x 9
 * blocks) and selects the bank's word with a LUT after the blocks, on a registered address bit. A register after the
 * read then sits behind that LUT, so the plain move finds logic between the RAM and the register and the read pays the
 * RAM's 5.8 ns clock-to-output. But a register behind a LUT is the same circuit as the LUT behind registers of each of
 * its inputs, with the same clock and enable and no set or reset: so the blocks' own output registers take the data
 * inputs, one new flip-flop takes the bank select (shared by every LUT that reads it), and the LUT drives what the
 * register drove.
 *
 * <p>What moves, per read port, is all or nothing: every used read-data bit of the port feeds one LUT4 and nothing
 * else; that LUT reads data bits of at least two blocks (a bank multiplexer, not arbitrary logic) and drives exactly
 * one flip-flop, with the port's clock, one enable shared by the port's LUTs, and no set or reset; and every block
 * the LUT reads moves too.
 */
final class Ecp5BankedOutputRegisters {
    private static final List<String> LUT_INPUTS = List.of("A", "B", "C", "D");

    private Ecp5BankedOutputRegisters() {}

    /** A read port: a DP16KD cell and its side, "A" or "B". */
    private record Port(String ram, String side) {}

    /** A bank multiplexer LUT, the register it feeds, the ports it reads and its other inputs. */
    private record BankMux(String lut, String register, FlipFlop timing, Set<Port> ports, List<String> selects) {}

    static int absorb(ObjectNode module, ObjectNode cells, Map<String, List<Sink>> sinks) {
        Map<String, Port> readDataBit = readDataBits(cells);
        Map<String, BankMux> muxes = new LinkedHashMap<>();
        Map<Port, Set<String>> muxesOfPort = new LinkedHashMap<>();
        Set<Port> refused = new HashSet<>();
        for (Map.Entry<String, Port> e : readDataBit.entrySet()) {
            Port port = e.getValue();
            List<Sink> readers = sinks.getOrDefault(e.getKey(), List.of());
            if (readers.isEmpty()) continue;
            BankMux mux = readers.size() == 1 && readers.get(0).cell() != null
                    ? muxes.computeIfAbsent(readers.get(0).cell(), lut -> bankMux(lut, cells, sinks, readDataBit))
                    : null;
            if (mux == null || !mux.ports().contains(port)) refused.add(port);
            else muxesOfPort.computeIfAbsent(port, p -> new HashSet<>()).add(mux.lut());
        }
        // A port moves when every mux it feeds is good: one timing over the port, every port it reads moving too.
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<Port, Set<String>> e : muxesOfPort.entrySet()) {
                if (refused.contains(e.getKey())) continue;
                FlipFlop timing = null;
                JsonNode ram = cells.get(e.getKey().ram());
                JsonNode clock = ram.path("connections").get("CLK" + e.getKey().side());
                boolean ok = canTakeOutputRegister(ram, e.getKey().side());
                for (String lut : e.getValue()) {
                    BankMux m = muxes.get(lut);
                    ok &= m.timing().clock().equals(clock) && (timing == null || timing.equals(m.timing()));
                    timing = m.timing();
                    for (Port p : m.ports()) ok &= !refused.contains(p) && muxesOfPort.containsKey(p);
                }
                if (!ok) {
                    refused.add(e.getKey());
                    changed = true;
                }
            }
        }
        int moved = 0;
        Set<String> retimed = new HashSet<>();
        Map<String, String> delayed = new HashMap<>();
        int[] nextBit = {maxBit(module) + 1};
        for (Map.Entry<Port, Set<String>> e : muxesOfPort.entrySet()) {
            if (refused.contains(e.getKey())) continue;
            Port port = e.getKey();
            FlipFlop timing = muxes.get(e.getValue().iterator().next()).timing();
            useOutputRegister((ObjectNode) cells.get(port.ram()), port.side(), timing.enable());
            moved++;
            for (String lut : e.getValue()) {
                if (retimed.add(lut)) retime(module, cells, muxes.get(lut), delayed, nextBit);
            }
        }
        return moved;
    }

    /** Every DP16KD read-data bit (a net number) and the port it belongs to. */
    private static Map<String, Port> readDataBits(ObjectNode cells) {
        Map<String, Port> bits = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = cells.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> cell = it.next();
            if (!"DP16KD".equals(cell.getValue().path("type").asText())) continue;
            for (String side : List.of("A", "B")) {
                for (int i = 0; i < DATA_BITS; i++) {
                    JsonNode bit = cell.getValue().path("connections").get("DO" + side + i);
                    if (bit != null && bit.size() == 1 && bit.get(0).isInt())
                        bits.put(bit.get(0).asText(), new Port(cell.getKey(), side));
                }
            }
        }
        return bits;
    }

    /** The LUT as a bank multiplexer, or null if it is not one. */
    private static BankMux bankMux(
            String lut, ObjectNode cells, Map<String, List<Sink>> sinks, Map<String, Port> readDataBit) {
        JsonNode cell = cells.get(lut);
        if (cell == null || !"LUT4".equals(cell.path("type").asText())) return null;
        JsonNode pins = cell.path("connections");
        List<Sink> out = sinks.getOrDefault(pins.path("Z").path(0).asText(), List.of());
        if (out.size() != 1
                || out.get(0).cell() == null
                || !"DI".equals(out.get(0).pin())) return null;
        FlipFlop timing = FlipFlop.of(cells.get(out.get(0).cell()));
        if (timing == null) return null;
        Set<Port> ports = new HashSet<>();
        Set<String> blocks = new HashSet<>();
        List<String> selects = new ArrayList<>();
        for (String input : LUT_INPUTS) {
            JsonNode bit = pins.path(input).path(0);
            if (!bit.isInt()) continue;
            Port port = readDataBit.get(bit.asText());
            if (port == null) {
                selects.add(input);
                continue;
            }
            if (sinks.getOrDefault(bit.asText(), List.of()).size() != 1) return null;
            ports.add(port);
            blocks.add(port.ram());
        }
        return blocks.size() >= 2 ? new BankMux(lut, out.get(0).cell(), timing, ports, selects) : null;
    }

    /** The register behind the LUT becomes registers of its select inputs; the LUT drives what it drove. */
    private static void retime(
            ObjectNode module, ObjectNode cells, BankMux mux, Map<String, String> delayed, int[] nextBit) {
        ObjectNode lutPins = (ObjectNode) cells.get(mux.lut()).path("connections");
        ObjectNode register = (ObjectNode) cells.get(mux.register());
        for (String input : mux.selects()) {
            String net = lutPins.path(input).path(0).asText();
            String key = net + "@" + mux.timing().enable() + "@" + mux.timing().clock();
            String copy = delayed.computeIfAbsent(key, k -> {
                int bit = nextBit[0]++;
                ObjectNode ff = register.deepCopy();
                ObjectNode ffPins = (ObjectNode) ff.path("connections");
                ffPins.set("DI", JsonNodeFactory.instance.arrayNode().add(Integer.parseInt(net)));
                ffPins.set("Q", JsonNodeFactory.instance.arrayNode().add(bit));
                cells.set(mux.register() + "$bank_select", ff);
                ObjectNode name = JsonNodeFactory.instance.objectNode();
                name.put("hide_name", 1);
                name.set("bits", JsonNodeFactory.instance.arrayNode().add(bit));
                ((ObjectNode) module.path("netnames")).set(mux.register() + "$bank_select", name);
                return Integer.toString(bit);
            });
            lutPins.set(input, JsonNodeFactory.instance.arrayNode().add(Integer.parseInt(copy)));
        }
        ArrayNode q = (ArrayNode) register.path("connections").get("Q").deepCopy();
        lutPins.set("Z", q);
        cells.remove(mux.register());
    }

    private static int maxBit(JsonNode module) {
        int max = 1;
        for (JsonNode net : module.path("netnames")) {
            for (JsonNode bit : net.path("bits")) if (bit.isInt()) max = Math.max(max, bit.asInt());
        }
        for (JsonNode cell : module.path("cells")) {
            for (JsonNode pin : cell.path("connections")) {
                for (JsonNode bit : pin) if (bit.isInt()) max = Math.max(max, bit.asInt());
            }
        }
        return max;
    }
}
