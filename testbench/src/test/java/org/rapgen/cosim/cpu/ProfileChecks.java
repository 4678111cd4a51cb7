package org.rapgen.cosim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An independent check of the profile {@code ./rapgen cpu} prints: the functions come from binutils' {@code nm} on
 * the program's ELF (not from rapgen's ELF reader), their counts from the dumped pc trace; the hot ranges and the
 * functions they hold are read back from the command's table.
 */
final class ProfileChecks {
    record Function(String name, long lo, long hi) {}

    record HotRow(long lo, long hi, long estimate, String holds) {}

    private ProfileChecks() {}

    /** Functions of the ELF by {@code riscv64-unknown-elf-nm -S}: text symbols with a size. */
    static List<Function> functions(Path elf) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("riscv64-unknown-elf-nm", "-S", "--defined-only", elf.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        List<Function> fs = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] w = line.trim().split("\\s+");
            if (w.length == 4 && (w[2].equals("T") || w[2].equals("t"))) {
                long lo = Long.parseLong(w[0], 16);
                fs.add(new Function(w[3], lo, lo + Long.parseLong(w[1], 16) - 1));
            }
        }
        return fs;
    }

    /** Executions per function name (aliases share their counts), most executed first. */
    static LinkedHashMap<String, Long> exactCounts(List<Function> fs, long[] pcs) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (long pc : pcs) {
            for (Function f : fs) {
                if (pc >= f.lo() && pc <= f.hi()) {
                    counts.merge(f.name(), 1L, Long::sum);
                    break;
                }
            }
        }
        LinkedHashMap<String, Long> sorted = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }

    /**
     * The hot-range rows of the command's table ({@code #  lo  hi  len  H(v)  share  holds}); the row numbers are right
     * aligned, so with ten rows or more the header starts with a space.
     */
    static List<HotRow> hotRows(String out) {
        List<HotRow> rows = new ArrayList<>();
        boolean in = false;
        for (String line : out.split("\n")) {
            if (line.trim().startsWith("#  lo")) {
                in = true;
                continue;
            }
            if (!in) continue;
            if (line.startsWith("hot ranges hold")) break;
            String[] w = line.trim().split("\\s+", 7);
            rows.add(new HotRow(
                    Long.parseLong(w[1], 16),
                    Long.parseLong(w[2], 16),
                    Long.parseLong(w[4]),
                    w.length > 6 ? w[6] : ""));
        }
        return rows;
    }

    /**
     * Each hot range's estimate of its whole range (its H(v) plus the H of the hot ranges inside it, which H(v) leaves
     * out) is at most the exact count of the range's pcs and, when no split was deferred (the command's {@code tree}
     * line says "overflow no"), short of it by at most eps*n + L (SPEC §4); and the {@code top} most executed functions
     * are each named by some hot range.
     */
    static void assertProfileRight(String out, long[] pcs, List<Function> fs, double eps, int levels, int top) {
        List<HotRow> rows = hotRows(out);
        assertTrue(!rows.isEmpty(), out);
        boolean bounded = out.contains(", overflow no\n");
        long n = pcs.length;
        for (HotRow r : rows) {
            long estimate = 0;
            for (HotRow o : rows) if (o.lo() >= r.lo() && o.hi() <= r.hi()) estimate += o.estimate();
            long exact = 0;
            for (long pc : pcs) if (pc >= r.lo() && pc <= r.hi()) exact++;
            double bound = eps * n + levels;
            assertTrue(
                    estimate <= exact && (!bounded || exact - estimate <= bound),
                    String.format(
                            "hot range %x-%x: estimate %d, exact %d, bound %.1f%n%s",
                            r.lo(), r.hi(), estimate, exact, bound, out));
        }
        LinkedHashMap<String, Long> counts = exactCounts(fs, pcs);
        List<String> leaders = new ArrayList<>(counts.keySet()).subList(0, Math.min(top, counts.size()));
        for (String f : leaders) {
            assertTrue(
                    rows.stream()
                            .anyMatch(r -> List.of(r.holds().split("[, ]+")).contains(f)),
                    "the most executed function " + f + " (" + counts.get(f) + " of " + n
                            + ") is named by no hot range:\n" + out);
        }
        assertEquals(
                n,
                counts.values().stream().mapToLong(Long::longValue).sum() + unnamed(fs, pcs),
                "every pc is counted once");
    }

    private static long unnamed(List<Function> fs, long[] pcs) {
        long k = 0;
        for (long pc : pcs) if (fs.stream().noneMatch(f -> pc >= f.lo() && pc <= f.hi())) k++;
        return k;
    }
}
