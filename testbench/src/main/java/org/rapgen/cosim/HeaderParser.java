package org.rapgen.cosim;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the port list from the Verilator-generated {@code V<top>.h}. We parse Verilator's
 * own output rather than the Verilog source because it is the ground truth for what the C++
 * model exposes: parameters are already resolved, widths are final, and the names are the
 * C identifiers the shim must use. The declarations are one macro per line, e.g.
 * {@code VL_IN8(&clock,0,0);} or {@code VL_OUTW(&io_sum,99,0,4);}.
 */
final class HeaderParser {
    private static final Pattern PORT =
            Pattern.compile("^\\s*VL_(IN|OUT|INOUT)(8|16|64|W)?\\(&(\\w+),(\\d+),(\\d+)(?:,(\\d+))?\\);");

    private HeaderParser() {}

    static List<ModelPort> parse(String header) {
        List<ModelPort> ports = new ArrayList<>();
        for (String line : header.split("\n")) {
            Matcher m = PORT.matcher(line);
            if (!m.find()) continue;
            ModelPort.Direction dir = switch (m.group(1)) {
                case "IN" -> ModelPort.Direction.IN;
                case "OUT" -> ModelPort.Direction.OUT;
                default -> ModelPort.Direction.INOUT;
            };
            int msb = Integer.parseInt(m.group(4));
            int lsb = Integer.parseInt(m.group(5));
            ports.add(new ModelPort(ports.size(), m.group(3), msb - lsb + 1, dir));
        }
        if (ports.isEmpty()) {
            throw new IllegalStateException(
                    "no ports found in the Verilator header (unexpected Verilator output format?)");
        }
        return ports;
    }
}
