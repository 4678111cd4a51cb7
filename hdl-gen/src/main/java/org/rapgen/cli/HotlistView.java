package org.rapgen.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A value hotlist's messages as Burrows et al.'s Fig. 1 shows a profile: per pc, {@code vtot} (the tuples its
 * messages stand for), {@code thld} (the probability p of the pc's last flushed row), {@code nv} (the values
 * reported) and the values with their shares of vtot, largest first.
 */
final class HotlistView {
    /** Values listed per pc, as the paper's 16-value hotlist. */
    static final int VALUES_SHOWN = 16;

    private static final class Pc {
        final long pc;
        final Map<Long, long[]> values = new LinkedHashMap<>();
        long total;
        int level;

        Pc(long pc) {
            this.pc = pc;
        }
    }

    private final Map<Long, Pc> pcs = new LinkedHashMap<>();

    void add(long pc, long w, long estimate, int level) {
        Pc p = pcs.computeIfAbsent(pc, Pc::new);
        p.values.computeIfAbsent(w, k -> new long[1])[0] += estimate;
        p.total += estimate;
        p.level = level;
    }

    /** The {@code top} pcs by vtot (ties by pc), one line each. */
    void print(PrintStream o, int top) {
        List<Pc> order = new ArrayList<>(pcs.values());
        order.sort(Comparator.comparingLong((Pc p) -> -p.total).thenComparingLong(p -> p.pc));
        o.println("hotlist: the " + Math.min(top, order.size()) + " of " + order.size() + " pcs with the most tuples");
        o.printf(Locale.ROOT, "%-18s %12s %18s %4s  %s%n", "pc", "vtot", "thld", "nv", "values (share of vtot)");
        for (Pc p : order.subList(0, Math.min(top, order.size()))) {
            List<Map.Entry<Long, long[]>> vs = new ArrayList<>(p.values.entrySet());
            vs.sort(Comparator.comparingLong((Map.Entry<Long, long[]> e) -> -e.getValue()[0])
                    .thenComparingLong(Map.Entry::getKey));
            StringBuilder b = new StringBuilder();
            for (Map.Entry<Long, long[]> e : vs.subList(0, Math.min(VALUES_SHOWN, vs.size()))) {
                double share = p.total == 0 ? 0 : 100.0 * e.getValue()[0] / p.total;
                b.append(String.format(Locale.ROOT, "(%.2f%% %s) ", share, Long.toHexString(e.getKey())));
            }
            o.printf(
                    Locale.ROOT,
                    "%-18s %12d %18s %4d  %s%n",
                    "0x" + Long.toHexString(p.pc),
                    p.total,
                    threshold(p.level),
                    vs.size(),
                    b.toString().trim());
        }
    }

    /** p = 2^-level, exactly: 1, 0.5, ..., 0.0000152587890625. */
    static String threshold(int level) {
        return new java.math.BigDecimal(1)
                .divide(java.math.BigDecimal.valueOf(1L << level))
                .toPlainString();
    }
}
