package org.rapgen.engines.sampler;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.golden.sampler.HotlistSampler;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.lib.FirstSet;

/**
 * What {@link HotlistStage}'s decision needs to know about a tuple's row, worked out from the row's flip-flops in the
 * clock after they took it and registered, so the decision's clock holds only the update and the write: whether another pc holds the row, whether the tuple is sampled at the row's
 * level, and which slot holds its value, is full, or is the lowest free one. A row no pc holds counts as the fresh
 * row the tuple starts: level 0, every slot free.
 */
record HotlistFlags(
        Bool conflict, Bool sampled, Bool atTop, Bool hit, Bool overflow, UInt match, Bool anyFree, UInt firstFree) {
    static HotlistFlags registers(int n) {
        return new HotlistFlags(
                RegInit(B(false)).named("f_conflict"),
                RegInit(B(false)).named("f_sampled"),
                RegInit(B(false)).named("f_at_top"),
                RegInit(B(false)).named("f_hit"),
                RegInit(B(false)).named("f_overflow"),
                RegInit(U(0, n)).named("f_match"),
                RegInit(B(false)).named("f_any_free"),
                RegInit(U(0, n)).named("f_first_free"));
    }

    /**
     * The flags of row {@code r} for the tuple (pc, w), with the LFSR's 16 fresh bits for its add decision, as
     * combinational values (build outside any {@code when}; {@link #load} registers them).
     *
     * @param countBits the width of the view's counts
     */
    static HotlistFlags of(HotlistRow.View r, UInt pc, UInt w, UInt fresh16, int countBits) {
        int n = r.values().size();
        UInt level = Mux(r.valid(), r.level(), U(0, HotlistStage.LEVEL_BITS));
        List<Bool> m = new ArrayList<>();
        List<Bool> full = new ArrayList<>();
        List<Bool> free = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            UInt cnt = r.counts().get(i);
            m.add(r.valid().and(cnt.ne(0)).and(r.values().get(i).eq(w)));
            full.add(cnt.eq((1L << countBits) - 1));
            free.add(r.valid().not().or(cnt.eq(0)));
        }
        UInt matchNow = WireDefault(UInt(n), CatLsbFirst(m));
        UInt freeNow = WireDefault(UInt(n), CatLsbFirst(free));
        FirstSet first = new FirstSet(freeNow, Math.max(log2Up(n), 1));
        return new HotlistFlags(
                r.valid().and(r.tag().ne(pc)),
                fresh16.shr(U(16, HotlistStage.LEVEL_BITS).sub(level)).eq(0),
                level.eq(HotlistSampler.MAX_LEVEL),
                matchNow.orR(),
                matchNow.and(WireDefault(UInt(n), CatLsbFirst(full))).orR(),
                matchNow,
                first.found,
                U(1, n + 1).shl(first.index).bits(n - 1, 0));
    }

    /** These registers := {@code next}'s values. */
    void load(HotlistFlags next) {
        conflict.connect(next.conflict);
        sampled.connect(next.sampled);
        atTop.connect(next.atTop);
        hit.connect(next.hit);
        overflow.connect(next.overflow);
        match.connect(next.match);
        anyFree.connect(next.anyFree);
        firstFree.connect(next.firstFree);
    }

    /** The flags of a row just started anew: sampled at level 0, every slot free, slot 0 the first. */
    void fresh(int n) {
        conflict.connect(B(false));
        sampled.connect(B(true));
        atTop.connect(B(false));
        match.connect(U(0, n));
        hit.connect(B(false));
        overflow.connect(B(false));
        anyFree.connect(B(true));
        firstFree.connect(U(1, n));
    }
}
