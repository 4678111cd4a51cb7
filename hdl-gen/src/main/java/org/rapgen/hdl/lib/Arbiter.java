package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;
import static org.rapgen.hdl.lib.NameKey.N;
import static org.rapgen.hdl.lib.NameKey.W;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.Bundle;
import org.rapgen.hdl.DecoupledIO;
import org.rapgen.hdl.HdlException;
import org.rapgen.hdl.Module;
import org.rapgen.hdl.SourceLoc;
import org.rapgen.hdl.UInt;
import org.rapgen.hdl.Vec;

/**
 * Fixed-priority N:1 arbiter (lowest index wins), built as a balanced tree of 2:1 selectors so the logic depth is
 * log2(N) rather than N. Only the granted input sees {@code ready}: {@code in[i].ready = out.ready && in[i].valid &&
 * chosen == i}. The grant is computed top-down through the same tree (a subtree is granted when its parent is and no
 * valid input to its left exists), so ready also has log depth and never waits for the index.
 */
public final class Arbiter extends Module {
    public static final class IO extends Bundle {
        public final Vec<DecoupledIO<UInt>> in;
        public final DecoupledIO<UInt> out;
        /** Index of the granted input; meaningful while out.valid. */
        public final UInt chosen;

        IO(int n, int width) {
            in = Flipped(Vec(n, Decoupled(UInt(width))));
            out = Decoupled(UInt(width));
            chosen = UInt(log2Up(n));
        }
    }

    public final IO io;

    /** The port bundle, shared with designs that must be drop-in compatible. */
    public static IO ioType(int n, int width) {
        return new IO(n, width);
    }

    /** A subtree's winner: whether any input is valid, its index within the subtree, its payload, and its halves. */
    private record Node(Bool valid, UInt index, UInt bits, Node left, Node right, int leaf) {}

    public Arbiter(int n, int width) {
        this(n, width, Mutant.NONE);
    }

    Arbiter(int n, int width, Mutant mutant) {
        super(N, n, W, width);
        if (n < 2)
            throw new HdlException(SourceLoc.callerOf(Arbiter.class), "Arbiter needs at least 2 inputs, got " + n);
        if (width < 1)
            throw new HdlException(SourceLoc.callerOf(Arbiter.class), "Arbiter width must be >= 1, got " + width);
        io = IO(ioType(n, width));
        int levels = log2Up(n);

        List<Node> layer = new ArrayList<>();
        for (int i = 0; i < (1 << levels); i++) {
            layer.add(i < n ? new Node(io.in.get(i).valid, null, io.in.get(i).bits, null, null, i) : null);
        }
        while (layer.size() > 1) {
            List<Node> next = new ArrayList<>();
            for (int i = 0; i < layer.size(); i += 2) next.add(merge(layer.get(i), layer.get(i + 1)));
            layer = next;
        }
        Node root = layer.get(0);
        io.out.valid.connect(root.valid);
        io.out.bits.connect(root.bits);
        io.chosen.connect(root.index);
        grant(root, io.out.ready, mutant);
        ArbiterProperties.check(io);
    }

    /** Pushes the grant down: the left half is granted if it has a valid input, the right half only if not. */
    private void grant(Node node, Bool granted, Mutant mutant) {
        if (node == null) return;
        if (node.left == null && node.right == null) {
            io.in.get(node.leaf).ready.connect(granted.and(node.valid));
            return;
        }
        if (node.right == null) {
            grant(node.left, granted, mutant);
            return;
        }
        grant(node.left, granted, mutant);
        grant(
                node.right,
                mutant == Mutant.ARBITER_GRANT_UNMASKED ? granted : granted.and(node.left.valid.not()),
                mutant);
    }

    /** Left (lower indices) wins; the index gains one bit per level: 0 for left, 1 for right. */
    private static Node merge(Node l, Node r) {
        if (r == null)
            return l == null
                    ? null
                    : new Node(l.valid, l.index == null ? U(0) : Cat(B(false), l.index), l.bits, l, null, -1);
        Bool takeRight = l.valid.not();
        UInt index = l.index == null ? takeRight : Cat(takeRight, Mux(l.valid, l.index, r.index));
        return new Node(l.valid.or(r.valid), index, Mux(l.valid, l.bits, r.bits), l, r, -1);
    }
}
