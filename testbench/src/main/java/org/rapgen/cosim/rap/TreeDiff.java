package org.rapgen.cosim.rap;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.rapgen.golden.rap.RapNode;

/** A readable difference between two node lists sorted by (prefix, len). */
final class TreeDiff {
    private TreeDiff() {}

    static String describe(List<RapNode> rtl, List<RapNode> golden) {
        TreeSet<RapNode> a = new TreeSet<>(RapNode.ORDER);
        a.addAll(rtl);
        TreeSet<RapNode> b = new TreeSet<>(RapNode.ORDER);
        b.addAll(golden);
        List<String> lines = new ArrayList<>();
        for (RapNode n : rtl) {
            RapNode g = b.floor(n);
            if (g == null || RapNode.ORDER.compare(g, n) != 0 || g.count() != n.count()) {
                lines.add("rtl only " + show(n)
                        + (g != null && sameRange(g, n)
                                ? " (golden count " + Long.toUnsignedString(g.count()) + ")"
                                : ""));
            }
        }
        for (RapNode g : golden) {
            RapNode n = a.floor(g);
            if (n == null || !sameRange(n, g)) lines.add("golden only " + show(g));
        }
        StringBuilder sb = new StringBuilder(rtl.size() + " rtl nodes, " + golden.size() + " golden nodes");
        for (int i = 0; i < Math.min(12, lines.size()); i++) sb.append("\n    ").append(lines.get(i));
        if (lines.size() > 12) sb.append("\n    ... ").append(lines.size() - 12).append(" more");
        return sb.toString();
    }

    private static boolean sameRange(RapNode a, RapNode b) {
        return a.prefix() == b.prefix() && a.len() == b.len();
    }

    private static String show(RapNode n) {
        return String.format("%016x/%d=%s", n.prefix(), n.len(), Long.toUnsignedString(n.count()));
    }
}
