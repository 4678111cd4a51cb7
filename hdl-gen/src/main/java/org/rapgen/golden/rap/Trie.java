package org.rapgen.golden.rap;

import java.util.ArrayList;
import java.util.List;

/**
 * The multibit trie that stores a RAP tree (paper §3.2.2): every node has an array of b = 2^k
 * child slots indexed by the next k key bits. A missing child is {@code null}. This class only
 * knows the shape; the RAP policy (when to split or merge) lives in {@link RapModel}.
 *
 * <p>Lookups start from the node the previous lookup found (a "finger"), climbing to the first
 * ancestor that contains the key and descending from there, instead of always descending from
 * the root. All nodes containing a key lie on one root-to-leaf path, so the result is the same
 * node; profiled streams are local (the next instruction is usually in the same or a nearby
 * range), so the walk is short. A node removed by a merge is marked detached and never used as
 * a finger.
 */
final class Trie {

    /** A mutable trie node. {@code count} is an unsigned 64-bit value. */
    static final class Node {
        final long prefix;
        final int len;
        /** Null for the root. */
        final Node parent;
        /** The key bits this node's range fixes: a key k is inside iff ((k ^ prefix) & rangeMask) == 0. */
        private final long rangeMask;
        /** Where the k key bits that pick a child start (meaningful while len &lt; K). */
        private final int childShift;

        long count;
        /** Allocated on first split; index = the k key bits right below this node's prefix. */
        Node[] children;

        int childCount;
        /** Set when a merge removes this node. */
        private boolean detached;

        Node(long prefix, int len, Node parent, int keyBits, int k) {
            this.prefix = prefix;
            this.len = len;
            this.parent = parent;
            this.rangeMask = len == 0 ? 0 : -1L << (keyBits - len);
            this.childShift = keyBits - len - k;
        }

        boolean isLeaf() {
            return childCount == 0;
        }

        private boolean contains(long key) {
            return ((key ^ prefix) & rangeMask) == 0;
        }
    }

    private final int keyBits;
    private final int k;
    private final int b;
    private final Node root;
    private int size = 1;
    /** The node the last lookup returned; always attached. */
    private Node finger;

    Trie(int keyBits, int k) {
        this.keyBits = keyBits;
        this.k = k;
        this.b = 1 << k;
        this.root = new Node(0, 0, null, keyBits, k);
        this.finger = root;
    }

    Node root() {
        return root;
    }

    /** Number of nodes, root included. */
    int size() {
        return size;
    }

    /** The smallest existing node whose range contains {@code key} (longest prefix match). */
    Node deepest(long key) {
        Node v = finger.detached ? root : finger;
        while (!v.contains(key)) {
            v = v.parent; // the root contains every key
        }
        int digitMask = b - 1;
        while (v.len < keyBits && v.children != null) {
            Node c = v.children[(int) ((key >>> v.childShift) & digitMask)];
            if (c == null) {
                break;
            }
            v = c;
        }
        finger = v;
        return v;
    }

    /** How many of v's b child slots are empty (v.len &lt; K). */
    int missingChildren(Node v) {
        return b - v.childCount;
    }

    /** Creates v's missing children with count 0; v keeps its count and its existing children. */
    void createMissingChildren(Node v) {
        if (v.children == null) {
            v.children = new Node[b];
        }
        for (int d = 0; d < b; d++) {
            if (v.children[d] == null) {
                v.children[d] = new Node(v.prefix | ((long) d << v.childShift), v.len + k, v, keyBits, k);
                v.childCount++;
                size++;
            }
        }
    }

    /** Removes the child in slot {@code d} of {@code p}; the caller has checked it is a leaf. */
    void removeLeafChild(Node p, int d) {
        p.children[d].detached = true;
        p.children[d] = null;
        p.childCount--;
        size--;
    }

    /**
     * All nodes in pre-order with children visited in digit order. That order is exactly
     * (prefix unsigned, len) ascending: a parent shares its first child's prefix and is shorter,
     * and sibling subtrees cover disjoint, increasing key ranges.
     */
    List<RapNode> snapshot() {
        List<RapNode> out = new ArrayList<>(size);
        collect(root, out);
        return out;
    }

    private static void collect(Node v, List<RapNode> out) {
        out.add(new RapNode(v.prefix, v.len, v.count));
        if (v.children != null) {
            for (Node c : v.children) {
                if (c != null) {
                    collect(c, out);
                }
            }
        }
    }
}
