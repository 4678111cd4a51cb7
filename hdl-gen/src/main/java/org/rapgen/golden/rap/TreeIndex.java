package org.rapgen.golden.rap;

import java.util.List;

/**
 * Parent links and subtree sums of a snapshot, rebuilt from its sorted node list alone, so the
 * analyses work equally on a model's snapshot, a parsed dump or an RTL readout.
 *
 * <p>Because the list is in (prefix, len) order, which is a pre-order, every node's ancestors
 * come before it and its descendants follow it contiguously: a stack of open ranges finds each
 * parent, and walking the indices backwards visits children before parents.
 */
final class TreeIndex {
    final List<RapNode> nodes;
    /** Index of the nearest containing node, -1 for the root. */
    final int[] parent;
    /** subtree(v): count(v) plus the counts of all its descendants. */
    final long[] subtree;

    TreeIndex(List<RapNode> nodes, int keyBits) {
        this.nodes = nodes;
        int size = nodes.size();
        parent = new int[size];
        subtree = new long[size];
        int[] stack = new int[keyBits + 2];
        int depth = 0;
        for (int i = 0; i < size; i++) {
            RapNode v = nodes.get(i);
            if (i > 0 && RapNode.ORDER.compare(nodes.get(i - 1), v) >= 0) {
                throw new IllegalArgumentException("nodes are not sorted by (prefix, len) at index " + i);
            }
            while (depth > 0 && !nodes.get(stack[depth - 1]).contains(v.prefix(), keyBits)) {
                depth--;
            }
            parent[i] = depth == 0 ? -1 : stack[depth - 1];
            if (depth == 0 && i > 0) {
                throw new IllegalArgumentException("node " + i + " lies outside the first node (the root)");
            }
            stack[depth++] = i;
        }
        for (int i = size - 1; i >= 0; i--) {
            subtree[i] += nodes.get(i).count();
            if (parent[i] >= 0) {
                subtree[parent[i]] += subtree[i];
            }
        }
    }
}
