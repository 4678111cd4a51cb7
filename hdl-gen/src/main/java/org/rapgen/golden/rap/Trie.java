package org.rapgen.golden.rap;

import java.util.ArrayList;
import java.util.List;

/**
 * The multibit trie that stores a RAP tree (paper §3.2.2): every node has an array of b = 2^k
 * child slots indexed by the next k key bits. A missing child is {@code null}. This class only
 * knows the shape; the RAP policy (when to split or merge) lives in {@link RapModel}.
 */
final class Trie {

    /** A mutable trie node. {@code count} is an unsigned 64-bit value. */
    static final class Node {
        final long prefix;
        final int len;
        long count;
        /** Allocated on first split; index = the k key bits right below this node's prefix. */
        Node[] children;
        int childCount;

        Node(long prefix, int len) {
            this.prefix = prefix;
            this.len = len;
        }

        boolean isLeaf() {
            return childCount == 0;
        }
    }

    private final int keyBits;
    private final int k;
    private final int b;
    private final Node root = new Node(0, 0);
    private int size = 1;

    Trie(int keyBits, int k) {
        this.keyBits = keyBits;
        this.k = k;
        this.b = 1 << k;
    }

    Node root() {
        return root;
    }

    /** Number of nodes, root included. */
    int size() {
        return size;
    }

    /** Which child slot of a node of length {@code len} the key falls into. */
    private int digit(long key, int len) {
        return (int) ((key >>> (keyBits - len - k)) & (b - 1));
    }

    /** The smallest existing node whose range contains {@code key} (longest prefix match). */
    Node deepest(long key) {
        Node v = root;
        while (v.len < keyBits && v.children != null) {
            Node c = v.children[digit(key, v.len)];
            if (c == null) {
                break;
            }
            v = c;
        }
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
        int shift = keyBits - v.len - k;
        for (int d = 0; d < b; d++) {
            if (v.children[d] == null) {
                v.children[d] = new Node(v.prefix | ((long) d << shift), v.len + k);
                v.childCount++;
                size++;
            }
        }
    }

    /** Removes the child in slot {@code d} of {@code p}; the caller has checked it is a leaf. */
    void removeLeafChild(Node p, int d) {
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
