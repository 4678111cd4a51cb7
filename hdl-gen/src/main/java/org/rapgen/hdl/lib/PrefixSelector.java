package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.L;
import static org.rapgen.hdl.lib.NameKey.LS;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.P;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * Longest-match selector (SPEC §5 stage 2): among the slots whose {@code match} bit is set, the greatest
 * {@code lens[i]} wins, ties to the lowest slot, so the result never depends on which slot an entry occupies. No match
 * gives {@code found = 0, slot = 0, len = 0}.
 *
 * <p>A balanced tree of 2:1 comparators, log2(entries) levels deep. A node passes on the right subtree's winner (higher
 * slots) only when it matched and the left one did not or is strictly shorter, so ties stay with the lower slot. The
 * length compare does not wait for the match bits (they arrive last, from the TCAM's register): it starts at once
 * and the match bits only steer the choice. A register stage follows every {@code levelsPerStage} levels and the last
 * level: {@link #latency} cycles from acceptance to {@code out}, one input per clock.
 *
 * <p>Global stall: every stage register moves together when the output can take a word,
 * {@code advance = !out.valid || out.ready}, and {@code in.ready = advance}. A stalled pipeline keeps its bubbles, so
 * the latency is fixed while {@code out.ready} stays high.
 */
public final class PrefixSelector extends Module {
    public static final class In extends Bundle {
        /** Bit i: slot i matched. */
        public final UInt match;

        public final Vec<UInt> lens;
        public final UInt payload;

        public In(int entries, int lenBits, int payloadBits) {
            match = UInt(entries);
            lens = Vec(entries, UInt(lenBits));
            payload = UInt(payloadBits);
        }
    }

    public static final class Out extends Bundle {
        public final Bool found = Bool();
        public final UInt slot;
        public final UInt len;
        public final UInt payload;

        public Out(int entries, int lenBits, int payloadBits) {
            slot = UInt(log2Up(entries));
            len = UInt(lenBits);
            payload = UInt(payloadBits);
        }
    }

    public static final class IO extends Bundle {
        public final DecoupledIO<In> in;
        public final DecoupledIO<Out> out;

        IO(int entries, int lenBits, int payloadBits) {
            in = Flipped(Decoupled(new In(entries, lenBits, payloadBits)));
            out = Decoupled(new Out(entries, lenBits, payloadBits));
        }
    }

    public final IO io;

    /** The port bundle, shared with designs that must be drop-in compatible. */
    public static IO ioType(int entries, int lenBits, int payloadBits) {
        return new IO(entries, lenBits, payloadBits);
    }

    /** Cycles from acceptance on {@code in} to the result on {@code out}: ceil(log2Up(entries) / levelsPerStage). */
    public static int latency(int entries, int levelsPerStage) {
        return (log2Up(entries) + levelsPerStage - 1) / levelsPerStage;
    }

    /** A subtree's winner: whether any slot matched, the winner's len, and its slot within the subtree. */
    private record Node(Bool valid, UInt len, UInt index) {}

    public PrefixSelector(int entries, int lenBits, int payloadBits, int levelsPerStage) {
        this(entries, lenBits, payloadBits, levelsPerStage, Mutant.NONE);
    }

    PrefixSelector(int entries, int lenBits, int payloadBits, int levelsPerStage, Mutant mutant) {
        super(N, entries, L, lenBits, P, payloadBits, LS, levelsPerStage);
        ParamCheck.range(PrefixSelector.class, "entries", entries, 2, 4096);
        ParamCheck.range(PrefixSelector.class, "lenBits", lenBits, 1, 32);
        ParamCheck.range(PrefixSelector.class, "payloadBits", payloadBits, 1, 4096);
        ParamCheck.atLeast(PrefixSelector.class, "levelsPerStage", levelsPerStage, 1);
        io = IO(ioType(entries, lenBits, payloadBits));
        int levels = log2Up(entries);

        List<Node> layer = new ArrayList<>();
        for (int i = 0; i < (1 << levels); i++) {
            if (i >= entries) {
                layer.add(null);
                continue;
            }
            layer.add(new Node(io.in.bits.match.bit(i), io.in.bits.lens.get(i), null));
        }

        Bool advance = Wire(Bool()).named("advance");
        Bool valid = io.in.valid;
        UInt payload = io.in.bits.payload;
        int stage = 0;
        for (int level = 1; level <= levels; level++) {
            List<Node> next = new ArrayList<>();
            for (int i = 0; i < layer.size(); i += 2) next.add(merge(layer.get(i), layer.get(i + 1), mutant));
            layer = next;
            if (level % levelsPerStage != 0 && level != levels) continue;
            stage++;
            String s = "s" + stage + "_";
            List<Node> held = new ArrayList<>();
            for (int i = 0; i < layer.size(); i++) held.add(hold(layer.get(i), advance, s, "_" + i));
            layer = held;
            payload = hold(UInt(payloadBits), payload, advance, s + "payload");
            Bool v = RegInit(B(false)).named(s + "valid");
            Bool prev = valid;
            when(advance, () -> v.connect(prev));
            valid = v;
        }

        Node root = layer.get(0);
        advance.connect(valid.not().or(io.out.ready));
        io.in.ready.connect(advance);
        io.out.valid.connect(valid);
        io.out.bits.found.connect(root.valid);
        // Without a match the tree holds slot 0's len; zero it here, after the register, off the tree's paths.
        io.out.bits.len.connect(Mux(root.valid, root.len, U(0, lenBits)));
        io.out.bits.slot.connect(root.index);
        io.out.bits.payload.connect(payload);
        PrefixSelectorProperties.check(io, entries, latency(entries, levelsPerStage));
    }

    /** A node's winner in stage registers named {@code <stage>found<suffix>}, ... */
    private static Node hold(Node n, Bool enable, String stage, String suffix) {
        if (n == null) return null;
        return new Node(
                hold(Bool(), n.valid, enable, stage + "found" + suffix),
                hold(UInt(n.len.getWidth()), n.len, enable, stage + "len" + suffix),
                hold(UInt(n.index.getWidth()), n.index, enable, stage + "slot" + suffix));
    }

    /** A datapath register of {@code type} loaded while {@code enable} (no reset: the stage's valid bit qualifies it). */
    private static <T extends UInt> T hold(T type, UInt x, Bool enable, String name) {
        T r = Reg(type).named(name);
        when(enable, () -> r.connect(x));
        return r;
    }

    /**
     * The right half (higher slots) wins only if it matched and the left did not or is strictly shorter, so ties stay
     * with the lower slot and, with no match at all, slot 0 wins. The slot gains one bit per level: 0 for left, 1
     * for right. A missing right half (past the last slot) never wins.
     */
    private static Node merge(Node l, Node r, Mutant mutant) {
        if (l == null) return null;
        if (r == null) return new Node(l.valid, l.len, l.index == null ? U(0, 1) : Cat(B(false), l.index));
        Bool takeRight = mutant == Mutant.SELECTOR_FIRST_MATCH
                ? r.valid.and(l.valid.not())
                : r.valid.and(l.valid.not().or(r.len.gt(l.len)));
        UInt index = l.index == null ? takeRight : Cat(takeRight, Mux(takeRight, r.index, l.index));
        return new Node(l.valid.or(r.valid), Mux(takeRight, r.len, l.len), index);
    }
}
