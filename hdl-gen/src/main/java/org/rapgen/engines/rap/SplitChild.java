package org.rapgen.engines.rap;

import static org.rapgen.hdl.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import org.rapgen.hdl.Bool;
import org.rapgen.hdl.UInt;

/**
 * The depth and prefix of a child a split of the trie creates ({@link TrieController}): one level below the split node,
 * its prefix the node's with the child's index in the next digit field. Both come from flip-flops set a clock ahead
 * of the split (every commit loads {@code op_depth}, so its next value is known then): the prefix is one LUT per bit
 * after them, with no adder or shifter between {@code op_depth} and the tables' write data. Built in the caller's
 * module.
 */
final class SplitChild {
    /** The child's depth: the split node's plus one. */
    final UInt depth;

    /** The child's prefix, for the child of index {@code index}. */
    final UInt prefix;

    /**
     * @param opDepth     the split node's depth, a register
     * @param splitPrefix the split node's prefix
     * @param index       which child: its digit
     */
    SplitChild(RapConfig c, UInt opDepth, UInt splitPrefix, UInt index) {
        int k = c.bitsPerLevel();
        int levels = c.levels();
        UInt opDepthAhead = AheadValue(opDepth).named("op_depth_ahead");
        depth = RegNext(opDepthAhead.add(U(1, c.depthBits()))).named("child_depth");
        // Digit field d (from the most significant) holds the index of a child of a node of depth d.
        List<Bool> fields = new ArrayList<>();
        for (int d = 0; d < levels; d++)
            fields.add(RegNext(opDepthAhead.eq(U(d, c.depthBits()))).named("child_field_" + d));
        List<UInt> digits = new ArrayList<>();
        for (int d = 0; d < levels; d++) {
            int hi = c.keyBits() - 1 - d * k;
            digits.add(
                    splitPrefix.bits(hi, hi - k + 1).or(Fill(k, fields.get(d)).and(index)));
        }
        prefix = Cat(digits).named("child_prefix");
    }
}
