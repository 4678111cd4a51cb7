package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;

/**
 * Walks the set bits of a slot vector, lowest first, one per clock, with the answer always in flip-flops: the
 * candidates are a register, and the lowest candidate is registered too, one-hot, computed from the candidates as they
 * will be after this clock (its index is OR trees on that register). So a state that walks slots issues from
 * registers and pays no priority encoder in its own path. Built in the caller's module.
 *
 * <p>{@link #load()} replaces the candidates with the vector given to {@link #loadFrom} (which may be {@link #without}
 * some of them), or on one of its loads the late vector given to {@link #loadLate}; the pick describes them from the
 * second clock after ({@link #ready}).
 * {@link #take} removes the current pick; the next one is ready on the next clock.
 */
public final class SlotPicker {
    private final UInt candidates;
    private final UInt loadValue;
    private final Bool lateWhen;
    private final UInt stepped;
    private final UInt lateValue;
    private final Bool valid = RegInit(B(false));
    private final Bool loading;
    private final Bool taking;
    private final Bool loadByState;
    private final Bool takeByState;
    private final String name;
    private final Bool last;
    /** The lowest candidate, when {@link #ready}. */
    public final Bool found;

    public final UInt index;
    public final UInt oneHot;

    /**
     * {@code tracksLast}: whether {@link #last} is kept. It is built here, with the rest of the pick, so its enable is
     * the pick's own and not also whatever condition a caller first asked for it under.
     */
    public SlotPicker(String name, int slots, int indexBits, boolean tracksLast) {
        this.name = name;
        candidates = RegInit(U(0, slots)).named(name + "_candidates");
        valid.named(name + "_ready");
        // The requests as the callers' state logic makes them; they drive the walker unless a caller gives the same
        // decision in a flatter form (loadWhen, takeWhen).
        loadByState = WireDefault(Bool(), B(false)).named(name + "_load_by_state");
        takeByState = WireDefault(Bool(), B(false)).named(name + "_take_by_state");
        loading = WireDefault(Bool(), loadByState).named(name + "_load");
        taking = WireDefault(Bool(), takeByState).named(name + "_take");
        loadValue = WireDefault(UInt(slots), U(0, slots)).named(name + "_load_value");
        lateWhen = WireDefault(Bool(), B(false)).named(name + "_load_late");
        lateValue = WireDefault(UInt(slots), U(0, slots)).named(name + "_load_late_value");
        UInt hot = Reg(UInt(slots)).named(name + "_pick_hot");
        // The candidates are written here only, from the two request wires: their enable is "load or take", and the
        // callers' state logic chooses only the loaded vector, off the enable's path. (Keeping "the candidates after
        // the pick" instead, which would spare the select below, put the lowest-candidate logic into that register's
        // own loop: 11.3 ns on the iCE40.)
        // A late load (loadLate) meets the candidates in their last LUT: everything else is chosen before it, in a net
        // of its own (kept then, or abc merges the late vector's logic with it).
        stepped = Mux(loading, loadValue, candidates.and(hot.not())).named(name + "_stepped");
        when(loading.or(taking), () -> candidates.connect(Mux(lateWhen, lateValue, stepped)));
        // The next pick is computed from flip-flops only: the candidates without the current pick (a take leaves
        // exactly those), or, just after a load, all of them. Whether to take it is decided late and only selects
        // between that and keeping the current pick, at the registers.
        UInt remaining = Mux(valid, candidates.and(hot.not()), candidates).named(name + "_remaining");
        Bool advance = taking.or(valid.not()).named(name + "_advance");
        found = Reg(Bool()).named(name + "_pick_found");
        when(advance, () -> {
            found.connect(remaining.orR());
            hot.connect(remaining.and(remaining.sub(U(1, slots)).not()));
        });
        oneHot = hot;
        // Only the one-hot pick is registered; its index is OR trees after the register: a priority encoder into an
        // index register was five to seven LUT levels, among the engine's slowest paths.
        index = Wire(UInt(indexBits)).named(name + "_pick_index");
        index.connect(OHToUInt(hot));
        last = tracksLast ? Reg(Bool()).named(name + "_pick_last") : null;
        if (tracksLast)
            when(advance, () -> last.connect(FirstSet.twoOrMore(remaining).not()));
        valid.connect(loading.not());
        when(
                valid.and(found),
                () -> Assert(
                        hot.orR().and(hot.and(hot.sub(U(1, slots))).orR().not()),
                        name + ": the pick %b is not one-hot",
                        hot));
    }

    /**
     * The vector that {@link #load()} takes. Set outside the callers' conditions (the vector each caller loads depends
     * only on its state), so the candidates' inputs choose by state flip-flops, not through the decision to load.
     */
    public void loadFrom(UInt vector) {
        loadValue.connect(vector);
    }

    /**
     * A load whose vector arrives late in the clock (a compare network behind a register): when {@code when}, which
     * must be one of the walker's loads, the candidates take {@code vector} instead of the {@link #loadFrom} vector,
     * in the last LUT before the register. Outside any condition.
     */
    public void loadLate(Bool when, UInt vector) {
        // Both kept, so the last LUT takes the late vector, the choice and the rest, and not their own inputs. Only
        // with a late load: the kept net would cost a walker without one a LUT level (the leaf walker's level vector
        // is as deep as the late one).
        lateWhen.keep();
        stepped.keep();
        lateWhen.connect(when);
        lateValue.connect(vector);
        Assert(when.not().or(loading), name + ": a late load outside a load");
    }

    /** On this clock edge the candidates become the vector given to {@link #loadFrom}. */
    public void load() {
        loadByState.connect(B(true));
    }

    /**
     * The walker loads exactly when {@code early}, a flatter form of the {@link #load()} calls (from flags that imply
     * their state, say, which the state logic's muxes cannot show synthesis): it drives the walker, and a simulation
     * check holds it equal to the calls on every clock. Outside any condition.
     */
    public void loadWhen(Bool early) {
        driveEarly(loading, early, loadByState, "load");
    }

    /** The candidates without those in {@code set}: a {@link #loadFrom} of it, then a {@link #load()}, removes them. */
    public UInt without(UInt set) {
        return candidates.and(set.not());
    }

    /** The pick is used on this clock: it leaves the candidates. */
    public void take() {
        takeByState.connect(B(true));
    }

    /** As {@link #loadWhen}, for {@link #take()}. */
    public void takeWhen(Bool early) {
        driveEarly(taking, early, takeByState, "take");
    }

    private void driveEarly(Bool request, Bool early, Bool byState, String what) {
        request.connect(early);
        Assert(early.eq(byState), name + ": the " + what + " %b disagrees with the state logic's %b", early, byState);
    }

    /**
     * When {@link #found}: the pick is the last candidate, so a walk can end on the clock it takes it. Registered
     * beside the pick; only for a walker built to track it.
     */
    public Bool last() {
        if (last == null)
            throw new HdlException(
                    SourceLoc.callerOf(SlotPicker.class), name + ": last() of a walker built without tracksLast");
        return last;
    }

    /** {@link #found}, {@link #index} and {@link #oneHot} describe the candidates. */
    public Bool ready() {
        return valid;
    }
}
