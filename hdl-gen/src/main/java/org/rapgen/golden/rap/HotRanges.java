package org.rapgen.golden.rap;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Hot ranges (SPEC §4, paper §5.1): {@code H(v) = count(v) + sum of H(c)} over the children c
 * of v that are not hot; v is hot iff {@code H(v) >= h * n}. A range is thus never hot merely
 * because a hot child lies inside it: a hot child's weight is excluded from its ancestors.
 *
 * <p>{@code h * n} is compared exactly, with h read as the decimal it prints as
 * ({@link BigDecimal#valueOf(double)}, so 0.05 means exactly 5/100), so the result does not
 * depend on floating-point rounding: with n = 100 and h = 0.05, H = 5 is hot.
 */
public final class HotRanges {
    public static final double DEFAULT_H = 0.10;

    private HotRanges() {}

    /** Hot ranges in (prefix, len) order. */
    public static List<HotRange> find(RapTree tree, double h) {
        if (!(h > 0.0 && h <= 1.0)) {
            throw new IllegalArgumentException("hot fraction h must be in (0, 1], got " + h);
        }
        List<RapNode> nodes = tree.nodes();
        TreeIndex index = new TreeIndex(nodes, tree.keyBits());
        BigDecimal cut = BigDecimal.valueOf(h).multiply(new BigDecimal(BoundCheck.unsigned(tree.n())));
        long[] hValue = new long[nodes.size()];
        boolean[] hot = new boolean[nodes.size()];
        // Backwards = children before parents (see TreeIndex).
        for (int i = nodes.size() - 1; i >= 0; i--) {
            hValue[i] += nodes.get(i).count();
            hot[i] = new BigDecimal(BoundCheck.unsigned(hValue[i])).compareTo(cut) >= 0;
            int p = index.parent[i];
            if (p >= 0 && !hot[i]) {
                hValue[p] += hValue[i];
            }
        }
        List<HotRange> out = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (hot[i]) {
                out.add(new HotRange(nodes.get(i).prefix(), nodes.get(i).len(), hValue[i]));
            }
        }
        return out;
    }
}
