package org.rapgen.golden.rap;

/**
 * A hot range reported from a RAP tree.
 *
 * @param prefix   the node's prefix
 * @param len      the node's length in bits
 * @param estimate H(v): count(v) plus the H of its non-hot children (SPEC §4, paper §5.1)
 */
public record HotRange(long prefix, int len, long estimate) {

    public RapNode node() {
        return new RapNode(prefix, len, estimate);
    }
}
