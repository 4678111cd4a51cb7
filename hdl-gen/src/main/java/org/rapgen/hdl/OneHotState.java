package org.rapgen.hdl;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rapgen.hdl.ir.Stmt;

/**
 * An FSM state register kept one-hot: one flip-flop per state, named {@code <name>_<state>} (SpinalHDL's
 * {@code StateMachine} with the one-hot encoding). Every "in state X" test is then that flip-flop itself, not a
 * decode of an encoded state ahead of the logic that uses it, and each flip-flop drives only its own state's
 * logic; on a small FPGA that is one LUT level and one long net less on every path that starts at the state. Yosys
 * 0.23's {@code fsm} pass leaves an encoded state register that is compared with ranges or read outside muxes as it
 * is, so the encoding is chosen here. Built in the caller's module.
 *
 * <p>{@link #go} has last-connect semantics like any register connection: the last {@code go} on a clock wins.
 */
public final class OneHotState<E extends Enum<E>> {
    private final Map<E, Bool> hot;
    /** Each state's extra flip-flops ({@link #duplicate}), inverted. */
    private final Map<E, List<Bool>> inverted;

    private boolean armsBuilt;
    private final E initial;
    /** The state whose {@link #on} body is being built, and the states its {@code go}s have chosen so far. */
    private E current;

    private EnumSet<E> chosenInCurrent;

    public OneHotState(String name, Class<E> states, E initial) {
        this.initial = initial;
        hot = new EnumMap<>(states);
        inverted = new EnumMap<>(states);
        for (E s : states.getEnumConstants()) {
            hot.put(s, RegInit(B(s == initial)).named(name + "_" + s.name().toLowerCase(Locale.ROOT)));
        }
        List<Bool> bits = new ArrayList<>(hot.values());
        UInt vector = CatLsbFirst(bits);
        Assert(
                vector.orR().and(vector.and(vector.sub(U(1, bits.size()))).orR().not()),
                "state register " + name + " is not one-hot: %b",
                vector);
    }

    /** In state {@code s}: the flip-flop itself (so naming it renames the state bit). */
    public Bool is(E s) {
        return hot.get(s);
    }

    /**
     * A second flip-flop for "in state {@code s}", for a group of loads far from the state bit's others: the placer
     * can put it beside them. It is stored inverted, since Yosys's {@code opt_merge} folds a plain copy (same input,
     * same cell) back into the state bit; the inverter lands in the loads' LUTs. Call before any {@link #on}.
     */
    public Bool duplicate(E s, String name) {
        if (armsBuilt) throw new HdlException(SourceLoc.capture(), "OneHotState.duplicate(" + s + ") after on(...)");
        Bool notIn = RegInit(B(s != initial)).named(name);
        Assert(notIn.eq(hot.get(s).not()), "state copy " + name + " disagrees with its state bit");
        inverted.computeIfAbsent(s, k -> new ArrayList<>()).add(notIn);
        return notIn.not();
    }

    /** Sets state {@code s}'s flip-flop and its duplicates. */
    private void set(E s, boolean in) {
        hot.get(s).connect(B(in));
        for (Bool notIn : inverted.getOrDefault(s, List.of())) notIn.connect(B(!in));
    }

    /** In any of the states {@code from} to {@code to}, in declaration order. */
    public Bool within(E from, E to) {
        Bool any = null;
        for (E s : EnumSet.range(from, to)) any = any == null ? hot.get(s) : any.or(hot.get(s));
        return any;
    }

    /**
     * On this clock edge the state becomes {@code s}; only inside {@link #on}. It clears the state it is called in
     * and any state an earlier {@code go} in the same {@code on} chose, so the last {@code go} wins and every other
     * flip-flop keeps its 0: each state's next value then depends only on the transitions into and out of it, as a
     * hand-written one-hot FSM's does, not on every transition of the machine.
     */
    public void go(E s) {
        if (current == null) throw new HdlException(SourceLoc.capture(), "OneHotState.go(" + s + ") outside on(...)");
        for (E chosen : chosenInCurrent) set(chosen, false);
        set(current, false);
        set(s, true);
        chosenInCurrent.add(s);
    }

    /** On this clock edge the state becomes {@code ifTrue} or {@code ifFalse}. */
    public void go(Bool cond, E ifTrue, E ifFalse) {
        when(cond, () -> go(ifTrue)).otherwise(() -> go(ifFalse));
    }

    /**
     * {@code body} runs in state {@code s}; chain the other states' bodies onto the result. Like a {@code switch}'s
     * arms, and unlike independent {@code when}s, the lowering knows the arms exclude each other (only one flip-flop
     * is set): a signal gets one mux per state that drives it, with no priority between the states for synthesis to
     * build, and a memory write in one arm is guarded by that state's flip-flop alone.
     */
    public Arms on(E s, Runnable body) {
        return new Arms().on(s, body);
    }

    /** One {@link #on} chain: a switch over the state flip-flops. */
    public final class Arms {
        private final Stmt.SwitchToken token = new Stmt.SwitchToken();
        private final EnumSet<E> seen = EnumSet.noneOf(initial.getDeclaringClass());
        private WhenContext chain;

        private Arms() {}

        public Arms on(E s, Runnable body) {
            if (current != null)
                throw new HdlException(SourceLoc.capture(), "OneHotState.on(" + s + ") inside on(" + current + ")");
            if (!seen.add(s)) throw new HdlException(SourceLoc.capture(), "duplicate on(" + s + ")");
            current = s;
            armsBuilt = true;
            chosenInCurrent = EnumSet.noneOf(initial.getDeclaringClass());
            try {
                chain = chain == null
                        ? WhenContext.open(hot.get(s), body, token)
                        : chain.elsewhen(hot.get(s), body, token);
            } finally {
                current = null;
            }
            return this;
        }
    }
}
