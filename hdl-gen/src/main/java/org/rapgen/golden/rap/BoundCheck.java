package org.rapgen.golden.rap;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The SPEC §4 guarantee, checked for every node v of a snapshot:
 * <pre>
 *   0 &lt;= true(v) - subtree(v) &lt;= eps*n + L*w_max
 * </pre>
 * with eps = epsFx/65536 exactly (the eps the hardware uses; a tree built from epsFx must meet
 * the bound for that eps), compared exactly in integers:
 * {@code 65536 * (true - subtree - L*w_max) <= epsFx * n}.
 *
 * <p>w_max is the largest weight the <em>engine</em> saw, i.e. after any combining queue, since a
 * combined event lands on one node as a whole. The guarantee only holds while overflow (and
 * saturation) are clear; callers check those flags.
 */
public final class BoundCheck {
    private BoundCheck() {}

    /** Human-readable violations; empty when the guarantee holds. */
    public static List<String> violations(RapTree tree, ExactProfile exact, long wMax) {
        TreeIndex index = new TreeIndex(tree.nodes(), tree.keyBits());
        BigInteger epsN = BigInteger.valueOf(tree.epsFx()).multiply(unsigned(tree.n()));
        BigInteger lw = BigInteger.valueOf(tree.levels()).multiply(BigInteger.valueOf(wMax));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < tree.nodes().size(); i++) {
            RapNode v = tree.nodes().get(i);
            BigInteger diff =
                    BigInteger.valueOf(exact.weightIn(v, tree.keyBits())).subtract(unsigned(index.subtree[i]));
            boolean low = diff.signum() < 0;
            boolean high = diff.subtract(lw).shiftLeft(16).compareTo(epsN) > 0;
            if (low || high) {
                out.add(String.format(
                        "node %s/%d: true - subtree = %s, allowed 0..eps*n + L*w_max = %s/65536 + %s",
                        Long.toHexString(v.prefix()), v.len(), diff, epsN, lw));
            }
        }
        return out;
    }

    static BigInteger unsigned(long x) {
        return new BigInteger(Long.toUnsignedString(x));
    }
}
