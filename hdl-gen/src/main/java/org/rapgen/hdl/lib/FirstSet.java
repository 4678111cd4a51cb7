package org.rapgen.hdl.lib;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The lowest set bit of a vector, as a balanced tree of 2:1 steps (log depth, like {@code Arbiter}): {@code found}
 * and its {@code index} (0 when nothing is set); and, with the same tree shape, whether two or more bits are set.
 * Combinational; built in the caller's module.
 */
public final class FirstSet {
    public final Bool found;
    public final UInt index;

    private record Node(Bool any, UInt index) {}

    public FirstSet(UInt vector, int indexBits) {
        int n = vector.getWidth();
        List<Node> layer = new ArrayList<>();
        for (int i = 0; i < n; i++) layer.add(new Node(vector.bit(i), null));
        while (layer.size() > 1) {
            List<Node> next = new ArrayList<>();
            for (int i = 0; i < layer.size(); i += 2) {
                Node l = layer.get(i);
                if (i + 1 == layer.size()) {
                    next.add(l.index == null ? new Node(l.any, U(0, 1)) : new Node(l.any, Cat(B(false), l.index)));
                    continue;
                }
                Node r = layer.get(i + 1);
                Bool takeRight = l.any.not();
                UInt idx = l.index == null ? takeRight : Cat(takeRight, Mux(takeRight, r.index, l.index));
                next.add(new Node(l.any.or(r.any), idx));
            }
            layer = next;
        }
        Node root = layer.get(0);
        found = root.any;
        UInt idx = root.index == null ? U(0, 1) : root.index;
        index = idx.getWidth() >= indexBits ? idx.bits(indexBits - 1, 0) : idx.pad(indexBits);
    }

    /**
     * Two or more bits of {@code v} set: a balanced tree of (any, many) pairs, as deep as the lowest-bit tree, where
     * {@code v & (v - 1) != 0} would put a carry chain in front of the OR.
     */
    public static Bool twoOrMore(UInt v) {
        if (v.getWidth() < 2) return B(false);
        // {any, many}; a single bit has no "many" (null) until it meets another.
        List<Bool[]> layer = new ArrayList<>();
        for (int i = 0; i < v.getWidth(); i++) layer.add(new Bool[] {v.bit(i), null});
        while (layer.size() > 1) {
            List<Bool[]> next = new ArrayList<>();
            for (int i = 0; i + 1 < layer.size(); i += 2) {
                Bool[] l = layer.get(i);
                Bool[] r = layer.get(i + 1);
                Bool many = l[0].and(r[0]);
                if (l[1] != null) many = many.or(l[1]);
                if (r[1] != null) many = many.or(r[1]);
                next.add(new Bool[] {l[0].or(r[0]), many});
            }
            if (layer.size() % 2 == 1) next.add(layer.get(layer.size() - 1));
            layer = next;
        }
        return layer.get(0)[1];
    }
}
