package org.rapgen.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rapgen.testutil.Tools;

/**
 * Real Yosys ECP5 netlists of a block RAM whose read data is registered a clock later: the register moves into the
 * DP16KD only where that is the same circuit.
 */
class Ecp5OutputRegistersTest {
    @TempDir
    Path dir;

    /** A 1024 x 18 RAM, its read data registered in {@code r}, then {@code q <= <after>} with {@code <extra>} beside. */
    private JsonNode netlist(String registerStatement, String extraPorts, String extraLogic) throws IOException {
        String verilog = """
                module t(input clock, input clock2, input reset, input we, input en, input [9:0] wa, input [9:0] ra,
                         input [17:0] wd%s, output reg [17:0] q);
                  (* no_rw_check *) reg [17:0] mem [0:1023];
                  reg [17:0] r;
                  always @(posedge clock) begin
                    if (we) mem[wa] <= wd;
                    r <= mem[ra];
                  end
                  %s
                  %s
                endmodule
                """.formatted(extraPorts, registerStatement, extraLogic);
        Path json = dir.resolve("t.json");
        Tools.Result y = Tools.yosys(Map.of("t.v", verilog), "synth_ecp5 -top t -json " + json);
        assertEquals(0, y.exit(), y.output());
        return new ObjectMapper().readTree(json.toFile());
    }

    private static long count(JsonNode netlist, String type) {
        long n = 0;
        for (JsonNode c : netlist.path("modules").path("t").path("cells"))
            if (type.equals(c.path("type").asText())) n++;
        return n;
    }

    private static JsonNode ram(JsonNode netlist) {
        for (JsonNode c : netlist.path("modules").path("t").path("cells"))
            if ("DP16KD".equals(c.path("type").asText())) return c;
        throw new AssertionError("no DP16KD in the netlist");
    }

    @Test
    void aRegisterWithAnEnableBecomesTheOutputRegister() throws IOException {
        JsonNode n = netlist("always @(posedge clock) if (en) q <= r;", "", "");
        assertEquals(18, count(n, "TRELLIS_FF"), "Yosys maps the second register to flip-flops");
        assertEquals(1, Ecp5OutputRegisters.absorb(n));
        assertEquals(0, count(n, "TRELLIS_FF"));
        JsonNode ram = ram(n);
        JsonNode q = n.path("modules").path("t").path("ports").path("q").path("bits");
        String side = "OUTREG".equals(ram.path("parameters").path("REGMODE_A").asText()) ? "A" : "B";
        assertEquals("OUTREG", ram.path("parameters").path("REGMODE_" + side).asText());
        JsonNode en = n.path("modules").path("t").path("ports").path("en").path("bits");
        assertEquals(en, ram.path("connections").path("OCE" + side), "the flip-flops' enable becomes OCE");
        for (int i = 0; i < 18; i++) {
            assertEquals(
                    q.get(i),
                    ram.path("connections").path("DO" + side + i).get(0),
                    "DO" + side + i + " drives q[" + i + "]");
        }
    }

    /**
     * A 4096 x 36 RAM, which Yosys maps to two banks of 2048 x 9 blocks with a LUT per bit choosing the bank: the
     * registers behind those LUTs move into the blocks, and one new flip-flop delays the bank select.
     */
    @Test
    void aRegisterBehindABankMultiplexerBecomesTheBlocksOutputRegisters() throws IOException {
        String verilog = """
                module t(input clock, input we, input [11:0] wa, input [11:0] ra, input [35:0] wd,
                         output reg [35:0] q);
                  (* no_rw_check *) reg [35:0] mem [0:4095];
                  reg [35:0] r;
                  always @(posedge clock) begin
                    if (we) mem[wa] <= wd;
                    r <= mem[ra];
                    q <= r;
                  end
                endmodule
                """;
        Path json = dir.resolve("t.json");
        Tools.Result y = Tools.yosys(Map.of("t.v", verilog), "synth_ecp5 -top t -json " + json);
        assertEquals(0, y.exit(), y.output());
        JsonNode n = new ObjectMapper().readTree(json.toFile());
        assertEquals(8, count(n, "DP16KD"), "Yosys maps two banks of four 2048 x 9 blocks");
        assertEquals(37, count(n, "TRELLIS_FF"), "36 data registers and the bank select's");
        assertEquals(8, Ecp5OutputRegisters.absorb(n));
        assertEquals(2, count(n, "TRELLIS_FF"), "the bank select and its copy a clock later");
        JsonNode q = n.path("modules").path("t").path("ports").path("q").path("bits");
        for (int i = 0; i < 36; i++) {
            JsonNode bit = q.get(i);
            long drivers = 0;
            for (JsonNode c : n.path("modules").path("t").path("cells")) {
                if ("LUT4".equals(c.path("type").asText())
                        && bit.equals(c.path("connections").path("Z").get(0))) drivers++;
            }
            assertEquals(1, drivers, "q[" + i + "] is driven by its bank multiplexer");
        }
    }

    @Test
    void readDataThatAlsoFeedsLogicStays() throws IOException {
        JsonNode n = netlist("always @(posedge clock) q <= r;", ", output [17:0] raw", "assign raw = r;");
        assertEquals(0, Ecp5OutputRegisters.absorb(n));
        assertEquals("NOREG", ram(n).path("parameters").path("REGMODE_B").asText());
    }

    @Test
    void aRegisterWithAResetStays() throws IOException {
        JsonNode n = netlist("always @(posedge clock) if (reset) q <= 0; else q <= r;", "", "");
        assertEquals(0, Ecp5OutputRegisters.absorb(n));
    }

    @Test
    void aRegisterOnAnotherClockStays() throws IOException {
        JsonNode n = netlist("always @(posedge clock2) q <= r;", "", "");
        assertEquals(0, Ecp5OutputRegisters.absorb(n));
    }

    @Test
    void logicBetweenTheReadAndTheRegisterStays() throws IOException {
        JsonNode n = netlist("always @(posedge clock) q <= r ^ {18{en}};", "", "");
        assertEquals(0, Ecp5OutputRegisters.absorb(n));
    }

    @Test
    void registersWithTwoEnablesStay() throws IOException {
        JsonNode n = netlist(
                "always @(posedge clock) begin if (en) q[8:0] <= r[8:0]; if (we) q[17:9] <= r[17:9]; end", "", "");
        assertEquals(0, Ecp5OutputRegisters.absorb(n));
    }
}
