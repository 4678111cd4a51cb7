package org.rapgen.golden.sampler;

import java.util.List;
import java.util.Map;

/**
 * The parameters of Zilles and Sohi's slot table {@code Z[fail=F,thrash=T,draw=R,keep=H]k} (docs/slot-table.md),
 * each optional, as is the bracket.
 *
 * @param slots    k, the slots of the table, a power of two (1..256)
 * @param fail     the failed-replacement counter's interrupt threshold (default 256)
 * @param thrash   replacements since the last clean slate that mean thrashing (default 4k, "a few times the number
 *                 of slots")
 * @param draw     the replacement draw's range: a slot with total t is replaced when a draw in 0..draw-1 is at least
 *                 t, so a slot whose total reaches {@code draw} is never replaced (a power of two, default 1024)
 * @param keep     hits an active value must have for a change of value to turn the slot off rather than reselect
 *                 (default 16)
 */
public record SlotTableParams(int slots, int fail, int thrash, int draw, int keep) {
    static final List<String> NAMES = List.of("fail", "thrash", "draw", "keep");
    /** Most slots: the table is in flip-flops and every slot compares its pc. */
    public static final int MAX_SLOTS = 256;

    /** The defaults for k slots. */
    public static SlotTableParams of(int slots) {
        return new SlotTableParams(slots, 256, 4 * slots, 1024, 16);
    }

    /** Parses {@code Z[...]k} or {@code Zk} at the parser's position, which is at 'Z'. */
    static SlotTableParams parse(SamplerSpec.P p) {
        p.i++;
        Map<String, Long> m = Map.of();
        if (p.at('[')) {
            p.i++;
            m = p.params("slot table", NAMES, SlotTableParams::check);
            p.expect(']');
        }
        int at = p.i;
        long k = p.num("number of slots k");
        if (k < 1 || k > MAX_SLOTS || Long.bitCount(k) != 1)
            throw p.err(at, "number of slots must be a power of two in 1.." + MAX_SLOTS + ", got " + k);
        SlotTableParams d = of((int) k);
        return new SlotTableParams(
                (int) k,
                m.getOrDefault("fail", (long) d.fail).intValue(),
                m.getOrDefault("thrash", (long) d.thrash).intValue(),
                m.getOrDefault("draw", (long) d.draw).intValue(),
                m.getOrDefault("keep", (long) d.keep).intValue());
    }

    /** What is wrong with a value, or null. */
    private static String check(String name, long v) {
        return switch (name) {
            case "fail", "thrash" -> v < 1 || v > 65535 ? name + " must be 1..65535, got " + v : null;
            case "draw" ->
                v < 2 || v > 65536 || Long.bitCount(v) != 1
                        ? "draw must be a power of two in 2..65536, got " + v
                        : null;
            default ->
                v < 1 || v > SlotTable.COUNT_MAX ? "keep must be 1.." + SlotTable.COUNT_MAX + ", got " + v : null;
        };
    }

    /** The table's text with every parameter given. */
    public String canonical() {
        return "Z[fail=" + fail + ",thrash=" + thrash + ",draw=" + draw + ",keep=" + keep + "]" + slots;
    }
}
