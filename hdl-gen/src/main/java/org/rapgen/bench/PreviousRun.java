package org.rapgen.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The area and Fmax cells of the report this run replaces, so that each design's section says what changed since
 * then: a pull request that moves a design's area or clock shows both figures in the file it regenerates.
 *
 * @param date the day the replaced report was written, or null when there was none
 * @param cells per design and target row label, {area, Fmax}
 */
record PreviousRun(String date, Map<String, Map<String, String[]>> cells) {
    private static final Pattern WRITTEN = Pattern.compile("^Written by .* on (\\d{4}-\\d{2}-\\d{2}):");

    static final PreviousRun NONE = new PreviousRun(null, Map.of());

    /** The cells of {@code md}, or {@link #NONE} when it does not exist. */
    static PreviousRun read(Path md) throws IOException {
        return Files.exists(md) ? parse(Files.readAllLines(md)) : NONE;
    }

    static PreviousRun parse(List<String> lines) {
        String date = null;
        String design = null;
        Map<String, Map<String, String[]>> cells = new HashMap<>();
        for (String line : lines) {
            Matcher written = WRITTEN.matcher(line);
            if (written.find()) date = written.group(1);
            if (line.startsWith("## ")) design = line.substring(3).strip();
            if (design == null || !line.startsWith("| ")) continue;
            List<String> row = cellsOf(line);
            // A target row: "| ice40 (iCE40 HX8K (ct256)) | area | Fmax | ...", not a header, rule or anchor row.
            if (row.size() >= 3 && row.get(0).contains(" (") && !row.get(0).startsWith("Stratix")) {
                cells.computeIfAbsent(design, d -> new HashMap<>())
                        .put(row.get(0), new String[] {row.get(1), row.get(2)});
            }
        }
        return date == null ? NONE : new PreviousRun(date, cells);
    }

    /** The cells of a Markdown table row, with escaped bars restored. */
    private static List<String> cellsOf(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int i = 1; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (ch == '|') {
                out.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        return out;
    }

    /**
     * "was ..." for a row whose area or Fmax differs from the replaced report's, "unchanged" for one that does not, or
     * "new" for a design or target it did not have.
     */
    String change(String design, String target, String area, String fmax) {
        String[] then = cells.getOrDefault(design, Map.of()).get(target);
        if (then == null) return "new";
        boolean sameArea = then[0].equals(area);
        boolean sameFmax = then[1].equals(fmax);
        if (sameArea && sameFmax) return "unchanged";
        List<String> was = new ArrayList<>();
        if (!sameArea) was.add(then[0]);
        if (!sameFmax) was.add(then[1]);
        return "was " + String.join("; ", was);
    }
}
