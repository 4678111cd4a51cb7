package org.rapgen.golden.rap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TreeDumpTest {

    @Test
    void exactFormat() {
        RapTree tree = new RapTree(
                32,
                2,
                655,
                123456,
                false,
                List.of(
                        new RapNode(0, 0, 100),
                        new RapNode(0, 2, 0),
                        new RapNode(0x12340000L, 16, 123350),
                        new RapNode(0xc0000000L, 2, 6)));
        String expected = """
                # rap-tree v1 key_bits=32 branching=4 eps=0.0099945068359375 events=123456 nodes=4 overflow=0
                00000000 0 100
                00000000 2 0
                12340000 16 123350
                c0000000 2 6
                """;
        assertEquals(expected, TreeDump.toString(tree));
    }

    @Test
    void sixtyFourBitKeysAndUnsignedCountsAndOverflow() {
        RapTree tree = new RapTree(
                64, 4, 32768, -1L, true, List.of(new RapNode(0, 0, -2L), new RapNode(0xf000000000000000L, 4, 1)));
        String text = TreeDump.toString(tree);
        assertEquals("""
                # rap-tree v1 key_bits=64 branching=16 eps=0.5 events=18446744073709551615 nodes=2 overflow=1
                0000000000000000 0 18446744073709551614
                f000000000000000 4 1
                """, text);
        assertEquals(tree, TreeDump.parse(text));
    }

    @Test
    void epsIsPrintedExactlyAndReadBackAsTheSameFixedPoint() {
        for (int fx : new int[] {1, 655, 6553, 32768, 65535}) {
            String eps = TreeDump.formatEps(fx);
            assertEquals(fx, RapParams.epsToFx(Double.parseDouble(eps)), eps);
        }
        assertEquals("0.0000152587890625", TreeDump.formatEps(1));
        RapTree typed = TreeDump.parse(
                "# rap-tree v1 key_bits=32 branching=16 eps=0.01 events=0 nodes=1 overflow=0\n00000000 0 0\n");
        assertEquals(655, typed.epsFx(), "a user-typed eps reads as floor(eps*65536)");
    }

    @Test
    void roundTripOfModelTrees() {
        for (int keyBits : new int[] {32, 64}) {
            for (int k : new int[] {1, 2, 4}) {
                HardwareRap rap = new HardwareRap(RapParams.of(keyBits, k, 2000).withMerge(32, 2), 200, 12);
                TestStream.generate(TestStream.Kind.ZIPF, k, 4000, keyBits, 5).feed(rap);
                RapTree tree = rap.tree();
                String text = TreeDump.toString(tree);
                assertEquals(tree, TreeDump.parse(text));
                assertEquals(text, TreeDump.toString(TreeDump.parse(text)));
                assertEquals(tree.nodes().size() + 1, text.split("\n").length);
            }
        }
    }

    @Test
    void malformedDumpsNameTheLine() {
        String h = "# rap-tree v1 key_bits=32 branching=4 eps=0.01 events=3 nodes=2 overflow=0\n";
        assertError("line 1:", "# rap-tree v2 key_bits=32\n");
        assertError(
                "line 1: expected field 'branching='",
                "# rap-tree v1 key_bits=32 eps=0.01 branching=4 events=3 nodes=2 overflow=0\n");
        assertError("line 1: branching must be 2, 4 or 16", h.replace("branching=4", "branching=8"));
        assertError("line 2: prefix must be 8 lowercase hex digits", h + "0000 0 1\n00000000 2 2\n");
        assertError("line 3: nodes must be sorted", h + "40000000 2 1\n00000000 0 2\n");
        assertError("line 3: len must be a multiple of 2", h + "00000000 0 1\n00000000 3 2\n");
        assertError("line 3: prefix 10000001 has bits set below len 4", h + "00000000 0 1\n10000001 4 2\n");
        assertError("line 3: expected 2 node lines, found 1", h + "00000000 0 1\n");
        assertError("line 4: more node lines", h + "00000000 0 1\n00000000 2 2\n00000000 4 2\n");
        assertError("line 2: count does not fit in 64 bits", h + "00000000 0 18446744073709551616\n00000000 2 2\n");
    }

    private static void assertError(String expected, String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TreeDump.parse(text));
        assertTrue(e.getMessage().startsWith(expected), () -> "message was: " + e.getMessage());
    }
}
