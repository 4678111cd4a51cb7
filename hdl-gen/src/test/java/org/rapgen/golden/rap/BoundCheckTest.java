package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checkers must be able to fail: tampered trees are caught by both. */
class BoundCheckTest {

    @Test
    void detectsOverAndUnderCounting() {
        RapParams p = RapParams.of(32, 2, 655).withMerge(64, 2);
        UnboundedRap rap = new UnboundedRap(p);
        TestStream s = TestStream.generate(TestStream.Kind.ZIPF, 1, 20000, 32, 1);
        s.feed(rap);
        ExactProfile.Builder b = ExactProfile.builder();
        BruteForce brute = new BruteForce();
        s.feed(b);
        for (int i = 0; i < s.size(); i++) {
            brute.add(s.keys()[i], s.weights()[i]);
        }
        ExactProfile exact = b.build();
        RapTree good = rap.tree();
        assertEquals(List.of(), BoundCheck.violations(good, exact, 1));

        // Move the count of the heaviest non-root node to a disjoint range: that range now
        // counts events that are not in it, and the heavy node has lost far more than eps*n.
        List<RapNode> nodes = new ArrayList<>(good.nodes());
        int heavy = 1;
        for (int i = 1; i < nodes.size(); i++) {
            if (nodes.get(i).count() > nodes.get(heavy).count()) {
                heavy = i;
            }
        }
        RapNode h = nodes.get(heavy);
        int sibling = -1;
        for (int i = 0; i < nodes.size(); i++) {
            RapNode u = nodes.get(i);
            if (!u.contains(h.prefix(), 32) && !h.contains(u.prefix(), 32)) {
                sibling = i;
            }
        }
        assertTrue(h.count() > 10 * p.errorBound(good.n()), "the stream must have a heavy node");
        RapNode sib = nodes.get(sibling);
        nodes.set(sibling, new RapNode(sib.prefix(), sib.len(), sib.count() + h.count()));
        nodes.set(heavy, new RapNode(h.prefix(), h.len(), 0));
        RapTree moved = new RapTree(32, 2, 655, good.n(), false, nodes);
        assertFalse(BoundCheck.violations(moved, exact, 1).isEmpty());
        assertFalse(brute.violations(moved, 1).isEmpty());

        // Put all weight on the root: true - subtree exceeds eps*n + L*w_max for hot nodes.
        List<RapNode> flat = new ArrayList<>();
        for (RapNode v : good.nodes()) {
            flat.add(new RapNode(v.prefix(), v.len(), v.len() == 0 ? good.n() : 0));
        }
        RapTree lazy = new RapTree(32, 2, 655, good.n(), false, flat);
        assertFalse(BoundCheck.violations(lazy, exact, 1).isEmpty());
        assertFalse(brute.violations(lazy, 1).isEmpty());
    }
}
