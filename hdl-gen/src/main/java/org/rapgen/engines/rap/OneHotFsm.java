package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.WhenContext;

/**
 * A state register with a one-hot copy: every "in state k" test is one flip-flop, not a decoder in front of each
 * use, which matters when dozens of datapath enables hang off the state. The binary register stays for ports and
 * assertions. States move by connecting {@link #next} (last connect wins, default: stay). Yosys' own FSM recoding
 * declines this register (its users are not all equality tests), so the copy is explicit. Built in the caller's
 * module.
 */
final class OneHotFsm {
    /** The current state, binary. */
    final UInt state;
    /** The state after this clock; defaults to {@link #state}. */
    final UInt next;
    private final UInt hot;
    private final int bits;

    OneHotFsm(int states, int initial) {
        bits = log2Up(states);
        state = RegInit(U(initial, bits)).named("state");
        next = WireDefault(UInt(bits), state).named("state_next");
        state.connect(next);
        hot = RegInit(U(1L << initial, states)).named("state_hot");
        java.util.List<Bool> decoded = new java.util.ArrayList<>();
        for (int k = 0; k < states; k++) decoded.add(next.eq(U(k, bits)));
        hot.connect(NodeTable.lsbFirst(decoded));
    }

    /** In state {@code k}: one flip-flop. */
    Bool is(int k) {
        return hot.bit(k);
    }

    /** In any of {@code ks}. */
    Bool isAny(int... ks) {
        Bool any = is(ks[0]);
        for (int i = 1; i < ks.length; i++) any = any.or(is(ks[i]));
        return any;
    }

    /** Moves to state {@code k} on this clock edge. */
    void go(int k) {
        next.connect(U(k, bits));
    }

    /** Starts a chain of exclusive per-state bodies, like {@code Switch(state)}. */
    Cases cases() {
        return new Cases();
    }

    final class Cases {
        private WhenContext chain;

        Cases is(int k, Runnable body) {
            chain = chain == null ? when(OneHotFsm.this.is(k), body) : chain.elsewhen(OneHotFsm.this.is(k), body);
            return this;
        }
    }
}
