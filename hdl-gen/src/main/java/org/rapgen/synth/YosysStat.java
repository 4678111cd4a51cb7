package org.rapgen.synth;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the cell counts of one module from Yosys's {@code stat} report. */
final class YosysStat {
    private static final Pattern CELL = Pattern.compile("^\\s+(\\S+)\\s+(\\d+)\\s*$");

    private YosysStat() {}

    static Map<String, Integer> cells(String stat, String module) {
        int at = stat.indexOf("=== " + module + " ===");
        if (at < 0) throw SynthException.tool("Yosys reported no statistics for " + module);
        Map<String, Integer> cells = new LinkedHashMap<>();
        boolean inCells = false;
        for (String line : stat.substring(at).lines().skip(1).toList()) {
            if (line.startsWith("===")) break;
            if (line.contains("Number of cells:")) {
                inCells = true;
                continue;
            }
            Matcher m = CELL.matcher(line);
            if (inCells && m.matches()) cells.put(m.group(1), Integer.parseInt(m.group(2)));
            else if (inCells && !line.isBlank()) break;
        }
        return cells;
    }
}
