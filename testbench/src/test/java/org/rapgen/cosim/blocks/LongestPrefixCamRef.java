package org.rapgen.cosim.blocks;

import java.math.BigInteger;
import org.rapgen.cosim.blocks.TcamRef.Search;
import org.rapgen.cosim.blocks.TcamRef.Write;

/**
 * Reference for {@code LongestPrefixCam}: {@link TcamRef} feeding {@link PrefixSelectorRef} (the selector's ready is
 * the TCAM's result ready), with a prefix length per slot that the selector reads when a result enters it.
 */
final class LongestPrefixCamRef implements SearchRef {
    private final TcamRef tcam;
    private final PrefixSelectorRef selector;
    private final int[] lens;

    /** {@code levelsPerStage == 0}: the flat selector, one register stage. */
    LongestPrefixCamRef(int entries, int levelsPerStage) {
        tcam = new TcamRef(entries);
        selector = new PrefixSelectorRef(entries, levelsPerStage == 0 ? 64 : levelsPerStage);
        lens = new int[entries];
    }

    PrefixSelectorRef.Result out() {
        return selector.out();
    }

    @Override
    public boolean outputValid() {
        return out() != null;
    }

    @Override
    public boolean searchReady(boolean outReady) {
        return tcam.searchReady(selector.inReady(outReady));
    }

    boolean empty() {
        return tcam.out() == null && selector.empty();
    }

    void clock(boolean reset, Write w, Search s, boolean outReady) {
        boolean selectorReady = selector.inReady(outReady);
        TcamRef.Result matched = tcam.out();
        selector.clock(reset, matched == null ? null : select(matched.match(), matched.payload()), outReady);
        tcam.clock(reset, w, s, selectorReady);
        if (!reset && w != null && w.index() < lens.length) lens[w.index()] = w.len();
    }

    /** The longest match for a match vector, with the lengths held now. */
    PrefixSelectorRef.Result select(BigInteger match, long payload) {
        boolean[] m = new boolean[lens.length];
        for (int i = 0; i < m.length; i++) m[i] = match.testBit(i);
        return PrefixSelectorRef.select(m, lens, payload);
    }

    /** What a search for {@code key} would get from the table and lengths as they are now. */
    PrefixSelectorRef.Result lookup(long key, long payload) {
        return select(tcam.match(key), payload);
    }
}
