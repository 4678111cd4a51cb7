package org.rapgen.golden.rap;

import java.util.ArrayList;
import java.util.List;

/**
 * Hot-range accuracy as in the paper §5.3 (Fig. 10): for every hot range RAP reports, the
 * percentage error of its estimate against a perfect offline profiler, then the average and
 * the maximum over the reported ranges; "accuracy" is 1 - average error (the paper's "98%
 * accurate" is a 2% average error).
 *
 * <p>Attribution: RAP's estimate for a hot range v is H(v), which excludes the weight of hot
 * ranges nested inside v. The exact counterpart therefore attributes weight the same way:
 * <pre>
 *   trueH(v) = true(v) - sum of true(u) over the maximal hot ranges u strictly inside v
 *   error(v) = |H(v) - trueH(v)| / trueH(v)          (1.0 if trueH(v) = 0)
 * </pre>
 * "Maximal" means no other reported hot range lies between v and u. true() comes from
 * {@link ExactProfile}. This is the paper's footnote-2 "percentage error, relative to the
 * actual count of a range".
 */
public final class HotRangeAccuracy {
    private HotRangeAccuracy() {}

    /** One reported range with its exact attributed weight and relative error. */
    public record Entry(HotRange range, long trueWeight, double relativeError) {}

    /** Per-range entries (in the order given), average and maximum relative error. */
    public record Report(List<Entry> entries, double averageError, double maxError) {
        public Report {
            entries = List.copyOf(entries);
        }

        /** 1 - average error; 1.0 when no range is hot. */
        public double accuracy() {
            return 1.0 - averageError;
        }
    }

    /**
     * @param hot hot ranges in (prefix, len) order, as {@link HotRanges#find} returns them
     */
    public static Report measure(List<HotRange> hot, ExactProfile exact, int keyBits) {
        List<RapNode> ranges = new ArrayList<>();
        for (HotRange r : hot) {
            ranges.add(new RapNode(
                    r.prefix(), r.len(), exact.weightIn(r.prefix(), r.node().lastKey(keyBits))));
        }
        // Nest the hot ranges among themselves; the first one need not be the root, so index
        // under a synthetic root that covers every key.
        List<RapNode> withRoot = new ArrayList<>(ranges.size() + 1);
        boolean rootIsHot = !ranges.isEmpty() && ranges.get(0).len() == 0;
        if (!rootIsHot) {
            withRoot.add(new RapNode(0, 0, 0));
        }
        withRoot.addAll(ranges);
        int offset = rootIsHot ? 0 : 1;
        TreeIndex index = new TreeIndex(withRoot, keyBits);
        long[] trueH = new long[withRoot.size()];
        for (int i = 0; i < withRoot.size(); i++) {
            trueH[i] = withRoot.get(i).count();
        }
        for (int i = offset; i < withRoot.size(); i++) {
            int p = index.parent[i];
            if (p >= 0) {
                trueH[p] -= withRoot.get(i).count();
            }
        }
        List<Entry> entries = new ArrayList<>();
        double sum = 0;
        double max = 0;
        for (int i = 0; i < hot.size(); i++) {
            long t = trueH[i + offset];
            long est = hot.get(i).estimate();
            double err = t == 0 ? 1.0 : Math.abs((double) est - (double) t) / t;
            entries.add(new Entry(hot.get(i), t, err));
            sum += err;
            max = Math.max(max, err);
        }
        return new Report(entries, hot.isEmpty() ? 0.0 : sum / hot.size(), max);
    }
}
