package org.rapgen.synth;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads nextpnr's results: device utilisation from its log, Fmax and the critical path from its JSON report. */
final class NextpnrReport {
    private static final Pattern UTILISATION =
            Pattern.compile("^Info:\\s+([A-Za-z0-9_$]+):\\s+(\\d+)/\\s*(\\d+)\\s+\\d+%\\s*$");

    private NextpnrReport() {}

    /** The last utilisation table in the log (nextpnr prints it after packing, before it can fail to place). */
    static List<SynthResult.Usage> utilisation(String log) {
        Map<String, SynthResult.Usage> usage = new LinkedHashMap<>();
        for (String line : log.lines().toList()) {
            Matcher m = UTILISATION.matcher(line);
            if (m.matches())
                usage.put(
                        m.group(1),
                        new SynthResult.Usage(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
        }
        return new ArrayList<>(usage.values());
    }

    /** The lowest achieved frequency over the design's clocks. */
    static Double fmaxMhz(JsonNode report) {
        Double min = null;
        for (JsonNode clock : report.path("fmax")) {
            double f = clock.path("achieved").asDouble();
            if (min == null || f < min) min = f;
        }
        return min;
    }

    /** The longest path that starts and ends at a clock edge (paths from or to ports are <async> here). */
    static SynthResult.CriticalPath criticalPath(JsonNode report) {
        SynthResult.CriticalPath worst = null;
        for (JsonNode cp : report.path("critical_paths")) {
            if (!cp.path("from").asText().matches("(posedge|negedge) .*")
                    || !cp.path("to").asText().matches("(posedge|negedge) .*")) continue;
            JsonNode path = cp.path("path");
            if (path.isEmpty()) continue;
            double total = 0;
            double routing = 0;
            for (JsonNode seg : path) {
                total += seg.path("delay").asDouble();
                if (seg.path("type").asText().equals("routing"))
                    routing += seg.path("delay").asDouble();
            }
            String from = path.get(0).path("from").path("cell").asText();
            String to = path.get(path.size() - 1).path("to").path("cell").asText();
            if (worst == null || total > worst.totalNs())
                worst = new SynthResult.CriticalPath(total, total - routing, routing, from, to);
        }
        return worst;
    }
}
